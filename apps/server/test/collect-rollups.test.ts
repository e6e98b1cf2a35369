/**
 * The operator stats read per-day rollups (migration 008) kept up to date with every upload.
 * They must say exactly what the raw records say, retried and repeated uploads included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { TRACKING_APP_ID } from '@jinfa/shared';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { backfillTrackingRollups } from '../src/db/migrations/008-tracking-rollups.ts';

const APP = { 'x-app-id': TRACKING_APP_ID, 'content-type': 'application/json' };
const OPS = { 'x-ops-token': 'ops-secret-for-tests' };
/** 2025-03-10 10:00 China time; the fixture spreads over this day and the next three. */
const T0 = Date.UTC(2025, 2, 10, 2);
const DAY = 86_400_000;
const RANGE = 'from=2025-03-10&to=2025-03-13';

/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(x / 65_536) % n; // the high bits: the low ones of an LCG cycle quickly
  };
}

function fixture() {
  const rnd = lcg(42);
  const pages = ['/index', '/search', '/course/detail?courseId=1', '/course/detail?courseId=2&tid=9', '/course/detail?courseId=3', '/activity/cashBack'];
  const visits = Array.from({ length: 400 }, (_, i) => {
    const t = T0 + rnd(4) * DAY + rnd(3600) * 1000;
    const pageId = pages[rnd(pages.length)]!;
    const extras = pageId === '/activity/cashBack' ? [{ key: 'courseId', value: String(1 + rnd(3)) }] : [];
    return { clientId: `fixture-visit-${String(i).padStart(4, '0')}`, pageId, sessionId: `s${rnd(25)}`, beginTime: t, endTime: t + 1000, extras };
  });
  const clicks = Array.from({ length: 200 }, (_, i) => {
    const t = T0 + rnd(4) * DAY;
    const extras = rnd(5) === 0 ? [] : [{ key: 'courseId', value: String(1 + rnd(4)) }];
    return { clientId: `fixture-click-${String(i).padStart(4, '0')}`, elementId: rnd(3) === 0 ? 'banner' : 'course-card', eventTime: t, sessionId: `s${rnd(25)}`, pageId: '/index', extras };
  });
  return { visits, clicks };
}

/** Batches of 30 where every fourth batch repeats records of the one before, as a retry would. */
function batches<T>(records: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < records.length; i += 30) {
    const b = records.slice(i, i + 30);
    if (out.length % 4 === 3) b.push(...out[out.length - 1]!.slice(0, 10), b[0]!);
    out.push(b);
  }
  return out;
}

/** The stats computed straight from the raw records (what the API answered before rollups). */
async function rawStats(db: Kysely<unknown>, from: number, to: number) {
  const pages = await sql<{ day: number; page_id: string; visits: number; visitors: number }>`
    select day, page_id, count(*) as visits, count(distinct visitor) as visitors from page_visits
    where day between ${from} and ${to} group by day, page_id order by day desc, visits desc, page_id`.execute(db);
  const courses = await sql<{ course_id: number; visits: number; visitors: number }>`
    select course_id, count(*) as visits, count(distinct visitor) as visitors from page_visits
    where day between ${from} and ${to} and course_id is not null group by course_id order by visits desc, course_id`.execute(db);
  const clicks = await sql<{ course_id: number; clicks: number }>`
    select course_id, count(*) as clicks from element_clicks
    where element_id = 'course-card' and day between ${from} and ${to} and course_id is not null group by course_id`.execute(db);
  const date = (d: number) => new Date(Number(d) * DAY).toISOString().slice(0, 10);
  return {
    pages: pages.rows.map((r) => ({ day: date(r.day), pageId: r.page_id, visits: Number(r.visits), visitors: Number(r.visitors) })),
    courses: courses.rows.map((r) => ({ courseId: Number(r.course_id), visits: Number(r.visits), visitors: Number(r.visitors) })),
    clicks: new Map(clicks.rows.map((r) => [Number(r.course_id), Number(r.clicks)])),
  };
}

async function rollupTables(db: Kysely<unknown>) {
  const all = async (q: ReturnType<typeof sql>) => (await q.execute(db)).rows.map((r) => JSON.stringify(Object.values(r as object).map(String)));
  return {
    pageDay: await all(sql`select day, page_id, visits, visitors from page_day order by day, page_id`),
    pageVisitors: await all(sql`select day, page_id, visitor from page_day_visitors order by day, page_id, visitor`),
    courseDay: await all(sql`select day, course_id, visits from course_day order by day, course_id`),
    courseVisitors: await all(sql`select course_id, day, visitor from course_day_visitors order by course_id, day, visitor`),
    clickDay: await all(sql`select element_id, day, course_id, clicks from click_day order by element_id, day, course_id`),
  };
}

