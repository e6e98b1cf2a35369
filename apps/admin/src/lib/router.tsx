/**
 * The console's own tiny router: the history API under `/admin`, paths matched by `:param`
 * patterns. The console has a dozen flat routes and no loaders, so a router package would be
 * more code than this file (the H5 app keeps its own for the same reason, decision 007).
 * Pages see paths WITHOUT the base: `/courses/12`, never `/admin/courses/12`.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';

export const BASE = '/admin';

/** What every page component receives: the `:param` segments of its route. */
export interface PageProps {
  params: Record<string, string>;
}

export interface AppLocation {
  /** Path without the `/admin` base, always starting with `/`. */
  pathname: string;
  /** The search string with its `?`, or ''. */
  search: string;
}

const NAVIGATE_EVENT = 'admin:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

/** Strips the base: `/admin/courses` → `/courses`, `/admin` and `/admin/` → `/`. */
export function stripBase(pathname: string): string {
  if (pathname === BASE || pathname === `${BASE}/`) return '/';
  if (pathname.startsWith(`${BASE}/`)) return pathname.slice(BASE.length);
  return pathname || '/';
}

/** The browser address of an app path: `/courses?page=2` → `/admin/courses?page=2`. */
export function href(to: string): string {
  return to === '/' ? `${BASE}/` : `${BASE}${to.startsWith('/') ? to : `/${to}`}`;
}

// useSyncExternalStore needs a stable snapshot: the full address string.
const getSnapshot = () => window.location.pathname + window.location.search;

export function useLocation(): AppLocation {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return useMemo(() => {
    const q = snapshot.indexOf('?');
    const pathname = q < 0 ? snapshot : snapshot.slice(0, q);
    return { pathname: stripBase(pathname), search: q < 0 ? '' : snapshot.slice(q) };
  }, [snapshot]);
}

export interface NavigateOptions {
  replace?: boolean;
}

export function navigate(to: string, options: NavigateOptions = {}): void {
  const target = href(to);
  if (target === getSnapshot()) return;
  if (options.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/** Matches `/courses/:id` against `/courses/12` → `{id: '12'}`; null when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

export type SetSearchParams = (
  next: URLSearchParams | Record<string, string | number | undefined | null>,
  options?: NavigateOptions,
) => void;

export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      let sp: URLSearchParams;
      if (next instanceof URLSearchParams) sp = next;
      else {
        sp = new URLSearchParams();
        for (const [k, v] of Object.entries(next)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
      }
      const qs = sp.toString();
      navigate(qs ? `${pathname}?${qs}` : pathname, options);
    },
    [pathname],
  );
  return [params, setParams];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** App path without the base, e.g. `/courses/12`. */
  to: string;
  replace?: boolean;
  children?: ReactNode;
}

export function Link({ to, replace, onClick, target, children, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return (
    <a {...rest} target={target} href={href(to)} onClick={handleClick}>
      {children}
    </a>
  );
}
