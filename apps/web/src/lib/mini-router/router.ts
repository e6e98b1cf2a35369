import {
  createBrowserHistory,
  createHashHistory,
  createKey,
  createMemoryHistory,
  createPath,
  parsePath,
  type History,
  type Location,
  type Path,
  type To,
} from './history.ts';
import { flattenRoutes, matchRoutes, type RouteMatch, type RouteObject } from './match.ts';

/**
 * A data router with react-router's navigation model, in a few kilobytes: a navigation first
 * loads the target's lazy route modules and runs its loaders, and only then commits the new
 * location, so the old page stays on screen (with `navigation.state === 'loading'`) meanwhile.
 * A loader may `throw redirect(to)`. A newer navigation supersedes an unfinished one.
 */

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouterState {
  /** False until the first location's routes have loaded (HydrateFallback shows meanwhile). */
  initialized: boolean;
  /** How the current location was reached. */
  historyAction: Action;
  location: Location;
  navigation: { state: 'idle' | 'loading'; location?: Location };
  matches: (RouteMatch & { data: unknown })[];
  /** A loader or lazy module that failed: the match index it failed at, and the error. */
  error: { index: number; value: unknown } | null;
}

export interface Router {
  readonly state: RouterState;
  readonly routes: RouteObject[];
  subscribe(listener: (state: RouterState) => void): () => void;
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  createHref(to: To): string;
  /** Resolve a (possibly relative) target against the current location. */
  resolve(to: To): Path;
  dispose(): void;
}

/** What `redirect()` returns; loaders throw (or return) it. */
export class RedirectResponse {
  readonly status: number;
  readonly location: string;
  constructor(location: string, status = 302) {
    this.location = location;
    this.status = status;
  }
}

export function redirect(url: string, init: number | { status?: number } = 302): RedirectResponse {
  return new RedirectResponse(url, typeof init === 'number' ? init : (init.status ?? 302));
}

/** An HTTP-like routing error (a 404 for an address no route matches). */
export class ErrorResponse {
  readonly status: number;
  readonly statusText: string;
  readonly data: unknown;
  readonly internal = true;
  constructor(status: number, statusText: string, data: unknown) {
    this.status = status;
    this.statusText = statusText;
    this.data = data;
  }
}

export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  if (error instanceof ErrorResponse) return true;
  const e = error as Partial<ErrorResponse> | null;
  return !!e && typeof e.status === 'number' && typeof e.statusText === 'string' && 'data' in e && 'internal' in e;
}

export type Action = 'POP' | 'PUSH' | 'REPLACE';

const lazyLoads = new WeakMap<RouteObject, Promise<void>>();

/** Load a route's lazy module once and merge what it returns into the route. */
function loadLazy(route: RouteObject): Promise<void> {
  const lazy = route.lazy;
  if (!lazy) return Promise.resolve();
  let pending = lazyLoads.get(route);
  if (!pending) {
    pending = lazy().then(
      (props) => {
        Object.assign(route, props);
      },
      (error: unknown) => {
        // A chunk that failed to load (flaky network, new deploy) is retried next time.
        lazyLoads.delete(route);
        throw error;
      },
    );
    lazyLoads.set(route, pending);
  }
  return pending;
}

function isExternal(url: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(url);
}

