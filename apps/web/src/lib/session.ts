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

export function getAppToken(params: URLSearchParams = currentSearchParams()): string | null {
  return params.get('apptoken') || null;
}

/** The token every call sends: the apptoken query value first, else the stored token (§7). */
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
