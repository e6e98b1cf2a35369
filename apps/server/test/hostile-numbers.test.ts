/**
 * Every numeric input of every documented /v1 route — query, path and body — called by a
 * signed-in learner with hostile numbers (Infinity, NaN, 1e400, -1, 2.5, beyond 2^53, a page size
 * of a billion): each answer is a coded envelope under 500 that names the field, and the server is
 * healthy afterwards. A second test keeps every numeric request field bounded (issue 11 §3), so a
 * route added later with a bare Type.Integer() fails here. Routes come from /openapi.json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildUser, loginAs } from './support/factories.ts';
import { FINITE_KEYWORD } from '@jinfa/shared';

interface JsonSchema {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/** Raw JSON texts for bodies; query and path values are the same texts URL-encoded. */
const HOSTILE = ['Infinity', '-Infinity', 'NaN', '1e400', '-1e400', '-1', '2.5', '9007199254740994', '9999999999999999999', '1000000000'];

function isNumeric(s: JsonSchema | undefined): boolean {
  if (!s) return false;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('integer') || types.includes('number')) return true;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isNumeric);
}

/** Every numeric leaf of a schema with its bounds, after flattening unions (enum members count as bounds). */
function numericLeaves(s: JsonSchema | undefined): JsonSchema[] {
  if (!s) return [];
  const alts = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  if (alts.length) return alts.flatMap(numericLeaves);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return types.includes('integer') || types.includes('number') ? [s] : [];
}

/** Whether a value is one the field legitimately accepts (then a 0 code is fine). */
function accepts(s: JsonSchema, text: string): boolean {
  const v = Number(text);
  if (!Number.isFinite(v)) return false;
  return numericLeaves(s).some((leaf) => {
    if (leaf.enum) return leaf.enum.includes(v);
    if (leaf.const !== undefined) return leaf.const === v;
    const types = Array.isArray(leaf.type) ? leaf.type : [leaf.type];
    if (types.includes('integer') && !Number.isInteger(v)) return false;
    if (leaf.minimum !== undefined && v < leaf.minimum) return false;
    if (leaf.maximum !== undefined && v > leaf.maximum) return false;
    return true;
  });
}

/** Valid samples for the string patterns of request schemas, so the hostile number is the first error. */
const KNOWN_PATTERNS: Record<string, string> = {
  '^1[3-9]\\d{9}$': '13900000001',
  '^\\d{6}$': '123456',
  '^\\d{4}-\\d{2}-\\d{2}$': '2026-01-01',
};

/** A plausible valid value for a schema, so that the one hostile field is the first error. */
function sample(s: JsonSchema): unknown {
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alts = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  if (alts.length) return sample(alts[0]!);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1) <= (s.maximum ?? Infinity) ? Math.max(1, s.minimum ?? 1) : s.minimum;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) if (s.properties?.[k]) out[k] = sample(s.properties[k]);
      return out;
    }
    case 'string':
      if (s.format === 'email') return 'a@example.com';
      if (s.pattern && KNOWN_PATTERNS[s.pattern]) return KNOWN_PATTERNS[s.pattern];
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return null;
  }
}

interface Probe {
  method: string;
  route: string;
  field: string;
  url: (bad: string) => string;
  payload: (bad: string) => string | undefined;
  schema: JsonSchema;
}

function probesOf(doc: Doc): Probe[] {
  const probes: Probe[] = [];
  for (const [route, ops] of Object.entries(doc.paths)) {
    // The pay notification is judged by its signature and has its own hostile tests.
    if (!route.startsWith('/v1/') || route.startsWith('/v1/pay/notify')) continue;
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      const params = op.parameters ?? [];
      const pathOf = (name: string | null, bad: string) =>
        route.replace(/\{([^}]+)\}/g, (_all, n: string) => {
          if (n === name) return encodeURIComponent(bad);
          const p = params.find((x) => x.in === 'path' && x.name === n);
          return encodeURIComponent(String(p ? sample(p.schema) : 1));
        });
      const required = params.filter((p) => p.in === 'query' && p.required);
      const queryOf = (name: string | null, bad: string) => {
        const q = new URLSearchParams();
        for (const p of required) if (p.name !== name) q.set(p.name, String(sample(p.schema)));
        if (name) q.set(name, bad);
        const s = q.toString();
        return s ? `?${s}` : '';
      };
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const baseBody = bodySchema ? (sample(bodySchema) as Record<string, unknown>) : undefined;
      const bodyText = () => (baseBody === undefined ? (method === 'GET' || method === 'DELETE' ? undefined : '{}') : JSON.stringify(baseBody));
      for (const p of params) {
        if ((p.in !== 'query' && p.in !== 'path') || !isNumeric(p.schema)) continue;
        probes.push({
          method,
          route,
          field: `${p.in === 'query' ? 'querystring' : 'params'}.${p.name}`,
          url: (bad) => pathOf(p.in === 'path' ? p.name : null, bad) + queryOf(p.in === 'query' ? p.name : null, bad),
          payload: bodyText,
          schema: p.schema,
        });
      }
      for (const [name, prop] of Object.entries(bodySchema?.properties ?? {})) {
        if (!isNumeric(prop)) continue;
        probes.push({
          method,
          route,
          field: `body.${name}`,
          url: () => pathOf(null, '') + queryOf(null, ''),
          // Raw text, so 1e400 reaches the server as JSON.parse sees it (Infinity).
          payload: (bad) => {
            const marker = '"__HOSTILE__"';
            const text = JSON.stringify({ ...baseBody, [name]: '__HOSTILE__' });
            return text.replace(marker, /^-?[\d.e]+$/.test(bad) ? bad : JSON.stringify(bad));
          },
          schema: prop,
        });
      }
    }
  }
  return probes;
}

