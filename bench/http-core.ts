/**
 * Throughput and latency of the API core: /healthz, an anonymous /v1 read and an authenticated
 * /v1 read (token lookup + user load), at 50 connections, on SQLite and (when
 * BENCH_DATABASE_URL is set) PostgreSQL. Prints figures; asserts nothing.
 *
 *   npm run bench            # all benchmarks
 *   npx tsx bench/http-core.ts
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { startSeededApp } from './support/seeded-app.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

async function run(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function benchDialect(label: string, databaseUrl: string | undefined) {
  const { base, close } = await startSeededApp('core', databaseUrl, { TEST_LOGIN: 'on' });
  const users = (await (await fetch(`${base}/v1/users/preset`)).json()) as { data: Array<{ userId: number }> };
  const userId = users.data[0]?.userId ?? 1;
  const tok = (await (await fetch(`${base}/v1/wechat/token2?userId=${userId}&productType=0`)).json()) as { data: { accessToken: string } };

  const rows: Array<[string, Awaited<ReturnType<typeof run>>]> = [];
  rows.push(['GET /healthz', await run(`${base}/healthz`)]);
  rows.push(['GET /v1/system/info', await run(`${base}/v1/system/info`)]);
  rows.push(['GET /v1/users/me (auth)', await run(`${base}/v1/users/me`, { 'Access-Token': tok.data.accessToken })]);
  console.log(`\n[${label}] ${CONNECTIONS} connections, ${DURATION}s each, ${os.cpus().length} cores`);
  for (const [name, r] of rows) {
    console.log(`${name.padEnd(28)} ${String(r.rps).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   non-2xx ${r.non2xx}   errors ${r.errors}`);
  }
  await close();
}

await benchDialect('sqlite', undefined);
if (process.env.BENCH_DATABASE_URL) await benchDialect('postgres', process.env.BENCH_DATABASE_URL);
