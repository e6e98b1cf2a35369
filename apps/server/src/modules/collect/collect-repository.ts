/**
 * Tracking rows: multi-row inserts that skip known client ids, and the operator stats reads.
 *
 * The insert is hand-written SQL, cached by shape (dialect, table, row count): Kysely's builder
 * costs more to build and compile a 500-row insert than SQLite takes to run it (decision 008).
 * `on conflict (client_id) do nothing … returning client_id` is the same on both dialects and
 * tells which rows were new, so duplicates are counted, never stored. The new rows feed the
 * per-day rollups (migration 008) in the same transaction; the stats read only the rollups.
 */
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';

export type TrackTable = 'page_visits' | 'element_clicks' | 'custom_events';

/** Column order of each table's insert; a row is its values in this order. */
export const TRACK_COLUMNS: Record<TrackTable, readonly string[]> = {
  page_visits: ['client_id', 'app_id', 'user_id', 'session_id', 'visitor', 'page_id', 'course_id', 'day', 'extras', 'received_at', 'begin_time', 'end_time'],
  element_clicks: ['client_id', 'app_id', 'user_id', 'session_id', 'visitor', 'page_id', 'course_id', 'day', 'extras', 'received_at', 'element_id', 'event_time'],
  custom_events: ['client_id', 'app_id', 'user_id', 'session_id', 'visitor', 'page_id', 'course_id', 'day', 'extras', 'received_at', 'name', 'event_time'],
};

/** One record's values in TRACK_COLUMNS order; client_id first. */
export type TrackRow = readonly [string, ...unknown[]];

/** Rows per statement: 500 × 12 parameters stays far below both dialects' parameter limits. */
export const INSERT_CHUNK = 500;

type Db = Kysely<DB> | Transaction<DB>;

const statementText = new Map<string, string>();

/**
 * `head values (…),(…) tail` for `rows` tuples of `width` parameters, cached by shape. Shapes are
 * bounded (a few statements × 2 dialects × 1..INSERT_CHUNK rows); the bound guards a bug.
 */
function multiRow(dialect: Dialect, name: string, head: string, width: number, rows: number, tail: string): string {
  const key = `${dialect}:${name}:${rows}`;
  let text = statementText.get(key);
  if (!text) {
    let n = 0;
    const tuple = () => `(${Array.from({ length: width }, () => (dialect === 'postgres' ? `$${++n}` : '?')).join(',')})`;
    text = `${head} values ${Array.from({ length: rows }, tuple).join(',')} ${tail}`;
    if (statementText.size > 8000) statementText.clear();
    statementText.set(key, text);
  }
  return text;
}

/** Runs one multi-row statement per INSERT_CHUNK rows (each row `width` values, flattened). */
async function runChunked<R>(db: Db, dialect: Dialect, name: string, head: string, width: number, values: readonly unknown[], tail: string): Promise<R[]> {
  const out: R[] = [];
  const per = INSERT_CHUNK * width;
  for (let start = 0; start < values.length; start += per) {
    const params = values.length <= per ? (values as unknown[]) : values.slice(start, start + per);
    const text = multiRow(dialect, name, head, width, params.length / width, tail);
    const result = await db.executeQuery<R>(CompiledQuery.raw(text, params));
    for (const r of result.rows) out.push(r);
  }
  return out;
}

/** What each insert reports back about its new rows: what the rollups need. */
const RETURNING: Record<TrackTable, string> = {
  page_visits: 'client_id, day, page_id, visitor, course_id',
  element_clicks: 'client_id, element_id, day, course_id',
  custom_events: 'client_id',
};

interface NewVisit {
  client_id: string;
  day: number;
  page_id: string;
  visitor: string;
  course_id: number | null;
}
interface NewClick {
  client_id: string;
  element_id: string;
  day: number;
  course_id: number | null;
}

/**
 * Inserts the rows (client ids unique among them) and adds the new ones to the per-day rollups
 * (migration 008); answers the client ids that were new. Call it inside a transaction, so the
 * raw rows and their rollups commit together. Rows the database already held (`on conflict do
 * nothing` leaves them out of `returning`) are never counted again.
 */
export async function insertTrackRows(db: Db, dialect: Dialect, table: TrackTable, rows: readonly TrackRow[]): Promise<Set<string>> {
  const cols = TRACK_COLUMNS[table];
  const values: unknown[] = [];
  for (const row of rows) for (const v of row) values.push(v);
  const fresh = await runChunked<{ client_id: string }>(
    db,
    dialect,
    table,
    `insert into ${table} (${cols.join(',')})`,
    cols.length,
    values,
    `on conflict (client_id) do nothing returning ${RETURNING[table]}`,
  );
  if (table === 'page_visits') await rollUpVisits(db, dialect, fresh as unknown as NewVisit[]);
  else if (table === 'element_clicks') await rollUpClicks(db, dialect, fresh as unknown as NewClick[]);
  const inserted = new Set<string>();
  for (const r of fresh) inserted.add(r.client_id);
  return inserted;
}

