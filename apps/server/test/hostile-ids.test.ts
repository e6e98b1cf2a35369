/**
 * Every documented /v1 route that takes a path parameter, called by a signed-in learner with
 * hostile values in it: each answer is a coded envelope under 500 that leaks nothing, and the
 * server is healthy afterwards. The route list comes from the OpenAPI document, so a route added
 * later is covered without editing this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildUser, loginAs } from './support/factories.ts';

const NASTY = [
  '-1', '0', '100000000000000000000', '1.5', 'abc', "1' OR '1'='1", '%3Cscript%3E',
  // Issue 11 §3: Ajv coerced these to ±Infinity and its bounds let them through.
  'Infinity', '-Infinity', 'NaN', '1e400', '9007199254740994', '9999999999999999999',
];

describe.each(dialectsUnderTest())('hostile path parameters on every /v1 route (%s)', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let routes: { method: string; path: string }[];
  beforeAll(async () => {
    t = await build(dialect);
    const user = await buildUser(t.app.db);
    headers = { ...(await loginAs(t, user.id)).headers, 'content-type': 'application/json' };
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/v1/') && p.includes('{'))
      .flatMap(([p, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: p })))
      // The pay notification is judged by its signature and has its own hostile tests.
      .filter((r) => !r.path.startsWith('/v1/pay/notify'));
  });
  afterAll(() => t.close());

  it('answers a coded envelope under 500 for every hostile id', async () => {
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const bad of NASTY) {
        const url = path.replace(/\{[^}]+\}/g, bad);
        const res = await t.app.inject({ method: method as 'GET', url, headers, payload: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
        let code: unknown;
        try {
          code = (res.json() as { code?: unknown }).code;
        } catch {
          code = undefined;
        }
        const leaks = /\bat .+\.(ts|js):\d+|SQLITE|syntax error at or near|node_modules/i.test(res.body);
        // Order type 0 is a real value (all types), not a hostile one.
        const meaningful = bad === '0' && path === '/v1/orders/list/{type}';
        // A HEAD answer carries no body (RFC 9110 §9.3.2): its status alone must be a refusal under 500.
        if (method === 'HEAD') {
          if (res.statusCode >= 500 || res.statusCode < 400) failures.push(`${method} ${url} → ${res.statusCode}`);
          continue;
        }
        if (res.statusCode >= 500 || typeof code !== 'number' || (code === 0 && !meaningful) || leaks) failures.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 120_000);
});
