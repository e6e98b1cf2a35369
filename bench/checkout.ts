/**
 * Checkout budget (issue 4): the server's part of a checkout — `POST /v1/orders/{courseId}` then
 * `POST /v1/orders/{orderId}/order_web_wxpay` (pay parameters) — p99 ≤ 100 ms for the two back to
 * back, with the sandbox provider (no upstream round trip). Many signed-in users (rows and
 * sessions inserted directly) each check out one buyable course, CONNECTIONS at a time, on SQLite
 * and (when BENCH_DATABASE_URL is set) PostgreSQL. Asserts nothing; prints, per database:
 *
 * - the queries each request runs (one checkout, sequential, counted at the driver; the SQL too
 *   with BENCH_LOG_QUERIES=1, and each one's plan on the tables the run filled with BENCH_EXPLAIN=1)
 *   — the first place to look when a rule added to the path costs time;
 * - p50/p95/p99/max of each request and of both back to back, as the client sees them (loopback,
 *   same machine and same event loop as the server, so they bound the server's time from above)
 *   and inside the server (Fastify's onRequest → onResponse);
 * - checkouts/s and the server process's CPU per checkout;
 * and at the end one summary table of back-to-back p99 for both databases.
 *
 *   npx tsx bench/checkout.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/checkout.ts
 *   BENCH_ONLY=postgres BENCH_CHECKOUTS=4000 BENCH_LOG_QUERIES=1 BENCH_DATABASE_URL=… npx tsx bench/checkout.ts
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.ts';
import { insertUser, newUser } from '../apps/server/src/modules/users/user-repository.ts';
import { issueTokenPair } from '../apps/server/src/modules/auth/token-service.ts';
import { startSeededApp } from './support/seeded-app.ts';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ONLY = process.env.BENCH_ONLY; // 'sqlite' | 'postgres'
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const LOG_QUERIES = process.env.BENCH_LOG_QUERIES === '1' || EXPLAIN;
const WARMUP = 100;
const P99_BUDGET_MS = 100;

/* ---- query counting at the drivers (Kysely's pg driver calls client.query; its SQLite driver statement.all/run) ---- */

interface Logged {
  sql: string;
  params: unknown[];
}
const queries = { on: false, log: [] as Logged[] };
function countQueries(target: object, methods: string[], logged: (self: unknown, args: unknown[]) => Logged) {
  const proto = target as Record<string, (...args: unknown[]) => unknown>;
  for (const m of methods) {
    const orig = proto[m]!;
    proto[m] = function (this: unknown, ...args: unknown[]) {
      if (queries.on) queries.log.push(logged(this, args));
      return orig.apply(this, args);
    };
  }
}
countQueries(pg.Client.prototype, ['query'], (_self, args) => ({
  sql: typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text),
  params: Array.isArray(args[1]) ? (args[1] as unknown[]) : [],
}));
{
  const probe = new SQLite(':memory:');
  countQueries(Object.getPrototypeOf(probe.prepare('select 1')) as object, ['all', 'run', 'get', 'iterate'], (self, args) => ({
    sql: String((self as { source: string }).source),
    params: Array.isArray(args[0]) ? (args[0] as unknown[]) : args,
  }));
  probe.close();
}

/** The plan of each logged statement, on the tables as the timed run left them (BENCH_EXPLAIN=1). */
async function explain(db: Kysely<DB>, dialect: 'sqlite' | 'postgres', q: Logged): Promise<string> {
  const prefix = dialect === 'postgres' ? 'explain ' : 'explain query plan ';
  const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + q.sql, q.params));
  return rows.map((r) => String(r['QUERY PLAN'] ?? r.detail)).join(' | ');
}

/* ---- BENCH_CPU_PROFILE=dir: a .cpuprofile of the server thread during the timed checkouts only ---- */

