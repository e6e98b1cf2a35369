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

/** `head values (…),(…) tail` for `rows` tuples of `width` parameters, cached by shape. */
function multiRow(dialect: Dialect, name: string, head: string, width: number, rows: number, tail: string): string {
  const key = `${dialect}:${name}:${rows}`;
  let text = statementText.get(key);
  if (!text) {
    let n = 0;
    const tuple = () => `(${Array.from({ length: width }, () => (dialect === 'postgres' ? `$${++n}` : '?')).join(',')})`;
    text = `${head} values ${Array.from({ length: rows }, tuple).join(',')} ${tail}`;
    statementText.set(key, text);
  }
  return text;
}

/**
 * Rows per statement: INSERT_CHUNK while that many remain, then powers of two (256, 128, … 1).
 * So every statement has one of 10 shapes whatever the batch sizes: SQLite keeps them all
 * prepared (db/statement-cache.ts, 500 entries shared with the catalogue's hot reads) instead
 * of preparing a new 500-tuple text for each odd remainder and evicting everything else.
 */
function chunkRows(remaining: number): number {
  if (remaining >= INSERT_CHUNK) return INSERT_CHUNK;
  let n = 256;
  while (n > remaining) n >>= 1;
  return n;
}

/** Runs `values` (rows of `width` values, flattened) as multi-row statements; answers all rows. */
async function runChunked<R>(db: Db, dialect: Dialect, name: string, head: string, width: number, values: readonly unknown[], tail: string): Promise<R[]> {
  let out: R[] = [];
  const total = values.length / width;
  for (let row = 0; row < total; ) {
    const rows = chunkRows(total - row);
    const params = rows === total ? (values as unknown[]) : values.slice(row * width, (row + rows) * width);
    const result = await db.executeQuery<R>(CompiledQuery.raw(multiRow(dialect, name, head, width, rows, tail), params));
    out = out.length ? out.concat(result.rows) : (result.rows as R[]);
    row += rows;
  }
  return out;
}

/** Positions in a TrackRow (TRACK_COLUMNS order) that the rollups read. */
const VISITOR = 4;
const PAGE_ID = 5;
const COURSE_ID = 6;
const DAY = 7;
const ELEMENT_ID = 10;

/**
 * Inserts the rows (client ids unique among them) and adds the new ones to the per-day rollups
 * (migration 008); answers the client ids that were new. Call it inside a transaction, so the
 * raw rows and their rollups commit together. Rows the database already held (`on conflict do
 * nothing` leaves them out of `returning`) are never counted again. Only the client id comes
 * back: the rollups read the rest from the rows in hand.
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
    'on conflict (client_id) do nothing returning client_id',
  );
  const inserted = new Set<string>();
  for (const r of fresh) inserted.add(r.client_id);
  if (table !== 'custom_events' && inserted.size) {
    const newRows = inserted.size === rows.length ? rows : rows.filter((r) => inserted.has(r[0]));
    if (table === 'page_visits') await rollUpVisits(db, dialect, newRows);
    else await rollUpClicks(db, dialect, newRows);
  }
  return inserted;
}

/**
 * Concurrent PostgreSQL transactions must take the rollup rows' locks in one order, or two
 * group commits could deadlock; SQLite has one writer and skips the sort.
 */
function ordered<T>(dialect: Dialect, m: Map<string, T>): Iterable<T> {
  if (dialect === 'sqlite') return m.values();
  return [...m.keys()].sort().map((k) => m.get(k)!);
}

/** Key separator: NUL, which ingest refuses in any text (collect-service checkText), so keys never collide. */
const SEP = '\u0000';

async function rollUpVisits(db: Db, dialect: Dialect, rows: readonly TrackRow[]): Promise<void> {
  const pages = new Map<string, { day: number; page: string; visits: number; visitors: number; seen: Set<string> }>();
  const courses = new Map<string, { day: number; course: number; visits: number; seen: Set<string> }>();
  for (const r of rows) {
    const day = r[DAY] as number;
    const page = r[PAGE_ID] as string;
    const visitor = r[VISITOR] as string;
    const course = r[COURSE_ID] as number | null;
    const pk = `${day}${SEP}${page}`;
    let p = pages.get(pk);
    if (!p) pages.set(pk, (p = { day, page, visits: 0, visitors: 0, seen: new Set() }));
    p.visits += 1;
    p.seen.add(visitor);
    if (course !== null) {
      const ck = `${course}${SEP}${day}`;
      let c = courses.get(ck);
      if (!c) courses.set(ck, (c = { day, course, visits: 0, seen: new Set() }));
      c.visits += 1;
      c.seen.add(visitor);
    }
  }
  const pageVisitors: unknown[] = [];
  for (const p of ordered(dialect, pages)) for (const v of dialect === 'sqlite' ? p.seen : [...p.seen].sort()) pageVisitors.push(p.day, p.page, v);
  // Exact unique visitors: a visitor counts for a (day, page) when its set row is new.
  const newVisitors = await runChunked<{ day: number; page_id: string }>(
    db,
    dialect,
    'page_day_visitors',
    'insert into page_day_visitors (day, page_id, visitor)',
    3,
    pageVisitors,
    'on conflict do nothing returning day, page_id',
  );
  for (const v of newVisitors) pages.get(`${Number(v.day)}${SEP}${v.page_id}`)!.visitors += 1;
  if (courses.size) {
    const courseVisitors: unknown[] = [];
    for (const c of ordered(dialect, courses)) for (const v of dialect === 'sqlite' ? c.seen : [...c.seen].sort()) courseVisitors.push(c.course, c.day, v);
    await runChunked(db, dialect, 'course_day_visitors', 'insert into course_day_visitors (course_id, day, visitor)', 3, courseVisitors, 'on conflict do nothing');
  }
  const pageDay: unknown[] = [];
  for (const p of ordered(dialect, pages)) pageDay.push(p.day, p.page, p.visits, p.visitors);
  await runChunked(
    db,
    dialect,
    'page_day',
    'insert into page_day (day, page_id, visits, visitors)',
    4,
    pageDay,
    'on conflict (day, page_id) do update set visits = page_day.visits + excluded.visits, visitors = page_day.visitors + excluded.visitors',
  );
  if (courses.size) {
    const courseDay: unknown[] = [];
    for (const c of ordered(dialect, courses)) courseDay.push(c.day, c.course, c.visits);
    await runChunked(
      db,
      dialect,
      'course_day',
      'insert into course_day (day, course_id, visits)',
      3,
      courseDay,
      'on conflict (day, course_id) do update set visits = course_day.visits + excluded.visits',
    );
  }
}

async function rollUpClicks(db: Db, dialect: Dialect, rows: readonly TrackRow[]): Promise<void> {
  const clicks = new Map<string, [string, number, number, number]>();
  for (const r of rows) {
    const course = r[COURSE_ID] as number | null;
    if (course === null) continue; // click-through only counts clicks that name a course
    const element = r[ELEMENT_ID] as string;
    const day = r[DAY] as number;
    const k = `${element}${SEP}${day}${SEP}${course}`;
    const c = clicks.get(k);
    if (c) c[3] += 1;
    else clicks.set(k, [element, day, course, 1]);
  }
  if (!clicks.size) return;
  const values: unknown[] = [];
  for (const c of ordered(dialect, clicks)) values.push(...c);
  await runChunked(
    db,
    dialect,
    'click_day',
    'insert into click_day (element_id, day, course_id, clicks)',
    4,
    values,
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
