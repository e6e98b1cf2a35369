/** The error every failed API call throws (spec §7); no dependencies, so anyone may import it. */

export const NETWORK_ERROR_CODE = -1;
/** Code of "access token expired" (decision 004); a refresh token may renew it once. */
export const TOKEN_EXPIRED_CODE = -10005;
export const LOGIN_REQUIRED_CODE = 403;

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  /** The envelope's message as the server sent it ('' when there was none). */
  readonly serverMessage: string;

  constructor(code: number, message: string, status: number) {
    super(message || `请求失败（错误码 ${code}）`);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.serverMessage = message;
  }

  get isNetwork(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }

  get isAuth(): boolean {
    return isAuthFailure(this.status, this.code);
  }
}

export function isAuthFailure(status: number, code: number): boolean {
  return status === 403 || code === LOGIN_REQUIRED_CODE || code === TOKEN_EXPIRED_CODE;
}
