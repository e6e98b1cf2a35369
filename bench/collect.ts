/**
 * Tracking ingestion and stats (issue 6, decision 008). Prints figures; asserts nothing.
 *
 * 1. Throughput: the server runs in a child process (one core), autocannon drives it from this
 *    one (the other core) with many keep-alive connections, each request a batch of unique
 *    visit records. Prints events/s and latency; the budget is ≥ 30,000 events/s.
 *    Part `spec` does the same with spec-shaped records (spec §3: no clientId; the server derives
 *    the de-duplication key, decision 020); budget ≥ 60,000 distinct events/s on SQLite.
 * 2. Kill: load again, SIGKILL the server mid-run, reopen the database and check that every
 *    record acknowledged with code 0 is there.
 *    Also prints the server's CPU per event (asked over IPC), which swings less than events/s.
 * 3. Commit: the write path alone in this process (rows + group commit of 5,000), min/median,
 *    for client-id records and for spec-shaped ones (derived keys), with this process's CPU.
 * 4. Stats: seeds 1,000,000 visits (+ 200,000 clicks) over 30 days (raw rows and their per-day
 *    rollups, migration 008) and times each stats query over 1, 7 and 30 days; budget < 100 ms.
 *
 * Profile the server: `BENCH_PARTS=ingest node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx
 * bench/collect.ts` (the forked server inherits the flags and writes its profile on SIGTERM).
 *
 *   npx tsx bench/collect.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/collect.ts
 *   BENCH_PARTS=ingest,kill,commit,stats BENCH_SECONDS=10 BENCH_BATCH=100 BENCH_CONNECTIONS=64 npx tsx bench/collect.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { TRACKING_APP_ID } from '@jinfa/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { MemoryKvStore } from '../apps/server/src/adapters/kv-store.ts';
import { createAdapters } from '../apps/server/src/adapters/create-adapters.ts';
import { countTrackRows, insertTrackRows, type TrackRow } from '../apps/server/src/modules/collect/collect-repository.ts';
import { chinaDay, clickThrough, commitGroup, pageStats, topCourses, visitRows } from '../apps/server/src/modules/collect/collect-service.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PARTS = (process.env.BENCH_PARTS ?? 'ingest,spec,kill,commit,stats').split(',').map((p) => p.trim());
const BUDGET_EVENTS = 30_000;
/** Issue 11 §8: spec-shaped records, distinct, on SQLite. */
const BUDGET_SPEC_EVENTS = 60_000;
const BUDGET_STATS_MS = 100;
const here = fileURLToPath(import.meta.url);

interface Target {
  label: string;
  databaseUrl: string | undefined;
  dataDir: string;
  schema: string | undefined;
}

function open(target: Target, poolSize = 10): Database {
  return openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize, ...(target.schema ? { pgSchema: target.schema } : {}) });
}

// ---- the server, in a child process ----
async function serve(): Promise<void> {
  const target = JSON.parse(process.env.BENCH_TARGET!) as Target;
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_IP_PER_MIN: '0', RATE_LIMIT_USER_PER_MIN: '0' }),
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
  };
  const database = open(target);
  const app = await buildApp({ config, database, kv: new MemoryKvStore(), adapters: createAdapters(config) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // A clean exit on SIGTERM, so `node --cpu-prof` writes the server's profile (see README).
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  // The server's own CPU time, asked before and after a run: CPU per event does not swing with
  // other work on the machine the way events/s does.
  process.on('message', (m) => {
    if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
  });
  const addr = app.server.address();
  process.send!({ port: typeof addr === 'object' && addr ? addr.port : 0 });
}

function startServer(target: Target): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(here, ['--serve'], { env: { ...process.env, BENCH_TARGET: JSON.stringify(target) }, execArgv: process.execArgv });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, base: `http://127.0.0.1:${m.port}` }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

// ---- load ----
let run = 0;
/**
 * One batch's JSON with `@@` where each batch's unique prefix goes (client ids, sessions).
 * `spec`: the records exactly as spec §3 shapes them, without clientId; each is still distinct
 * (its session carries the batch prefix, and no two in a batch share session and page).
 */