function createRouter(routes: RouteObject[], history: History): Router {
  const branches = flattenRoutes(routes);
  const listeners = new Set<(state: RouterState) => void>();
  let current = 0;
  let disposed = false;
  let state: RouterState = {
    initialized: false,
    historyAction: 'POP',
    location: history.location,
    navigation: { state: 'idle' },
    matches: [],
    error: null,
  };

  const setState = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener(state));
  };

  const origin = typeof window !== 'undefined' && window.location.origin !== 'null' ? window.location.origin : 'http://localhost';

  const resolve = (to: To): Path => {
    const here = state.navigation.location ?? state.location;
    const target = typeof to === 'string' ? parsePath(to) : { pathname: '', search: '', hash: '', ...to };
    if (to === '' || to === '.') return { pathname: here.pathname, search: here.search, hash: '' };
    if (typeof to === 'string' && to.startsWith('?')) return { pathname: here.pathname, search: target.search, hash: target.hash };
    if (typeof to === 'string' && to.startsWith('#')) return { pathname: here.pathname, search: here.search, hash: target.hash };
    if (typeof to !== 'string' && !to.pathname) return { ...target, pathname: here.pathname };
    if (target.pathname.startsWith('/')) return target;
    // Relative to the current page, as react-router resolves a leaf route's relative links.
    const url = new URL(target.pathname, `http://x${here.pathname.replace(/\/?$/, '/')}`);
    return { ...target, pathname: url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname };
  };

  async function load(location: Location, action: Action, id: number): Promise<void> {
    const found = matchRoutes(branches, location.pathname);
    let matches: RouterState['matches'] = [];
    let error: RouterState['error'] = null;
    if (!found) {
      error = { index: 0, value: new ErrorResponse(404, 'Not Found', `No route matches URL "${location.pathname}"`) };
      const root = routes[0];
      if (root) matches = [{ id: root.id ?? '0', route: root, params: {}, pathname: '/', data: undefined }];
    } else {
      const controller = new AbortController();
      const request = { url: `${origin}${createPath(location)}`, signal: controller.signal };
      const results = await Promise.all(
        found.map(async (match) => {
          try {
            // A route's own loader runs alongside its lazy module; one the module adds runs after it.
            const own = match.route.loader;
            const args = { request, params: match.params };
            const [ownData] = await Promise.all([own ? own(args) : undefined, loadLazy(match.route)]);
            const data: unknown = own ? ownData : await match.route.loader?.(args);
            return { ok: true as const, data };
          } catch (thrown) {
            return { ok: false as const, thrown };
          }
        }),
      );
      if (id !== current || disposed) {
        controller.abort();
        return;
      }
      for (const [i, result] of results.entries()) {
        const outcome = result.ok ? result.data : result.thrown;
        if (outcome instanceof RedirectResponse) {
          if (isExternal(outcome.location)) {
            window.location.assign(outcome.location);
            return;
          }
          // The address being left never committed: a redirected push pushes the target instead.
          return start(outcome.location, {}, action === 'POP' ? 'REPLACE' : action);
        }
        if (!result.ok && !error) error = { index: i, value: result.thrown };
      }
      matches = found.map((match, i) => ({ ...match, data: results[i]!.ok ? (results[i] as { data: unknown }).data : undefined }));
    }
    if (id !== current || disposed) return;
    if (action === 'PUSH') history.push(location);
    else if (action === 'REPLACE') history.replace(location);
    setState({ initialized: true, historyAction: action, location, navigation: { state: 'idle' }, matches, error });
  }

  function start(to: To, options: NavigateOptions, action: Action, popped?: Location): Promise<void> {
    const id = ++current;
    const location: Location = popped ?? {
      ...resolve(to),
      state: options.state ?? null,
      key: createKey(),
    };
    if (state.initialized) setState({ navigation: { state: 'loading', location } });
    return load(location, action, id);
  }

  const unlisten = history.listen((location) => void start(location, {}, 'POP', location));

  const router: Router = {
    get state() {
      return state;
    },
    routes,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      if (typeof to === 'string' && isExternal(to)) {
        window.location.assign(to);
        return Promise.resolve();
      }
      return start(to, options, options.replace ? 'REPLACE' : 'PUSH');
    },
    createHref: (to) => history.createHref(resolve(to)),
    resolve,
    dispose() {
      disposed = true;
      unlisten();
      listeners.clear();
    },
  };

  // The first load: the address is already in the bar, so a redirect replaces it.
  void load(state.location, 'POP', ++current);
  return router;
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(routes, createBrowserHistory());
}

export function createHashRouter(routes: RouteObject[]): Router {
  return createRouter(routes, createHashHistory());
}

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: string[]; initialIndex?: number } = {},
): Router {
  return createRouter(routes, createMemoryHistory(options.initialEntries, options.initialIndex));
}
