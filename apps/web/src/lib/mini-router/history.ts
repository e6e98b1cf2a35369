/**
 * The three histories the app routes over: browser (path) history over https, hash history
 * over http (spec §2), and memory history for tests. Same location shape and keys as
 * react-router's, so `location.key === 'default'` still means "first page of this visit".
 */

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  state: unknown;
  key: string;
}

export type To = string | Partial<Path>;

export interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** Called after the user moved through history (back/forward, a typed hash). */
  listen(listener: (location: Location) => void): () => void;
  createHref(to: Path): string;
}

interface StoredState {
  usr?: unknown;
  key?: string;
}

export function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function parsePath(path: string): Path {
  let rest = path;
  let hash = '';
  let search = '';
  const h = rest.indexOf('#');
  if (h >= 0) {
    hash = rest.slice(h);
    rest = rest.slice(0, h);
  }
  const q = rest.indexOf('?');
  if (q >= 0) {
    search = rest.slice(q);
    rest = rest.slice(0, q);
  }
  return {
    pathname: rest || '/',
    search: search === '?' ? '' : search,
    hash: hash === '#' ? '' : hash,
  };
}

export function createPath({ pathname, search, hash }: Path): string {
  return `${pathname}${search}${hash}`;
}

function fromWindow(path: Path): Location {
  const stored = (window.history.state ?? {}) as StoredState;
  return { ...path, state: stored.usr ?? null, key: stored.key ?? 'default' };
}

function windowHistory(read: () => Path, href: (to: Path) => string): History {
  return {
    get location() {
      return fromWindow(read());
    },
    push(location) {
      window.history.pushState({ usr: location.state, key: location.key }, '', href(location));
    },
    replace(location) {
      window.history.replaceState({ usr: location.state, key: location.key }, '', href(location));
    },
    go(delta) {
      window.history.go(delta);
    },
    listen(listener) {
      const handlePop = () => listener(fromWindow(read()));
      window.addEventListener('popstate', handlePop);
      return () => window.removeEventListener('popstate', handlePop);
    },
    createHref: href,
  };
}

export function createBrowserHistory(): History {
  return windowHistory(
    () => ({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash }),
    createPath,
  );
}

export function createHashHistory(): History {
  // `#/a?b` keeps the path, and the outer `?query` native apps add before the hash stays put.
  return windowHistory(
    () => parsePath(window.location.hash.slice(1) || '/'),
    (to) => `#${createPath(to)}`,
  );
}

export function createMemoryHistory(initialEntries: string[] = ['/'], initialIndex?: number): History {
  const entries: Location[] = initialEntries.map((entry, i) => ({
    ...parsePath(entry),
    state: null,
    key: i === 0 ? 'default' : createKey(),
  }));
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<(location: Location) => void>();
  return {
    get location() {
      return entries[index]!;
    },
    push(location) {
      index += 1;
      entries.splice(index, entries.length, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      // Asynchronous like the browser's popstate.
      queueMicrotask(() => listeners.forEach((listener) => listener(entries[index]!)));
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: createPath,
  };
}
