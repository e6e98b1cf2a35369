// Temporary profile helper (engineer K): sequential in-process timings of the history calls.
import { startSeededApp } from './support/seeded-app.ts';
import { growCatalogue } from './support/grow.ts';
import { catalogueCacheFor } from '../apps/server/src/modules/courses/http-cache.ts';
import { catalogueUpkeepOf } from '../apps/server/src/modules/courses/search-index-job.ts';
import BetterSqlite from 'better-sqlite3';
const stats = new Map<string, { n: number; ms: number }>();
let on = false;
const proto = Object.getPrototypeOf(new BetterSqlite(':memory:').prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
for (const m of ['all', 'get', 'run', 'iterate']) {
  const orig = proto[m]!;
  proto[m] = function (this: { source: string }, ...a: unknown[]) {
    if (!on) return orig.apply(this, a);
    const t = performance.now();
    try { return orig.apply(this, a); } finally {
      const k = this.source.slice(0, 160);
      const e = stats.get(k) ?? { n: 0, ms: 0 };
      e.n++; e.ms += performance.now() - t; stats.set(k, e);
    }
  };
}
let learnerId = 0;
const { app, database, close } = await startSeededApp('kprof', process.env.BENCH_DATABASE_URL, { TEST_LOGIN: 'on' }, undefined, async (db) => {
  learnerId = (await db.db.selectFrom('users').select('id').where('preset_label', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).id;
  await growCatalogue(db.db, db.dialect, { courses: Number(process.env.K_COURSES ?? 10000), orders: 200_000, learnerId, learnerRows: 10_000 });
});
await catalogueUpkeepOf(database.db)?.idle();
const tok = (await app.inject({ url: `/v1/wechat/token2?userId=${learnerId}&productType=0` })).json() as { data: { accessToken: string } };
const headers = { 'Access-Token': tok.data.accessToken };
const cache = catalogueCacheFor(database.db);
cache.ttlMs = 0;
const tag = await database.db.selectFrom('tags').select('id').orderBy('id').executeTakeFirstOrThrow();
const urls = (process.env.K_URLS ?? `/healthz,/v1/courses/list?pageIndex=1&pageSize=10,/v1/courses/list?tagId=${tag.id}&pageIndex=1&pageSize=10,/v1/orders/list/0?pageIndex=1&pageSize=10,/v1/favorites/list?pageIndex=1&pageSize=10,/v1/courses/listen_record_list?pageIndex=1&pageSize=10,/v1/courses/mine?pageIndex=1&pageSize=10`).split(',');
for (const url of urls) {
  for (let i = 0; i < 50; i++) await app.inject({ url, headers });
  const n = 400;
  stats.clear(); on = true;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await app.inject({ url, headers });
    if (i === 0 && r.statusCode !== 200) console.log(url, r.statusCode, r.body.slice(0, 200));
  }
  console.log(`${((performance.now() - t0) / n).toFixed(3)} ms  ${url}`);
  on = false;
  for (const [k, v] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6)) console.log(`    ${(v.ms / n).toFixed(3)} ms/req  x${(v.n / n).toFixed(1)}  ${k}`);
}
await close();
