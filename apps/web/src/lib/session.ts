import { OWN_SOURCE_SITE } from '@jinfa/shared/enums';
import { paths } from '../config/paths.ts';
import { getStoredToken } from './auth-store.ts';

/**
 * The logged-in state (spec §4): a stored access token, or an `apptoken` query parameter.
 * Also the bridge to the router, so plumbing outside React (the API client) can send the
 * learner to the login page.
 */

export interface RouterBridge {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** The current in-app location: pathname + search. */
  location: () => string;
}

let bridge: RouterBridge | null = null;

export function connectRouter(next: RouterBridge | null): void {
  bridge = next;
}

/** The in-app location, from the router when connected, else from the address bar. */
export function currentAppLocation(): string {
  if (bridge) return bridge.location();
  const { hash, pathname, search } = window.location;
  if (hash.startsWith('#/')) return hash.slice(1);
  return `${pathname}${search}`;
}

export function navigateInApp(to: string, options?: { replace?: boolean }): void {
  if (bridge) {
    bridge.navigate(to, options);
    return;
  }
  const useHash = window.location.protocol === 'http:';
  const href = useHash ? `/#${to}` : to;
  if (options?.replace) window.location.replace(href);
  else window.location.assign(href);
}

/**
 * Query parameters of the current address. In hash mode the app's own query lives inside the
 * hash (`/#/cor/history?apptoken=…`), while links from native apps may put it before the hash,
 * so both are read; the hash wins.
 */
export function currentSearchParams(): URLSearchParams {
  const params = new URLSearchParams(window.location.search);
  const { hash } = window.location;
  const q = hash.indexOf('?');
  if (hash.startsWith('#/') && q >= 0) {
    new URLSearchParams(hash.slice(q + 1)).forEach((value, key) => params.set(key, value));
  }
  return params;
}

/**
 * The `apptoken` of a native app embedding one page (spec §2.1: /cor/history, /userCenter/myBill;
 * decision 017). It is taken out of the address bar at once (so it is neither copied, shared nor
 * sent as a Referer), never stored, and kept in memory for that page's calls only: calls from
 * any other page do not send it. On any other page an `apptoken` is removed and ignored.
 */
export const APPTOKEN_PAGES: readonly string[] = [paths.corHistory.path, paths.myBill.path];

let pageAppToken: { path: string; token: string } | null = null;

function appPathOf(location: string): string {
  return location.split(/[?#]/)[0] || '/';
}

/** Keeps an apptoken for `path` when that page takes one. */
export function adoptAppToken(path: string, token: string | null): void {
  if (token && APPTOKEN_PAGES.includes(path)) pageAppToken = { path, token };
}

/**
 * Takes `apptoken` out of the current address (before and inside the hash) with
 * `history.replaceState` and keeps it for its page. Call before the router reads the address
 * (main.tsx) and again from the apptoken pages.
 */
export function captureAppToken(): void {
  const { pathname, search, hash } = window.location;
  const outer = new URLSearchParams(search);
  const q = hash.indexOf('?');
  const inner = hash.startsWith('#/') && q >= 0 ? new URLSearchParams(hash.slice(q + 1)) : null;
  if (!outer.has('apptoken') && !inner?.has('apptoken')) return;
  const token = inner?.get('apptoken') || outer.get('apptoken');
  outer.delete('apptoken');
  inner?.delete('apptoken');
  const outerQuery = outer.toString();
  const hashPath = q >= 0 ? hash.slice(0, q) : hash;
  const innerQuery = inner?.toString() ?? '';
  const nextHash = hash.startsWith('#/') ? `${hashPath}${innerQuery ? `?${innerQuery}` : ''}` : hash;
  window.history.replaceState(window.history.state, '', `${pathname}${outerQuery ? `?${outerQuery}` : ''}${nextHash}`);
  const appPath = hash.startsWith('#/') ? appPathOf(hashPath.slice(1)) : pathname;
  adoptAppToken(appPath, token);
}

/** Whether an apptoken is held for the page at `path`. */
export function hasAppTokenFor(path: string): boolean {
  return pageAppToken !== null && pageAppToken.path === path;
}

/** The apptoken of the page being shown, if it came with one; no other page's calls send it. */
export function getAppToken(): string | null {
  if (!pageAppToken || appPathOf(currentAppLocation()) !== pageAppToken.path) return null;
  return pageAppToken.token;
}

/** Forgets the apptoken (tests; a native app's page reload brings a new one). */
export function forgetAppToken(): void {
  pageAppToken = null;
}

/** The token every call sends: the page's apptoken first, else the stored token (§7). */
export function getAccessToken(): string | null {
  return getAppToken() ?? getStoredToken();
}

/** Anonymous access is allowed when the address carries `_sourceSite=jinfaketang` (§6). */
export function isAnonymousAllowed(params: URLSearchParams = currentSearchParams()): boolean {
  return params.get('_sourceSite') === OWN_SOURCE_SITE;
}

export function loginHref(next: string): string {
  const target = next.startsWith(paths.login.path) ? undefined : next;
  return paths.login.getHref({ redirect: target && target !== '/' ? target : undefined });
}

let loginStarted = false;

/**
 * Send the learner to the login page, returning to `next` afterwards. A login is never started
 * twice at once: concurrent 403s and guards collapse into one navigation. Returns whether this
 * call started it.
 */
export function startLogin(next: string = currentAppLocation()): boolean {
  if (loginStarted) return false;
  const here = currentAppLocation();
  if (here.split('?')[0] === paths.login.path) return false;
  loginStarted = true;
  navigateInApp(loginHref(next));
  return true;
}

export function isLoginStarted(): boolean {
  return loginStarted;
}

/** Called once the login page is showing (or a login finished): the next 403 may start again. */
export function settleLogin(): void {
  loginStarted = false;
}