describe.each(dialectsUnderTest())('hostile numbers on every /v1 route (%s)', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let doc: Doc;
  beforeAll(async () => {
    t = await build(dialect, { config: { rateLimit: { ipPerMinute: 0, userPerMinute: 0 } } });
    const user = await buildUser(t.app.db);
    // The operator token too, so the /v1/collect/stats and /v1/admin routes validate their numbers.
    headers = { ...(await loginAs(t, user.id)).headers, 'x-ops-token': t.config.opsToken ?? '' };
    doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Doc;
  });
  afterAll(() => t.close());

  it('answers a coded envelope under 500 naming the field for every hostile number', async () => {
    const probes = probesOf(doc);
    expect(probes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const skipped = new Set<string>();
    let judged = 0;
    for (const probe of probes) {
      for (const bad of HOSTILE) {
        const url = probe.url(bad);
        const payload = probe.payload(bad);
        const res = await t.app.inject({
          method: probe.method as 'GET',
          url,
          headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          payload,
        });
        let body: { code?: unknown; message?: unknown } = {};
        try {
          body = res.json();
        } catch {
          /* judged below */
        }
        const where = `${probe.method} ${url} ${probe.field}=${bad} → ${res.statusCode} ${res.body.slice(0, 140)}`;
        const leaks = /\bat .+\.(ts|js):\d+|SQLITE|syntax error at or near|node_modules/i.test(res.body);
        const valid = accepts(probe.schema, bad);
        // A value the field accepts may meet a coded 503 of the route itself (no ffmpeg for an import).
        const crashed = res.statusCode === 500 || body.code === -50000 || (res.statusCode >= 500 && !valid);
        if (crashed || typeof body.code !== 'number' || typeof body.message !== 'string' || leaks) {
          failures.push(where);
          continue;
        }
        // Per-route quotas (send_ppt, sms) answer before validation: coded, under 500, nothing more to judge.
        if (body.code === -10003) continue;
        if (valid) continue;
        // The sample of another field did not satisfy its own schema (a path pattern): not this field's verdict.
        const named = /：((?:params|querystring|body)\.\S+)/.exec(String(body.message))?.[1];
        if (body.code === -10001 && named && named !== probe.field && !named.startsWith(`${probe.field}.`)) {
          skipped.add(`${probe.method} ${probe.route} ${probe.field} (${named})`);
          continue;
        }
        judged += 1;
        // Refused as invalid input, naming the field.
        if (body.code !== -10001 || !String(body.message).includes(probe.field)) failures.push(where);
      }
    }
    expect(failures).toEqual([]);
    // Nearly every probe reached the field it aimed at.
    expect(judged).toBeGreaterThan(probes.length * 5);
    expect(skipped.size).toBeLessThan(probes.length / 10);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 300_000);
});

describe('every numeric request field is bounded', () => {
  it('builds each query, path and body number with numbers.ts (bounded, finite) or as an enum', async () => {
    const t = await build('sqlite');
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Doc;
    await t.close();
    const unbounded: string[] = [];
    const check = (s: JsonSchema | undefined, where: string) => {
      if (!s) return;
      for (const leaf of numericLeaves(s)) {
        if (leaf.enum || leaf.const !== undefined) continue;
        const marked = (leaf as Record<string, unknown>)[FINITE_KEYWORD] === true;
        const bounded = leaf.minimum !== undefined && leaf.maximum !== undefined && leaf.maximum <= Number.MAX_SAFE_INTEGER && leaf.minimum >= Number.MIN_SAFE_INTEGER;
        // Decimal() — a fractional media position — is the one non-integer the shared module offers.
        if (!marked || !bounded) {
          unbounded.push(`${where} ${JSON.stringify(leaf)}`);
        }
      }
      for (const [k, v] of Object.entries(s.properties ?? {})) check(v, `${where}.${k}`);
      if (s.items) check(s.items, `${where}[]`);
    };
    for (const [route, ops] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(ops)) {
        for (const p of op.parameters ?? []) check(p.schema, `${m} ${route} ${p.in}.${p.name}`);
        check(op.requestBody?.content?.['application/json']?.schema, `${m} ${route} body`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});