async function startProfile(): Promise<(label: string) => Promise<void>> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return async () => undefined;
  const session = new inspector.Session();
  session.connect();
  const send = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  await send('Profiler.enable');
  await send('Profiler.start');
  return async (label) => {
    const { profile } = (await send('Profiler.stop')) as { profile: object };
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `checkout-${label}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`  (server CPU profile of the timed run: ${file})`);
    session.disconnect();
  };
}

/* ---- figures ---- */

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN;
}

interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p95: quantile(s, 0.95), p99: quantile(s, 0.99), max: s.at(-1) ?? NaN };
}

const ms = (v: number) => v.toFixed(1).padStart(6);
function row(name: string, client: Stats, server: Stats, budget?: number): string {
  const verdict = budget === undefined ? '' : client.p99 <= budget ? '  ok' : '  OVER BUDGET';
  return (
    `${name.padEnd(38)}${ms(client.p50)}${ms(client.p95)}${ms(client.p99)}${ms(client.max)}   │` +
    `${ms(server.p50)}${ms(server.p95)}${ms(server.p99)}${verdict}`
  );
}

/* ---- one database ---- */

interface ClientBody {
  code: number;
  data?: { order?: { orderId: number } };
}

/* ---- the clients, in a worker thread (plain JS: no loader needed there) ---- */

interface ClientRun {
  samples: { a: number; b: number; ida: string; idb: string }[];
  failures: Record<string, number>;
  seconds: number;
}

const CLIENT_JS = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { base, tokens, courseIds, connections, warmup } = workerData;
// A plain keep-alive HTTP client, one socket per connection: lighter than fetch, so the client
// takes less of the CPU the server shares with it.
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const { hostname, port } = new URL(base);
let seq = 0;
function call(path, token) {
  const id = 'b' + (seq += 1);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, hostname, port, path, method: 'POST', headers: { 'access-token': token, 'content-type': 'application/json', 'content-length': 2, 'x-bench-id': id } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ ms: performance.now() - t0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), id });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
    req.end('{}');
  });
}
(async () => {
  const samples = [];
  const failures = {};
  const fail = (code) => { failures[code] = (failures[code] || 0) + 1; };
  let next = 0;
  async function drive(record, until) {
    for (;;) {
      const i = next;
      next += 1;
      if (i >= until) return;
      const a = await call('/v1/orders/' + courseIds[i % courseIds.length], tokens[i]);
      const orderId = a.body.data && a.body.data.order && a.body.data.order.orderId;
      if (a.body.code !== 0 || !orderId) { if (record) fail(a.body.code); continue; }
      const b = await call('/v1/orders/' + orderId + '/order_web_wxpay', tokens[i]);
      if (b.body.code !== 0) { if (record) fail(b.body.code); continue; }
      if (record) samples.push({ a: a.ms, b: b.ms, ida: a.id, idb: b.id });
    }
  }
  // Warm up (JIT, pools, statement cache) on users of their own.
  await Promise.all(Array.from({ length: connections }, () => drive(false, warmup)));
  next = warmup;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, () => drive(true, tokens.length)));
  parentPort.postMessage({ samples, failures, seconds: (performance.now() - t0) / 1000 });
  agent.destroy();
})();
`;

function runClients(data: { base: string; tokens: string[]; courseIds: number[]; connections: number; warmup: number }): Promise<ClientRun> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT_JS, { eval: true, workerData: data });
    worker.once('message', (m: ClientRun) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

interface Result {
  label: string;
  both: Stats;
  bothServer: Stats;
}

async function benchDialect(label: string, databaseUrl: string | undefined): Promise<Result> {
  // Server-side time per request (Fastify's elapsedTime at onResponse), by route.
  const serverMs = new Map<string, number>();
  const { database, base, close } = await startSeededApp('checkout', databaseUrl, { PAY_PROVIDER: 'sandbox' }, (app) => {
    app.addHook('onResponse', async (request, reply) => {
      serverMs.set(String(request.headers['x-bench-id']), reply.elapsedTime);
    });
  });
  const now = Date.now();

  // Paid, on-shelf, whole courses a new learner may buy now; users round-robin over them.
  const courses = await database.db
    .selectFrom('courses')
    .select('id')
    .where('is_free', '=', 0)
    .where('price', '>', 0)
    .where('status', '=', 1)
    .where('corporate_id', 'is', null)
    .where('needs_verified_profile', '=', 0)
    .where((eb) => eb.or([eb('enroll_start_at', 'is', null), eb('enroll_start_at', '<=', now)]))
    .where((eb) => eb.or([eb('enroll_end_at', 'is', null), eb('enroll_end_at', '>', now)]))
    .orderBy('id')
    .execute();
  if (!courses.length) throw new Error('the demo catalogue has no paid course');
  const total = CHECKOUTS + WARMUP + 1; // the last one is profiled alone
  const tokens: string[] = [];
  for (let i = 0; i < total; i += 1) {
    const user = await insertUser(database.db, newUser(now, { name: '压测学员', nickname: `压测${i}`, mobile: `1699${String(i).padStart(7, '0')}` }));
    const pair = await issueTokenPair(database.db, { accessTokenTtlSec: 3600, refreshTokenTtlSec: 86_400 }, { userId: user.id, userAgent: 'bench', now });
    tokens.push(pair.accessToken);
  }

  // The clients run in a worker thread: their HTTP work does not queue on the server's event loop.
  const elu0 = performance.eventLoopUtilization();
  const stopProfile = await startProfile();
  const run = await runClients({ base, tokens: tokens.slice(0, -1), courseIds: courses.map((c) => c.id), connections: CONNECTIONS, warmup: WARMUP });
  const elu = performance.eventLoopUtilization(elu0);
  await stopProfile(label);
  // Then one checkout alone, its queries counted, caches warm as in the timed run (the last user, kept out of it).
  const profileCourse = courses[0]!.id;
  const single = (url: string, token: string) =>
    fetch(url, { method: 'POST', headers: { 'access-token': token, 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json() as Promise<ClientBody>);
  queries.on = true;
  const pa = await single(`${base}/v1/orders/${profileCourse}`, tokens[total - 1]!);
  const createSql = queries.log.splice(0);
  const pb = await single(`${base}/v1/orders/${pa.data?.order?.orderId ?? 0}/order_web_wxpay`, tokens[total - 1]!);
  const paySql = queries.log.splice(0);
  queries.on = false;
  if (pa.code !== 0 || pb.code !== 0) throw new Error(`the profiled checkout failed: ${pa.code} / ${pb.code}`);

  const server = (id: string) => serverMs.get(id) ?? NaN;
  const create = run.samples.map((x) => x.a);
  const params = run.samples.map((x) => x.b);
  const whole = run.samples.map((x) => x.a + x.b);
  const createServer = run.samples.map((x) => server(x.ida));
  const paramsServer = run.samples.map((x) => server(x.idb));
  const wholeServer = run.samples.map((x) => server(x.ida) + server(x.idb));
  const failures = new Map(Object.entries(run.failures));
  const seconds = run.seconds;

  const both = stats(whole);
  const bothServer = stats(wholeServer);
  const failed = [...failures].map(([code, n]) => `${n}× ${code}`).join(', ') || 'none';
  console.log(`\n[${label}] ${whole.length} checkouts by as many users over ${courses.length} courses, ${CONNECTIONS} at a time, ${os.cpus().length} cores`);
  console.log(`  queries per request: create order ${createSql.length}, pay parameters ${paySql.length} (one checkout alone)`);
  if (LOG_QUERIES) {
    for (const [name, list] of [['create', createSql], ['pay', paySql]] as const) {
      for (const [k, q] of list.entries()) {
        console.log(`    ${name} ${k + 1}: ${q.sql.slice(0, 160)}`);
        if (EXPLAIN) console.log(`      plan: ${(await explain(database.db, database.dialect, q)).slice(0, 400)}`);
      }
    }
  }
  console.log(`  ${'ms'.padEnd(38)}${'── client (loopback) ──────────'.padEnd(27)}│${' ── in server ──'}`);
  console.log(`  ${''.padEnd(38)}${'p50'.padStart(6)}${'p95'.padStart(6)}${'p99'.padStart(6)}${'max'.padStart(6)}   │${'p50'.padStart(6)}${'p95'.padStart(6)}${'p99'.padStart(6)}`);
  console.log(`  ${row('POST /v1/orders/{courseId}', stats(create), stats(createServer))}`);
  console.log(`  ${row('POST /v1/orders/{id}/order_web_wxpay', stats(params), stats(paramsServer))}`);
  console.log(`  ${row('checkout (both, back to back)', both, bothServer, P99_BUDGET_MS)}`);
  console.log(
    `  ${(whole.length / seconds).toFixed(0)} checkouts/s = ${((2 * whole.length) / seconds).toFixed(0)} req/s; ` +
      `server event loop busy ${(elu.utilization * 100).toFixed(0)}% (${((elu.active / whole.length)).toFixed(2)} ms per checkout); failures ${failed}`,
  );

  await close();
  return { label, both, bothServer };
}

const results: Result[] = [];
if (ONLY !== 'postgres') results.push(await benchDialect('sqlite', undefined));
if (ONLY !== 'sqlite' && process.env.BENCH_DATABASE_URL) results.push(await benchDialect('postgres', process.env.BENCH_DATABASE_URL));
console.log(`\ncheckout budget: create order → pay parameters back to back, p99 ≤ ${P99_BUDGET_MS} ms at ${CONNECTIONS} concurrent`);
for (const r of results) {
  const verdict = r.both.p99 <= P99_BUDGET_MS ? 'ok' : 'OVER BUDGET';
  console.log(`  ${r.label.padEnd(9)} p50 ${ms(r.both.p50)}  p95 ${ms(r.both.p95)}  p99 ${ms(r.both.p99)} ms (in server p99 ${ms(r.bothServer.p99)})  ${verdict}`);
}
