/**
 * Typed errors. Services throw `AppError(code)`; the error handler turns any error into the
 * envelope using the shared catalogue and never leaks a 5xx message or stack (STYLE §12).
 */
import { ErrorCodes, errorMessage, lookupError, type ErrorCode } from '@jinfa/shared';

export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(code: ErrorCode, message?: string, data: unknown = null) {
    super(message ?? errorMessage(code));
    this.name = 'AppError';
    this.code = code;
    this.status = lookupError(code)?.status ?? 200;
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