function template(spec = false): string {
  const records = Array.from({ length: BATCH }, (_, i) => ({
    ...(spec ? {} : { clientId: `@@${String(i).padStart(3, '0')}` }),
    pageId: `/course/detail?courseId=${(i % 50) + 1}`,
    // A new set of 7 sessions per batch (the `@@` prefix): unique visitors grow as they would
    // live, so the (day, page, visitor) rollup sets take a row per new visitor, not a no-op.
    sessionId: `@@s${i % 7}`,
    // Stamped per request (`"@B"`, `"@E"` below): live records carry the time they were made.
    beginTime: '@B',
    endTime: '@E',
    extras: [{ key: 'courseId', value: String((i % 50) + 1) }],
  }));
  return JSON.stringify(records);
}

/** One request's body: its unique prefix and the current time (so a batch's records are distinct and recent). */
function stamp(body: string, prefix: string): string {
  const now = Date.now();
  return body.replaceAll('@@', prefix).replaceAll('"@B"', String(now - 5000)).replaceAll('"@E"', String(now));
}

async function load(base: string, seconds: number, onStart?: () => void, spec = false) {
  const body = template(spec);
  run += 1;
  let n = 0;
  let acked = 0;
  let refused = 0;
  const prefix = `r${process.pid}x${run}x${Date.now().toString(36)}x`;
  const instance = autocannon({
    url: `${base}/v1/collect/page/visit/batch`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-id': TRACKING_APP_ID },
        setupRequest: (req) => ({ ...req, body: stamp(body, `${prefix}${(n++).toString(36)}-`) }),
        onResponse: (status, resBody) => {
          const parsed = status === 200 ? (JSON.parse(resBody) as { code: number; data: { accepted: number } }) : null;
          if (parsed?.code === 0) acked += parsed.data.accepted;
          else refused += 1;
        },
      },
    ],
  });
  onStart?.();
  const r = await instance;
  return { r, acked, refused };
}

function serverCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: { cpu?: NodeJS.CpuUsage }) => {
      if (!m.cpu) return;
      child.off('message', on);
      resolve((m.cpu.user + m.cpu.system) / 1000);
    };
    child.on('message', on);
    child.send('cpu');
  });
}

