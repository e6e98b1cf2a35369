/**
 * The console's API client: `fetch` on the same origin with the session cookie, JSON both ways,
 * the `{code, message, data}` envelope unwrapped to `data` or thrown as an ApiError. Writes carry
 * the session's CSRF token (docs/console.md). An expired session sends the operator to sign-in.
 */
import { ErrorCodes, GENERIC_ERROR_MESSAGE, errorMessage } from '@jinfa/shared/errors';
import { ConsoleErrorCodes } from '@jinfa/shared/console-errors';
import { BASE, navigate, stripBase } from './router';

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(code: number, message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

interface Envelope {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

let csrfToken: string | null = null;

/** Set by the session context after sign-in and after `GET /v1/admin/session`. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

/** Called when the server says the session is gone; the session context clears its state. */
let onSignedOut: (() => void) | null = null;
export function setSignedOutHandler(handler: (() => void) | null): void {
  onSignedOut = handler;
}

/** A URL with its query string; empty and missing values are left out. */
export function apiUrl(path: string, query?: Query): string {
  if (!query) return path;
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const qs = sp.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Do not send the operator to the sign-in page on ADMIN_LOGIN_REQUIRED (the session probe). */
  noLoginRedirect?: boolean;
  signal?: AbortSignal;
}

function redirectToLogin(): void {
  onSignedOut?.();
  const here = stripBase(window.location.pathname);
  if (here === '/login') return;
  const next = here === '/' ? '' : `?next=${encodeURIComponent(here + window.location.search)}`;
  navigate(`/login${next}`, { replace: true });
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'same-origin', headers, signal: options.signal };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) headers['X-CSRF-Token'] = csrfToken;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), init);
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(-1, '网络连接失败，请检查网络后重试', 0);
  }

  let envelope: Envelope | null = null;
  try {
    envelope = (await response.json()) as Envelope | null;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.code !== 'number') {
    throw new ApiError(ErrorCodes.SERVER_ERROR, GENERIC_ERROR_MESSAGE, response.status);
  }
  if (envelope.code !== 0) {
    const code = envelope.code;
    const message = typeof envelope.message === 'string' && envelope.message ? envelope.message : errorMessage(code);
    if (code === ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED && !options.noLoginRedirect) redirectToLogin();
    throw new ApiError(code, message, response.status);
  }
  return envelope.data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'query' | 'body'>) =>
    request<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};

/** The sign-in page's address (for links outside the router, e.g. after sign-out). */
export const LOGIN_HREF = `${BASE}/login`;
