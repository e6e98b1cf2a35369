import type { ComponentType } from 'react';

/**
 * Route objects and matching, with react-router's data-router semantics for the parts this app
 * uses: nested and pathless layout routes, `index`, `:param` (and `:param?`), a trailing `*`,
 * case-insensitive paths, and ranking (static segments beat params, params beat splats).
 */

export type Params = Record<string, string | undefined>;

export interface LoaderFunctionArgs {
  /** The target as an absolute URL (`new URL(request.url)` gives its pathname and search). */
  request: { url: string; signal: AbortSignal };
  params: Params;
}

export type LoaderFunction = (args: LoaderFunctionArgs) => unknown;

/** What `lazy()` may resolve to: properties merged into the route once loaded. */
export interface LazyRouteProps {
  Component?: ComponentType | null;
  ErrorBoundary?: ComponentType | null;
  HydrateFallback?: ComponentType | null;
  loader?: LoaderFunction;
  handle?: unknown;
}

export interface RouteObject extends LazyRouteProps {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteObject[];
  lazy?: () => Promise<LazyRouteProps>;
}

export interface RouteMatch {
  id: string;
  route: RouteObject;
  params: Params;
  pathname: string;
}

interface Branch {
  pattern: string;
  score: number;
  order: number;
  routes: { route: RouteObject; id: string; pattern: string }[];
}

function joinPaths(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

// react-router's `computeScore`, so ambiguous tables rank the same way.
function computeScore(pattern: string, index: boolean | undefined): number {
  const segments = pattern.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  if (index) score += 2;
  for (const s of segments) {
    if (s === '*') continue;
    score += s.startsWith(':') ? 3 : s === '' ? 1 : 10;
  }
  return score;
}

export function flattenRoutes(routes: RouteObject[]): Branch[] {
  const branches: Branch[] = [];
  const walk = (list: RouteObject[], parents: Branch['routes'], parentPattern: string, idPrefix: string) => {
    list.forEach((route, i) => {
      const id = route.id ?? `${idPrefix}${i}`;
      const pattern = route.path === undefined ? parentPattern : joinPaths(parentPattern, route.path);
      const chain = [...parents, { route, id, pattern }];
      if (route.children?.length) walk(route.children, chain, pattern, `${id}-`);
      // A pathless layout never matches by itself; an index or a route with a path does.
      if (route.index || route.path !== undefined) {
        const full = pattern || '/';
        branches.push({ pattern: full, score: computeScore(full, route.index), order: branches.length, routes: chain });
      }
    });
  };
  walk(routes, [], '', '');
  return branches.sort((a, b) => b.score - a.score || a.order - b.order);
}

const patternCache = new Map<string, { regex: RegExp; names: string[] }>();

function compile(pattern: string, caseSensitive: boolean): { regex: RegExp; names: string[] } {
  const cacheKey = `${caseSensitive ? 'c' : 'i'}${pattern}`;
  const cached = patternCache.get(cacheKey);
  if (cached) return cached;
  const names: string[] = [];
  let source = '';
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') {
      names.push('*');
      source += '(?:/(.*))?';
    } else if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      names.push(segment.slice(1, optional ? -1 : undefined));
      source += optional ? '(?:/([^/]+))?' : '/([^/]+)';
    } else {
      source += `/${segment.replace(/[.+^${}()|[\]\\]/g, '\\$&')}`;
    }
  }
  const compiled = { regex: new RegExp(`^${source}/*$`, caseSensitive ? '' : 'i'), names };
  patternCache.set(cacheKey, compiled);
  return compiled;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function matchPath(pattern: string, pathname: string, caseSensitive = false): Params | null {
  const { regex, names } = compile(pattern, caseSensitive);
  const found = regex.exec(pathname === '/' ? '' : pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    const value = found[i + 1];
    params[name] = value === undefined ? undefined : safeDecode(value);
  });
  return params;
}

export function matchRoutes(branches: Branch[], pathname: string): RouteMatch[] | null {
  for (const branch of branches) {
    const leaf = branch.routes[branch.routes.length - 1]!.route;
    const params = matchPath(branch.pattern, pathname, leaf.caseSensitive);
    if (!params) continue;
    return branch.routes.map(({ route, id }, i) => ({
      id,
      route,
      params,
      // Parents report the part of the address their own pattern covers.
      pathname: i === branch.routes.length - 1 ? pathname : prefixOf(branch.routes[i]!.pattern, pathname),
    }));
  }
  return null;
}

function prefixOf(pattern: string, pathname: string): string {
  const depth = pattern.split('/').filter(Boolean).length;
  return `/${pathname.split('/').filter(Boolean).slice(0, depth).join('/')}`;
}
