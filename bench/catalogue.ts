/**
 * Catalogue read budget (issue 3): `GET /v1/courses/list` and `GET /v1/courses/{id}` at least
 * 0.3× the same server's /healthz throughput, p99 ≤ 50 ms, at 50 connections — on SQLite and
 * (when BENCH_DATABASE_URL is set) PostgreSQL, with the in-process response cache ON (default
 * TTL) and OFF (TTL 0, every request queries the database). Prints figures; asserts nothing.
 *
 *   npx tsx bench/catalogue.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_SECONDS=8 npx tsx bench/catalogue.ts
 *   BENCH_MODES=off npx tsx bench/catalogue.ts      # only the uncached pass (on | off | on,off)
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { DEFAULT_CATALOGUE_TTL_MS, catalogueCacheFor } from '../apps/server/src/modules/courses/http-cache.ts';
import { startSeededApp } from './support/seeded-app.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const RATIO_BUDGET = 0.3;
const P99_BUDGET_MS = 50;
const MODES = (process.env.BENCH_MODES ?? 'on,off').split(',').map((m) => m.trim());

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function run(url: string): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

function line(name: string, r: Figures, healthz?: Figures): string {
  const ratio = healthz ? r.rps / healthz.rps : 1;
  const verdict = healthz ? (ratio >= RATIO_BUDGET && r.p99 <= P99_BUDGET_MS && r.non2xx === 0 && r.errors === 0 ? 'ok' : 'OVER BUDGET') : '';
  return `${name.padEnd(34)} ${String(r.rps).padStart(7)} req/s  ${healthz ? `${ratio.toFixed(2)}× healthz` : '            '}  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  non-2xx ${r.non2xx}  errors ${r.errors}  ${verdict}`;
}

async function benchDialect(label: string, databaseUrl: string | undefined) {
  const { database, base, close } = await startSeededApp('cat', databaseUrl);

  // A series course: the heaviest course page (chapters counted, tags, lecturer, subject).
  const series = await database.db.selectFrom('courses').select('id').where('course_type', '=', 2).where('status', '=', 1).where('corporate_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  const urls: Array<[string, string]> = [
    ['GET /v1/courses/list', `${base}/v1/courses/list?pageIndex=1&pageSize=10`],
    ['GET /v1/courses/list?courseLevel=6&p2', `${base}/v1/courses/list?courseLevel=6&pageIndex=2&pageSize=10`],
    ['GET /v1/courses/list?keyword=反洗钱', `${base}/v1/courses/list?keyword=${encodeURIComponent('反洗钱')}`],
    [`GET /v1/courses/${series.id}`, `${base}/v1/courses/${series.id}`],
  ];

  console.log(`\n[${label}] ${CONNECTIONS} connections, ${DURATION}s each, ${os.cpus().length} cores; budget ≥ ${RATIO_BUDGET}× healthz, p99 ≤ ${P99_BUDGET_MS} ms`);
  // Warm up (JIT, pools, statement cache) so the first row measured is not the coldest.
  await autocannon({ url: `${base}/healthz`, connections: CONNECTIONS, duration: 1 });
  for (const [, url] of urls) await autocannon({ url, connections: CONNECTIONS, amount: 500 });
  const cache = catalogueCacheFor(database.db);
  const modes = ([
    ['on', 'cache ON', DEFAULT_CATALOGUE_TTL_MS],
    ['off', 'cache OFF', 0],
  ] as const).filter(([name]) => MODES.includes(name));
  for (const [, mode, ttl] of modes) {
    cache.ttlMs = ttl;
    cache.clear();
    const healthz = await run(`${base}/healthz`);
    console.log(`  -- in-process response ${mode} (ttl ${ttl} ms)`);
    console.log(`  ${line('GET /healthz', healthz)}`);
    for (const [name, url] of urls) console.log(`  ${line(name, await run(url), healthz)}`);
  }

  await close();
}

await benchDialect('sqlite', undefined);
if (process.env.BENCH_DATABASE_URL) await benchDialect('postgres', process.env.BENCH_DATABASE_URL);
