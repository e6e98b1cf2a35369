import { useCallback, useContext, useEffect, useMemo } from 'react';
import type { To } from './history.ts';
import { RouteContext, useLocation, useRouter } from './react.tsx';
import type { NavigateOptions } from './router.ts';

/**
 * Router hooks and components the home page and the app shell do not use: a module of their own,
 * so the boot chunk does not carry them (vite.config.ts, decision 007).
 */

export function useParams<K extends string = string>(): Readonly<Partial<Record<K, string>>> {
  return useContext(RouteContext).params as Partial<Record<K, string>>;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      void router.navigate(to, options);
    },
    [router],
  ) as NavigateFunction;
}

type SearchInit = string | URLSearchParams | Record<string, string | string[]> | [string, string][];

function toSearchParams(init: SearchInit | undefined): URLSearchParams {
  if (init === undefined || typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init)) {
    return new URLSearchParams(init);
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params;
}

export type SetURLSearchParams = (
  next: SearchInit | ((prev: URLSearchParams) => SearchInit),
  options?: NavigateOptions,
) => void;

/** The current query, and a setter that navigates to the same page with a new query. */
export function useSearchParams(defaultInit?: SearchInit): [URLSearchParams, SetURLSearchParams] {
  const { search } = useLocation();
  const router = useRouter();
  const params = useMemo(() => {
    const current = new URLSearchParams(search);
    // Defaults fill only keys the address does not name (react-router's behaviour).
    toSearchParams(defaultInit).forEach((value, key) => {
      if (!current.has(key)) current.append(key, value);
    });
    return current;
    // defaultInit is read on the first render of each address, like react-router's ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  const setParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      const query = toSearchParams(value).toString();
      void router.navigate({ search: query ? `?${query}` : '' }, options);
    },
    [router],
  );
  return [params, setParams];
}

/** Navigates once it renders (a declarative redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const router = useRouter();
  // Compared by value: an inline `to={{…}}` object must not navigate again on every render.
  const target = JSON.stringify(to);
  useEffect(() => {
    void router.navigate(JSON.parse(target) as To, { replace, state });
  }, [router, target, replace, state]);
  return null;
}