describe.each(dialectsUnderTest())('collect stats from rollups (%s)', (dialect) => {
  let t: TestApp;
  let db: Kysely<unknown>;
  const from = Math.floor((T0 + 8 * 3_600_000) / DAY);
  beforeAll(async () => {
    t = await build(dialect, { config: { opsToken: OPS['x-ops-token'] } });
    db = t.app.db as unknown as Kysely<unknown>;
    const { visits, clicks } = fixture();
    const post = (url: string, body: unknown) => t.app.inject({ method: 'POST', url, headers: APP, payload: JSON.stringify(body) });
    // Concurrent uploads share group commits; then every batch once more, as a tracker that
    // never saw the answers would send them.
    for (let pass = 0; pass < 2; pass += 1) {
      const answers = await Promise.all([
        ...batches(visits).map((b) => post('/v1/collect/page/visit/batch', b)),
        ...batches(clicks).map((b) => post('/v1/collect/page/event/element/batch', b)),
      ]);
      expect(answers.map((a) => a.json().code)).toEqual(answers.map(() => 0));
    }
    // One near-limit upload: its rows and rollup rows go out in several statement sizes.
    const big = Array.from({ length: 499 }, (_, i) => ({
      clientId: `fixture-big-${String(i).padStart(4, '0')}`,
      pageId: i % 3 ? `/page/${i % 137}` : `/course/detail?courseId=${(i % 40) + 1}`,
      sessionId: `big${i % 61}`,
      beginTime: T0 + (i % 2) * DAY,
      endTime: T0 + (i % 2) * DAY,
      extras: [],
    }));
    expect((await post('/v1/collect/page/visit/batch', big)).json().data).toEqual({ accepted: 499, duplicates: 0 });
  });
  afterAll(() => t.close());

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: OPS })).json().data;

  it('GET /v1/collect/stats/pages answers what the raw records say, duplicates counted once', async () => {
    const raw = await rawStats(db, from, from + 3);
    expect(raw.pages.reduce((n, p) => n + p.visits, 0)).toBe(400 + 499);
    expect((await get(`/v1/collect/stats/pages?${RANGE}&limit=1000`)).rows).toEqual(raw.pages);
    const oneDay = await rawStats(db, from + 1, from + 1);
    expect((await get('/v1/collect/stats/pages?from=2025-03-11&to=2025-03-11&limit=1000')).rows).toEqual(oneDay.pages);
  });

  it('GET /v1/collect/stats/top_courses answers what the raw records say, visitors distinct over the range', async () => {
    const raw = await rawStats(db, from, from + 3);
    expect((await get(`/v1/collect/stats/top_courses?${RANGE}&limit=1000`)).rows).toEqual(raw.courses);
    expect((await get(`/v1/collect/stats/top_courses?${RANGE}&limit=2`)).rows).toEqual(raw.courses.slice(0, 2));
    const twoDays = await rawStats(db, from + 2, from + 3);
    expect((await get('/v1/collect/stats/top_courses?from=2025-03-12&to=2025-03-13')).rows).toEqual(twoDays.courses);
  });

  it('GET /v1/collect/stats/click_through answers what the raw records say', async () => {
    const raw = await rawStats(db, from, from + 3);
    const data = await get(`/v1/collect/stats/click_through?${RANGE}&limit=1000`);
    const clicks = [...raw.clicks.values()].reduce((a, b) => a + b, 0);
    expect(data.clicks).toBe(clicks);
    expect(data.visits).toBe(raw.courses.reduce((n, c) => n + c.visits, 0));
    for (const row of data.rows) {
      expect(row.clicks).toBe(raw.clicks.get(row.courseId) ?? 0);
      expect(row.visits).toBe(raw.courses.find((c) => c.courseId === row.courseId)?.visits ?? 0);
    }
  });

  it('rolls up existing records in the migration exactly as ingestion keeps them', async () => {
    const kept = await rollupTables(db);
    expect(kept.pageDay.length).toBeGreaterThan(10);
    for (const table of ['page_day', 'page_day_visitors', 'course_day', 'course_day_visitors', 'click_day']) {
      await sql`delete from ${sql.table(table)}`.execute(db);
    }
    await backfillTrackingRollups(db);
    expect(await rollupTables(db)).toEqual(kept);
  });
});
