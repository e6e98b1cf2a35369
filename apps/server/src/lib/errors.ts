/**
 * Typed errors. Services throw `AppError(code)`; the error handler turns any error into the
 * envelope using the shared catalogue and never leaks a 5xx message or stack (STYLE §12).
 */
import { ErrorCodes, GENERIC_ERROR_MESSAGE, SUPPORT_PHONE, lookupConsoleError, lookupError, type ConsoleErrorCode, type ErrorCode, type ErrorEntry } from '@jinfa/shared';

/** A code of either catalogue: the learner's (errors.ts) or the operator console's (console-errors.ts). */
export type AnyErrorCode = ErrorCode | ConsoleErrorCode;

/** The entry of a code in either catalogue. */
export function findError(code: number): ErrorEntry | undefined {
  return lookupError(code) ?? lookupConsoleError(code);
}

/** The message of a code of either catalogue, with the support phone filled in. */
export function messageOf(code: number): string {
  return (findError(code)?.message ?? GENERIC_ERROR_MESSAGE).replace('{phone}', SUPPORT_PHONE);
}

export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(code: AnyErrorCode, message?: string, data: unknown = null) {
    super(message ?? messageOf(code));
    this.name = 'AppError';
    this.code = code;
    this.status = findError(code)?.status ?? 200;
    this.data = data;
  }
}

export class LoginRequiredError extends AppError {
  constructor() {
    super(ErrorCodes.LOGIN_REQUIRED);
    this.name = 'LoginRequiredError';
  }
}

export class NotFoundError extends AppError {
  constructor(message?: string) {
    super(ErrorCodes.NOT_FOUND, message);
    this.name = 'NotFoundError';
  }
}

export class ValidationError extends AppError {
  constructor(message?: string) {
    super(ErrorCodes.VALIDATION, message);
    this.name = 'ValidationError';
  }
}
