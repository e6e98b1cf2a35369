import type { RouteObject } from '../lib/router.ts';
import { describe, expect, it } from 'vitest';
import { buildRoutes, normalizeInitialUrl } from './router.tsx';
import { paths } from '../config/paths.ts';

describe('normalizeInitialUrl', () => {
  it('moves a path-style address into the hash over http (server callbacks, old links)', () => {
    window.history.replaceState(null, '', '/user/loginComplete?returnUrl=%2Flives&accessToken=a1');
    normalizeInitialUrl(true);
    expect(window.location.pathname).toBe('/');
    expect(window.location.hash).toBe('#/user/loginComplete?returnUrl=%2Flives&accessToken=a1');
  });

  it('leaves hash addresses and the bare root alone over http', () => {
    window.history.replaceState(null, '', '/?suid=3#/course/detail?courseId=1');
    normalizeInitialUrl(true);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/?suid=3#/course/detail?courseId=1');
  });

  it('turns a hash address into a path over https', () => {
    window.history.replaceState(null, '', '/#/mycourses?cur=2');
    normalizeInitialUrl(false);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/mycourses?cur=2');
  });
});

describe('route table', () => {
  it('has a lazily loaded route for every path of the route table, plus a catch-all', () => {
    const leaves: RouteObject[] = [];
    const walk = (routes: RouteObject[]) => {
      for (const route of routes) {
        if (route.children) walk(route.children);
        else leaves.push(route);
      }
    };
    walk(buildRoutes());
    const flat = leaves;
    const routed = new Set(flat.map((r) => (r.index ? '/' : r.path)));
    for (const def of Object.values(paths)) expect(routed.has(def.path)).toBe(true);
    expect(routed.has('*')).toBe(true);
    expect(flat.every((r) => typeof r.lazy === 'function')).toBe(true);
  });
});