/** Sorted keys: concurrent PostgreSQL transactions then take the rollup row locks in one order. */
const byKey = <T>(m: Map<string, T>) => [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((e) => e[1]);
/** Key separator: NUL, which ingest refuses in any text (collect-service checkText), so keys never collide. */
const SEP = '\u0000';

async function rollUpVisits(db: Db, dialect: Dialect, fresh: readonly NewVisit[]): Promise<void> {
  if (!fresh.length) return;
  const pages = new Map<string, { day: number; page: string; visits: number; visitors: number }>();
  const pageVisitors = new Map<string, [number, string, string]>();
  const courses = new Map<string, { day: number; course: number; visits: number }>();
  const courseVisitors = new Map<string, [number, number, string]>();
  for (const r of fresh) {
    const day = Number(r.day);
    const pk = `${day}${SEP}${r.page_id}`;
    const p = pages.get(pk);
    if (p) p.visits += 1;
    else pages.set(pk, { day, page: r.page_id, visits: 1, visitors: 0 });
    pageVisitors.set(`${pk}${SEP}${r.visitor}`, [day, r.page_id, r.visitor]);
    if (r.course_id !== null) {
      const course = Number(r.course_id);
      const ck = `${course}${SEP}${day}`;
      const c = courses.get(ck);
      if (c) c.visits += 1;
      else courses.set(ck, { day, course, visits: 1 });
      courseVisitors.set(`${ck}${SEP}${r.visitor}`, [course, day, r.visitor]);
    }
  }
  // Exact unique visitors: a visitor counts for a (day, page) when its set row is new.
  const newVisitors = await runChunked<{ day: number; page_id: string }>(
    db,
    dialect,
    'page_day_visitors',
    'insert into page_day_visitors (day, page_id, visitor)',
    3,
    byKey(pageVisitors).flat(),
    'on conflict do nothing returning day, page_id',
  );
  for (const v of newVisitors) pages.get(`${Number(v.day)}${SEP}${v.page_id}`)!.visitors += 1;
  await runChunked(
    db,
    dialect,
    'course_day_visitors',
    'insert into course_day_visitors (course_id, day, visitor)',
    3,
    byKey(courseVisitors).flat(),
    'on conflict do nothing',
  );
  await runChunked(
    db,
    dialect,
    'page_day',
    'insert into page_day (day, page_id, visits, visitors)',
    4,
    byKey(pages).flatMap((p) => [p.day, p.page, p.visits, p.visitors]),
    'on conflict (day, page_id) do update set visits = page_day.visits + excluded.visits, visitors = page_day.visitors + excluded.visitors',
  );
  if (courses.size) {
    await runChunked(
      db,
      dialect,
      'course_day',
      'insert into course_day (day, course_id, visits)',
      3,
      byKey(courses).flatMap((c) => [c.day, c.course, c.visits]),
      'on conflict (day, course_id) do update set visits = course_day.visits + excluded.visits',
    );
  }
}

async function rollUpClicks(db: Db, dialect: Dialect, fresh: readonly NewClick[]): Promise<void> {
  const clicks = new Map<string, [string, number, number, number]>();
  for (const r of fresh) {
    if (r.course_id === null) continue; // click-through only counts clicks that name a course
    const day = Number(r.day);
    const course = Number(r.course_id);
    const k = `${r.element_id}${SEP}${day}${SEP}${course}`;
    const c = clicks.get(k);
    if (c) c[3] += 1;
    else clicks.set(k, [r.element_id, day, course, 1]);
  }
  if (!clicks.size) return;
  await runChunked(
    db,
    dialect,
    'click_day',
    'insert into click_day (element_id, day, course_id, clicks)',
    4,
    byKey(clicks).flat(),
    'on conflict (element_id, day, course_id) do update set clicks = click_day.clicks + excluded.clicks',
  );
}

export interface DayRange {
  /** Inclusive, days since 1970-01-01 in UTC+8. */
  from: number;
  to: number;
}

export async function pageDayStats(db: Db, range: DayRange, limit: number) {
  return db
    .selectFrom('page_day')
    .select(['day', 'page_id', 'visits', 'visitors'])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .orderBy('day', 'desc')
    .orderBy('visits', 'desc')
    .orderBy('page_id')
    .limit(limit)
    .execute();
}

/** Courses ranked by course page visits, with unique visitors over the whole range. */
export async function topCourseStats(db: Db, range: DayRange, limit: number) {
  const top = await db
    .selectFrom('course_day')
    .select('course_id')
    .select((eb) => eb.fn.sum<number>('visits').as('visits'))
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('course_id')
    .orderBy('visits', 'desc')
    .orderBy('course_id')
    .limit(limit)
    .execute();
  if (!top.length) return [];
  // Distinct over the range, not a sum of daily uniques; only for the courses shown.
  const visitors = await db
    .selectFrom('course_day_visitors')
    .select('course_id')
    .select((eb) => eb.fn.count<number>('visitor').distinct().as('visitors'))
    .where(
      'course_id',
      'in',
      top.map((t) => t.course_id),
    )
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('course_id')
    .execute();
  const byCourse = new Map(visitors.map((v) => [Number(v.course_id), Number(v.visitors)]));
  return top.map((t) => ({ course_id: Number(t.course_id), visits: Number(t.visits), visitors: byCourse.get(Number(t.course_id)) ?? 0 }));
}

/** Clicks on one element id per course (the list side of click-through). */
export async function elementClicksByCourse(db: Db, elementId: string, range: DayRange) {
  return db
    .selectFrom('click_day')
    .select('course_id')
    .select((eb) => eb.fn.sum<number>('clicks').as('clicks'))
    .where('element_id', '=', elementId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('course_id')
    .execute();
}

/** Course page visits per course (the page side of click-through). */
export async function courseVisitsByCourse(db: Db, range: DayRange) {
  return db
    .selectFrom('course_day')
    .select('course_id')
    .select((eb) => eb.fn.sum<number>('visits').as('visits'))
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('course_id')
    .execute();
}

/** Counts stored records (tests and the bench check that nothing was lost or doubled). */
export async function countTrackRows(db: Db, table: TrackTable): Promise<number> {
  const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
