/**
 * Reads at scale (issue 11, decision 022). Grows the seeded database to BENCH_SIZES courses (default
 * 10,000 and 50,000) with 200,000 orders and one learner holding 10,000 orders, favourites and
 * listen records (support/grow.ts), then measures at 50 connections, against /healthz of the same
 * server on the same run:
 *
 * - every list, filter (level, activity type, free, type, tag, …), search and history call with
 *   the in-process response cache OFF (its TTL set to 0 on the running server: every request
 *   queries the database; the list totals and card statics keep their own short caches);
 * - the course page's calls with a token (private answers, never cached), and an anonymous course
 *   page with the response cache ON;
 * - how long the server takes to become ready on the grown data while the search index is
 *   rebuilt (in the background), and how long the rebuild then takes.
 *
 * Prints figures (ratio to /healthz, p99); asserts nothing.
 *
 *   npx tsx bench/reads-at-scale.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_SIZES=10000 npx tsx bench/reads-at-scale.ts
 *   BENCH_DIALECTS=postgres BENCH_ONLY=list,search …   # name filters (substring of the call name)
 *
 * /healthz is measured right before every call and each ratio is to that neighbouring figure.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { catalogueCacheFor } from '../apps/server/src/modules/courses/http-cache.ts';
import { catalogueUpkeepOf } from '../apps/server/src/jobs/search-index.ts';
import { startSeededApp } from './support/seeded-app.ts';
import { growCatalogue } from './support/grow.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const SIZES = (process.env.BENCH_SIZES ?? '10000,50000').split(',').map(Number);
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const LIST_BUDGET = 0.2;
const PAGE_BUDGET = 0.5;
const PAGE_P99_MS = 20;

interface Figures {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function run(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

const rows: string[] = [];

async function benchOne(label: string, databaseUrl: string | undefined, courses: number) {
  const growStarted = Date.now();
  let learnerId = 0;
  const started = { at: 0 };
  const { database, base, close } = await startSeededApp(
    `reads${courses}`,
    databaseUrl,
    // The production default of the token reuse (NODE_ENV=test turns it off); AUTH_CACHE_MS=0 measures without.
    { TEST_LOGIN: 'on', AUTH_CACHE_MS: process.env.AUTH_CACHE_MS ?? '1000' },
    undefined,
    async (db) => {
      const learner = await db.db.selectFrom('users').select('id').where('preset_label', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
      learnerId = learner.id;
      await growCatalogue(db.db, db.dialect, { courses, orders: 200_000, learnerId, learnerRows: 10_000 });
      console.log(`\n[${label} ${courses} courses] grown in ${Date.now() - growStarted} ms; starting the server`);
      started.at = Date.now();
    },
  );
  const readyMs = Date.now() - started.at;
  const upkeep = catalogueUpkeepOf(database.db);
  const idleStarted = Date.now();
  await upkeep?.idle();
  console.log(`  server ready in ${readyMs} ms (search index rebuilt in the background, done ${Date.now() - idleStarted} ms after ready)`);
  rows.push(`| start-up | ${label} | ${courses} | ready ${readyMs} ms; index + statistics in the background +${Date.now() - idleStarted} ms | |`);

  const tok = (await (await fetch(`${base}/v1/wechat/token2?userId=${learnerId}&productType=0`)).json()) as { data: { accessToken: string } };
  const auth = { 'Access-Token': tok.data.accessToken };
  const tag = await database.db.selectFrom('tags').select('id').orderBy('id').executeTakeFirstOrThrow();
  const subject = await database.db.selectFrom('subjects').select('id').orderBy('id').executeTakeFirstOrThrow();
  const course = await database.db
    .selectFrom('courses')
    .select('id')
    .where('status', '=', 1)
    .where('corporate_id', 'is', null)
    .where('course_type', '=', 2)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const list = (q: string) => `${base}/v1/courses/list?${q}`;
  const calls: Array<[string, string, Record<string, string>]> = [
    ['list', list('pageIndex=1&pageSize=10'), {}],
    ['list p5', list('pageIndex=5&pageSize=10'), {}],
    ['list latest', list('sort=latest&pageIndex=2&pageSize=10'), {}],
    ['list popular', list('sort=popular&pageIndex=2&pageSize=10'), {}],
    ['filter level=6', list('courseLevel=6&pageIndex=2&pageSize=10'), {}],
    ['filter activityType=3', list('activityType=3&pageIndex=1&pageSize=10'), {}],
    ['filter isFree=1', list('isFree=1&pageIndex=1&pageSize=10'), {}],
    ['filter courseType=2', list('courseType=2&pageIndex=1&pageSize=10'), {}],
    ['filter listType=1', list('listType=1&pageIndex=1&pageSize=10'), {}],
    ['filter subjectId', list(`subjectId=${subject.id}&pageIndex=1&pageSize=10`), {}],
    ['filter tagId', list(`tagId=${tag.id}&pageIndex=1&pageSize=10`), {}],
    ['search 反洗钱', list(`keyword=${encodeURIComponent('反洗钱')}&pageIndex=1&pageSize=10`), {}],
    ['search 担保', list(`keyword=${encodeURIComponent('担保')}&pageIndex=1&pageSize=10`), {}],
    ['search 反洗钱 level=6', list(`keyword=${encodeURIComponent('反洗钱')}&courseLevel=6&pageIndex=1&pageSize=10`), {}],
    ['special_vip', `${base}/v1/courses/special_vip?pageIndex=1&pageSize=10`, {}],
    ['history orders/list/0', `${base}/v1/orders/list/0?pageIndex=1&pageSize=10`, auth],
    ['history orders/list/1', `${base}/v1/orders/list/1?pageIndex=2&pageSize=10`, auth],
    ['history favorites/list', `${base}/v1/favorites/list?pageIndex=1&pageSize=10`, auth],
    ['history listen_record_list', `${base}/v1/courses/listen_record_list?pageIndex=1&pageSize=10`, auth],
    ['history courses/mine', `${base}/v1/courses/mine?pageIndex=1&pageSize=10`, auth],
  ];
  const pageCalls: Array<[string, string, Record<string, string>]> = [
    ['page course (token)', `${base}/v1/courses/${course.id}`, auth],
    ['page favorites check (token)', `${base}/v1/favorites/${course.id}/check`, auth],
    ['page listen_progress (token)', `${base}/v1/courses/${course.id}/listen_progress`, auth],
    ['page series (token)', `${base}/v1/courses/${course.id}/series`, auth],
    ['page related (token)', `${base}/v1/courses/${course.id}/related/4`, auth],
    ['page course (anonymous, cached)', `${base}/v1/courses/${course.id}`, {}],
  ];
  const wanted = (name: string) => !ONLY || ONLY.some((o) => name.includes(o));

  // Warm up: JIT, pools, statement caches.
  await autocannon({ url: `${base}/healthz`, connections: CONNECTIONS, duration: 1 });
  for (const [name, url, headers] of [...calls, ...pageCalls]) if (wanted(name)) await autocannon({ url, headers, connections: 10, amount: 200 });

  const cache = catalogueCacheFor(database.db);
  const healthz = await run(`${base}/healthz`);
  console.log(`  ${CONNECTIONS} connections, ${DURATION}s each, ${os.cpus().length} cores; /healthz ${healthz.rps} req/s p99 ${healthz.p99} ms`);
  // The machine is shared: /healthz is measured again right before each call, and the ratio is
  // to that neighbouring figure, so a load change between two calls does not pass for a result.
  let near = healthz;
  const measure = async (url: string, headers: Record<string, string>) => {
    near = await run(`${base}/healthz`);
    return run(url, headers);
  };
  const report = (name: string, f: Figures, budget: number, p99Budget?: number) => {
    const ratio = f.rps / near.rps;
    const ok = ratio >= budget && (p99Budget === undefined || f.p99 <= p99Budget) && f.non2xx === 0 && f.errors === 0;
    console.log(
      `  ${name.padEnd(34)} ${String(f.rps).padStart(6)} req/s (healthz ${String(near.rps).padStart(6)})  ${ratio.toFixed(2)}×  p99 ${String(f.p99).padStart(4)} ms  non-2xx ${f.non2xx}  ${ok ? 'ok' : `OVER BUDGET (≥ ${budget}×${p99Budget ? `, p99 ≤ ${p99Budget} ms` : ''})`}`,
    );
    rows.push(`| ${name} | ${label} | ${courses} | ${ratio.toFixed(2)}× | ${f.p99} ms |`);
  };
  cache.ttlMs = 0;
  cache.clear();
  console.log('  -- response cache OFF');
  for (const [name, url, headers] of calls) if (wanted(name)) report(name, await measure(url, headers), LIST_BUDGET);
  cache.ttlMs = 5_000;
  console.log('  -- course page (response cache at its default)');
  for (const [name, url, headers] of pageCalls) if (wanted(name)) report(name, await measure(url, headers), name.includes('anonymous') ? 0.9 : PAGE_BUDGET, PAGE_P99_MS);

  await close();
}

for (const size of SIZES) {
  if (DIALECTS.includes('sqlite')) await benchOne('sqlite', undefined, size);
  if (DIALECTS.includes('postgres') && process.env.BENCH_DATABASE_URL) await benchOne('postgres', process.env.BENCH_DATABASE_URL, size);
}
console.log('\n| call | database | courses | ratio to /healthz | p99 |\n| --- | --- | --- | --- | --- |');
for (const r of rows) console.log(r);
