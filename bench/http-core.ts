/**
 * Throughput and latency of the API core: /healthz, an anonymous /v1 read and an authenticated
 * /v1 read (token lookup + user load), at 50 connections, on SQLite and (when
 * BENCH_DATABASE_URL is set) PostgreSQL. Prints figures; asserts nothing.
 *
 *   npm run bench            # all benchmarks
 *   npx tsx bench/http-core.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seedDemoData } from '../apps/server/src/db/seed/seed.ts';
import { MemoryKvStore } from '../apps/server/src/adapters/kv-store.ts';
import { createAdapters } from '../apps/server/src/adapters/create-adapters.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

async function run(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function benchDialect(label: string, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-bench-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', TEST_LOGIN: 'on', LOG_LEVEL: 'silent', RATE_LIMIT_IP_PER_MIN: '0', RATE_LIMIT_USER_PER_MIN: '0' }),
    dataDir,
    databaseUrl,
  };
  // PostgreSQL: a throw-away schema, so the bench never touches existing data.
  const schema = `bench_${process.pid}`;
  if (databaseUrl) {
    const admin = openDatabase({ databaseUrl, dataDir, poolSize: 1 });
    await sql`create schema if not exists ${sql.id(schema)}`.execute(admin.db);
    await admin.destroy();
  }
  const database = openDatabase({ databaseUrl, dataDir, ...(databaseUrl ? { pgSchema: schema } : {}) });
  await migrateToLatest(database.db, database.dialect);
  await seedDemoData(database.db);
  const kv = new MemoryKvStore();
  const app = await buildApp({ config, database, kv, adapters: createAdapters(config) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
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
  await app.close();
  if (databaseUrl) await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await benchDialect('sqlite', undefined);
if (process.env.BENCH_DATABASE_URL) await benchDialect('postgres', process.env.BENCH_DATABASE_URL);