async function benchIngest(target: Target, spec = false) {
  const { child, base } = await startServer(target);
  const part = spec ? 'spec   ' : 'ingest ';
  try {
    await load(base, 2, undefined, spec); // warm-up: JIT, statement caches, table pages
    const cpu0 = await serverCpuMs(child);
    const { r, acked, refused } = await load(base, SECONDS, undefined, spec);
    const cpuMs = (await serverCpuMs(child)) - cpu0;
    const events = acked / SECONDS;
    const ok = events >= (spec ? BUDGET_SPEC_EVENTS : BUDGET_EVENTS) && refused === 0 && r.errors === 0;
    console.log(
      `${target.label.padEnd(10)} ${part} ${Math.round(events).toLocaleString('en').padStart(8)} events/s  (${Math.round(r.requests.average)} req/s × ${BATCH}, ${CONNECTIONS} conns)  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  refused ${refused}  errors ${r.errors}  ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
    console.log(
      `${target.label.padEnd(10)} ${part} server CPU ${((cpuMs * 1000) / acked).toFixed(1)} µs/event = ${Math.round(acked / (cpuMs / 1000)).toLocaleString('en')} events per server-CPU-second (its ceiling on one free core)`,
    );
  } finally {
    // Wait for it to close the database: the next part writes to the same file (SQLITE_BUSY).
    const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }
}

async function benchKill(target: Target) {
  const db = open(target, 1);
  const before = await countTrackRows(db.db, 'page_visits');
  const { child, base } = await startServer(target);
  const killed = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { acked } = await load(base, 3, () => setTimeout(() => child.kill('SIGKILL'), 1500));
  await killed;
  const stored = (await countTrackRows(db.db, 'page_visits')) - before;
  await db.destroy();
  console.log(
    `${target.label.padEnd(10)} SIGKILL mid-load: acknowledged ${acked.toLocaleString('en')}, stored ${stored.toLocaleString('en')}  ${stored >= acked ? 'ok (nothing acknowledged lost)' : 'LOST RECORDS'}`,
  );
}

// ---- the write path alone, in this process ----
/**
 * Builds rows from parsed records and commits them in 5,000-row groups, as the ingest buffer
 * does, timing each group. The minimum is what the code costs when the machine is quiet: the
 * HTTP figures above swing with whatever else runs, this one much less.
 */
async function benchCommit(target: Target, spec = false) {
  const database = open(target, 4);
  const { db } = database;
  const now = Date.now();
  let k = 0;
  const batch = () =>
    Array.from({ length: BATCH }, (_, i) => ({
      ...(spec ? {} : { clientId: `commit-${k}-${process.pid}` }),
      // Spec records differ by session (a new set of sessions per batch), as in part `spec`.
      sessionId: `c${process.pid}x${Math.floor(k++ / BATCH)}s${i % 7}`,
      pageId: `/course/detail?courseId=${(i % 50) + 1}`,
      // Each batch a millisecond later, as live records are: derived keys lead with the time.
      beginTime: now + Math.floor(k / BATCH) - 5000,
      endTime: now + Math.floor(k / BATCH),
      extras: [{ key: 'courseId', value: String((i % 50) + 1) }],
    }));
  const ctx = { appId: TRACKING_APP_ID, userId: null, now };
  const perEvent: number[] = [];
  let cpuUs = 0;
  for (let round = 0; round < 40; round += 1) {
    const records = Array.from({ length: 5000 / BATCH }, batch);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const jobs = records.map((r) => ({ kind: 'visit' as const, rows: visitRows(r, ctx) }));
    await commitGroup(db, jobs);
    const c = process.cpuUsage(c0);
    if (round >= 10) {
      perEvent.push(((performance.now() - t0) * 1000) / 5000);
      cpuUs += c.user + c.system;
    }
  }
  perEvent.sort((a, b) => a - b);
  console.log(
    `${target.label.padEnd(10)} commit  rows + group commit of 5,000 ${spec ? 'spec visits  ' : 'visits'}: min ${perEvent[0]!.toFixed(1)} µs/event, median ${perEvent[perEvent.length >> 1]!.toFixed(1)} µs/event (${Math.round(1e6 / perEvent[0]!).toLocaleString('en')} events/s on one core), CPU ${(cpuUs / (30 * 5000)).toFixed(1)} µs/event`,
  );
  await database.destroy();
}

// ---- stats over 1M records ----
async function benchStats(target: Target) {
  const database = open(target);
  const { db, dialect } = database;
  // The fixture alone: the ingest and commit parts' records (and their rollups) go first.
  for (const table of ['page_visits', 'element_clicks', 'page_day', 'page_day_visitors', 'course_day', 'course_day_visitors', 'click_day']) {
    await sql`delete from ${sql.table(table)}`.execute(db);
  }
  const lastDay = chinaDay(Date.now());
  const DAYS = 30;
  const VISITS = 1_000_000;
  const CLICKS = 200_000;
  let seq = 0;
  const started = performance.now();
  // Deterministic spread: 2,000 pages (500 of them course pages), 50,000 visitors, 30 days.
  const visitRow = (): TrackRow => {
    const i = seq++;
    const day = lastDay - (i % DAYS);
    const t = day * 86_400_000 - 8 * 3_600_000 + (i % 86_400) * 1000;
    const page = (i * 7919) % 2000;
    const courseId = page < 500 ? page + 1 : null;
    const pageId = courseId ? `/course/detail?courseId=${courseId}` : `/page/${page}`;
    return [`seed-v-${i.toString(36).padStart(10, '0')}`, TRACKING_APP_ID, null, `s${i % 50_000}`, `s:s${(i * 31) % 50_000}`, pageId, courseId, day, '[]', t, t, t + 3000];
  };
  const clickRow = (): TrackRow => {
    const i = seq++;
    const day = lastDay - (i % DAYS);
    const t = day * 86_400_000;
    const courseId = ((i * 104_729) % 500) + 1;
    return [`seed-c-${i.toString(36).padStart(10, '0')}`, TRACKING_APP_ID, null, `s${i % 50_000}`, `s:s${i % 50_000}`, '/index', courseId, day, '[]', t, 'course-card', t];
  };
  const CHUNK = 50_000;
  for (let done = 0; done < VISITS; done += CHUNK) {
    const rows = Array.from({ length: CHUNK }, visitRow);
    await db.transaction().execute((trx) => insertTrackRows(trx, 'page_visits', rows));
  }
  for (let done = 0; done < CLICKS; done += CHUNK) {
    const rows = Array.from({ length: CHUNK }, clickRow);
    await db.transaction().execute((trx) => insertTrackRows(trx, 'element_clicks', rows));
  }
  // What a live database has after autovacuum; a freshly bulk-loaded one lacks statistics.
  await sql`analyze`.execute(db);
  if (dialect === 'postgres') await sql`vacuum page_visits`.execute(db).catch(() => undefined);
  console.log(`${target.label.padEnd(10)} seeded ${VISITS.toLocaleString('en')} visits + ${CLICKS.toLocaleString('en')} clicks in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const queries: Array<[string, (days: number) => Promise<unknown>]> = [
    ['stats/pages (limit 100)', (d) => pageStats(db, { from: lastDay - d + 1, to: lastDay }, 100)],
    ['stats/top_courses (limit 10)', (d) => topCourses(db, { from: lastDay - d + 1, to: lastDay }, 10)],
    ['stats/click_through', (d) => clickThrough(db, { from: lastDay - d + 1, to: lastDay }, 100)],
  ];
  for (const [name, q] of queries) {
    for (const days of [1, 7, 30]) {
      await q(days); // warm
      const times: number[] = [];
      for (let k = 0; k < 5; k += 1) {
        const t0 = performance.now();
        await q(days);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const median = times[2]!;
      console.log(`${target.label.padEnd(10)} ${name.padEnd(30)} ${String(days).padStart(2)} days  median ${median.toFixed(1).padStart(7)} ms  ${median < BUDGET_STATS_MS ? 'ok' : 'OVER BUDGET'}`);
    }
  }
  await database.destroy();
}

async function main() {
  const targets: Target[] = [{ label: 'sqlite', databaseUrl: undefined, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-bench-collect-')), schema: undefined }];
  if (process.env.BENCH_DATABASE_URL) {
    targets.push({ label: 'postgres', databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: os.tmpdir(), schema: `bench_collect_${process.pid}` });
  }
  console.log(`collect: ${os.cpus().length} cores, batches of ${BATCH}, ${CONNECTIONS} connections, ${SECONDS} s`);
  for (const target of targets) {
    // A throw-away schema or data directory: the bench never touches existing data.
    if (target.schema) {
      const admin = openDatabase({ databaseUrl: target.databaseUrl, dataDir: '', poolSize: 1 });
      await sql`create schema if not exists ${sql.id(target.schema)}`.execute(admin.db);
      await admin.destroy();
    }
    const setup = open(target, 1);
    await migrateToLatest(setup.db, setup.dialect);
    await setup.destroy();
    try {
      if (PARTS.includes('ingest')) await benchIngest(target);
      if (PARTS.includes('spec')) await benchIngest(target, true);
      if (PARTS.includes('kill')) await benchKill(target);
      if (PARTS.includes('commit')) {
        await benchCommit(target);
        await benchCommit(target, true);
      }
      if (PARTS.includes('stats')) await benchStats(target);
    } finally {
      if (target.schema) {
        const admin = openDatabase({ databaseUrl: target.databaseUrl, dataDir: '', poolSize: 1 });
        await sql`drop schema ${sql.id(target.schema)} cascade`.execute(admin.db);
        await admin.destroy();
      } else {
        fs.rmSync(target.dataDir, { recursive: true, force: true });
      }
    }
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();

export {};
