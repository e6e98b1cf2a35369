import type { ApiEnvelope, TokenPair } from '@jinfa/shared/schemas';
import { env } from '../config/env.ts';
import { clearTokens, getRefreshToken, saveTokens } from './auth-store.ts';
import { ApiError, LOGIN_REQUIRED_CODE, NETWORK_ERROR_CODE, TOKEN_EXPIRED_CODE } from './api-error.ts';
import { toQueryString, type QueryInput } from './query.ts';
import type * as ToastModule from './toast.ts';
import { onFirstIntent } from './intent.ts';
import { currentAppLocation, getAccessToken, getAppToken, isAnonymousAllowed, startLogin } from './session.ts';

/**
 * The one HTTP client (spec §7). Every call sends `Access-Token` and a JSON content type and
 * answers the envelope's `data` on HTTP 2xx with code 0; anything else throws `ApiError`.
 * Errors are reported once, here: a popup for non-silent codes (§8), an offline toast for
 * network failures, and the login flow for 403s (§4).
 */

export { ApiError, isAuthFailure, LOGIN_REQUIRED_CODE, NETWORK_ERROR_CODE, TOKEN_EXPIRED_CODE } from './api-error.ts';
const REQUEST_TIMEOUT_MS = 20_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryInput;
  body?: unknown;
  signal?: AbortSignal;
  /** The caller shows the error itself: no popup, no offline toast. */
  silent?: boolean;
  /** A 403 does not start the login flow (background calls, the login page itself). */
  noLoginRedirect?: boolean;
  /** Send no Access-Token (refresh, public look-ups). */
  anonymous?: boolean;
}


function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

/** The code we use when a non-2xx answer carries no envelope (a proxy page, an HTML 502…). */
function codeForStatus(status: number): number {
  if (status === 401 || status === 403) return LOGIN_REQUIRED_CODE;
  if (status === 404) return -10004;
  if (status === 413) return -10002;
  if (status === 429) return -10003;
  return -50000;
}

interface RawResponse {
  status: number;
  envelope: ApiEnvelope<unknown> | null;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: string }).name === 'AbortError';
}

let toastModule: Promise<typeof ToastModule> | null = null;
const loadToast = () => {
  toastModule ??= import('./toast.ts').catch((error: unknown) => {
    toastModule = null;
    throw error;
  });
  return toastModule;
};

/**
 * The toasts load lazily, out of the home page's first load (docs/decisions/007-light-router.md).
 * The offline toast must show when the network is gone, so once the server has answered (the
 * network works) the module loads at the learner's first touch, ready for what the touch starts
 * (not when idle: a visit that only looks at home downloads none of it, decision 023).
 */
let toastWarming = false;
function warmToast(): void {
  if (toastModule || toastWarming) return;
  toastWarming = true;
  onFirstIntent(() => void loadToast().catch(() => {}));
}

async function send(path: string, options: RequestOptions): Promise<RawResponse> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = options.anonymous ? null : getAccessToken();
  if (token) headers['Access-Token'] = token;

  // Bodiless writes still send "{}": a JSON content type with an empty body is a 400 on most servers.
  let body: string | undefined;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  else if (method !== 'GET') body = '{}';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  let res: Response;
  try {
    res = await fetch(`${env.apiBase}${path}${toQueryString(options.query)}`, {
      method,
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted && isAbort(error)) throw error;
    throw new ApiError(NETWORK_ERROR_CODE, '网络不可用，请检查网络设置', 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  warmToast();
  let envelope: ApiEnvelope<unknown> | null = null;
  try {
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    envelope = isEnvelope(parsed) ? parsed : null;
  } catch {
    envelope = null;
  }
  return { status: res.status, envelope };
}

let refreshing: Promise<boolean> | null = null;

/**
 * Renew the access token with the stored refresh token (`GET /v1/wechat/token?refreshToken=`),
 * once for any number of concurrent callers. Resolves whether it worked.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    try {
      const { status, envelope } = await send('/v1/wechat/token', { query: { refreshToken }, anonymous: true });
      const pair = envelope?.data as TokenPair | undefined;
      if (status >= 200 && status < 300 && envelope?.code === 0 && pair?.accessToken) {
        saveTokens(pair);
        return true;
      }
      return false;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function attempt<T>(path: string, options: RequestOptions, mayRefresh: boolean): Promise<T> {
  const { status, envelope } = await send(path, options);
  const ok = status >= 200 && status < 300;
  if (ok && envelope && envelope.code === 0) return envelope.data as T;

  const code = envelope && envelope.code !== 0 ? envelope.code : codeForStatus(ok ? 500 : status);
  const message = envelope?.message ?? '';
  if (code === TOKEN_EXPIRED_CODE && mayRefresh && !options.anonymous && !getAppToken() && getRefreshToken()) {
    if (await refreshSession()) return attempt<T>(path, options, false);
  }
  throw new ApiError(code, message, status);
}

/** Session over: forget the token and send the learner to log in — unless anonymous access is allowed. */
function handleAuthFailure(): void {
  if (isAnonymousAllowed()) return;
  clearTokens();
  startLogin(currentAppLocation());
}

async function report(error: ApiError, options: RequestOptions): Promise<void> {
  if (error.isAuth) {
    if (!options.noLoginRedirect) handleAuthFailure();
    return;
  }
  if (options.silent) return;
  // Warmed by the first answer (warmToast); before any answer there is nothing to load it from.
  if (error.isNetwork) await loadToast().then((m) => m.toast.offline(), () => undefined);
  // The popup and the error catalogue load on the first server error, so the home page's first
  // load does not carry them (docs/decisions/007-light-router.md). The server just answered,
  // so the chunk can load; if it cannot, the caller still gets the error.
  else await import('./error-popup.ts').then((m) => m.showErrorPopup(error.code, error.serverMessage), () => false);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await attempt<T>(path, options, true);
  } catch (error) {
    if (error instanceof ApiError) await report(error, options);
    throw error;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

export interface Page<T> {
  rows: T[];
  total: number;
}

type ListOptions = Omit<RequestOptions, 'method' | 'body'>;

/**
 * List calls answer empty results when the code is not 0 (spec §7), so a list page shows its
 * empty state rather than breaking. The popup rule still applies; network failures still
 * throw, so the page can offer a retry.
 */
export function listRequest<T>(path: string, options?: ListOptions & { paged?: false }): Promise<T[]>;
export function listRequest<T>(path: string, options: ListOptions & { paged: true }): Promise<Page<T>>;
export async function listRequest<T>(
  path: string,
  options: ListOptions & { paged?: boolean } = {},
): Promise<T[] | Page<T>> {
  const { paged, ...rest } = options;
  try {
    const data = await apiRequest<unknown>(path, rest);
    if (paged) {
      const page = data as Partial<Page<T>> | null;
      return { rows: Array.isArray(page?.rows) ? page.rows : [], total: Number(page?.total) || 0 };
    }
    return Array.isArray(data) ? (data as T[]) : [];
  } catch (error) {
    if (error instanceof ApiError && !error.isNetwork) return paged ? { rows: [], total: 0 } : [];
    throw error;
  }
}
