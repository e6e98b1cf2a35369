/**
 * Tracking rows: multi-row inserts that skip known client ids, and the operator stats reads.
 *
 * The insert is hand-written SQL, its text cached by shape (table, row count; multiRowSql): Kysely's builder
 * costs more to build and compile a 500-row insert than SQLite takes to run it (decision 008).
 * `on conflict (client_id) do nothing` drops a known client id (counted as a duplicate, never
 * stored); PostgreSQL's `returning client_id` tells which rows were new, SQLite's change count
 * and row ids do (insertTrackRows). The new rows feed the per-day rollups (migration 008) in the
 * same transaction; the stats read only the rollups.
 */
import { CompiledQuery, sql } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import { hasSingleWriter, multiRowSql } from '../../db/dialect.ts';

export type TrackTable = 'page_visits' | 'element_clicks' | 'custom_events';

/** Column order of each table's insert; a row is its values in this order. */
export const TRACK_COLUMNS: Record<TrackTable, readonly string[]> = {
  page_visits: ['client_id', 'app_id', 'user_id', 'session_id', 'visitor', 'page_id', 'course_id', 'day', 'extras', 'received_at', 'begin_time', 'end_time'],
  element_clicks: ['client_id', 'app_id', 'user_id', 'session_id', 'visitor', 'page_id', 'course_id', 'day', 'extras', 'received_at', 'element_id', 'event_time'],
  custom_events: ['client_id', 'app_id', 'user_id', 'session_id', 'visitor', 'page_id', 'course_id', 'day', 'extras', 'received_at', 'name', 'event_time'],
};

/** One record's values in TRACK_COLUMNS order; client_id first. */
export type TrackRow = readonly [string, ...unknown[]];

/** Rows per statement: 500 × 12 parameters stays far below both databases' parameter limits. */
export const INSERT_CHUNK = 500;

type Db = Conn;

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

/**
 * Runs `rows` (tuples of `width` values) as multi-row statements; answers the rows the
 * statements return and how many rows they changed. Each statement's parameters are built
 * from its own rows (no flattened copy of the whole group first).
 */
async function runChunked<R>(
  db: Db,
  name: string,
  head: string,
  width: number,
  rows: readonly (readonly unknown[])[],
  tail: string,
): Promise<{ rows: R[]; changes: number }> {
  let out: R[] = [];
  let changes = 0;
  const total = rows.length;
  for (let row = 0; row < total; ) {
    const n = chunkRows(total - row);
    const params: unknown[] = new Array(n * width);
    let p = 0;
    for (let i = row; i < row + n; i += 1) {
      const r = rows[i]!;
      for (let c = 0; c < width; c += 1) params[p++] = r[c];
    }
    const result = await db.executeQuery<R>(CompiledQuery.raw(multiRowSql(db, name, head, width, n, tail), params));
    if (result.rows.length) out = out.length ? out.concat(result.rows) : (result.rows as R[]);
    changes += Number(result.numAffectedRows ?? 0);
    row += n;
  }
  return { rows: out, changes };
}

/** Positions in a TrackRow (TRACK_COLUMNS order) that the rollups read. */
const VISITOR = 4;
const PAGE_ID = 5;
const COURSE_ID = 6;
const DAY = 7;
const ELEMENT_ID = 10;

/** Every row was new (the common case): the caller needs no set of client ids. */
export const ALL_NEW = 'all' as const;
export type Inserted = ReadonlySet<string> | typeof ALL_NEW;

/**
 * Inserts the rows (client ids unique among them) and adds the new ones to the per-day rollups
 * (migration 008); answers which client ids were new: ALL_NEW, or the set of new ones. Call it
 * inside a transaction, so the raw rows and their rollups commit together. Rows the database
 * already held (`on conflict do nothing`) are never counted again. The rollups read the new
 * rows from the rows in hand.
 *
 * Concurrent writers (PostgreSQL): `returning client_id` tells which rows were new. A single
 * writer (SQLite, where `returning` costs about a third of the insert, ~0.7 µs a row, decision
 * 008): the statements answer only how many rows they stored; when that is every row, all are
 * new. Otherwise the new ones are the rows with an id above the table's largest id before the
 * insert: one writer, and SQLite gives a new row an id above every existing one (`integer
 * primary key` without AUTOINCREMENT), so that range is exactly this transaction's rows; a count
 * that disagrees fails the commit.
 */
export async function insertTrackRows(db: Db, table: TrackTable, rows: readonly TrackRow[]): Promise<Inserted> {
  if (!rows.length) return ALL_NEW;
  const cols = TRACK_COLUMNS[table];
  const head = `insert into ${table} (${cols.join(',')})`;
  const singleWriter = hasSingleWriter(db);
  let inserted: Inserted;
  if (!singleWriter) {
    const fresh = await runChunked<{ client_id: string }>(db, table, head, cols.length, rows, 'on conflict (client_id) do nothing returning client_id');
    inserted = fresh.rows.length === rows.length ? ALL_NEW : new Set(fresh.rows.map((r) => r.client_id));
  } else {
    const top = await db.executeQuery<{ id: number | null }>(CompiledQuery.raw(`select max(id) as id from ${table}`));
    const before = top.rows[0]?.id ?? 0;
    const { changes } = await runChunked(db, `${table}:count`, head, cols.length, rows, 'on conflict (client_id) do nothing');
    if (changes === rows.length) inserted = ALL_NEW;
    else {
      const fresh = await db.executeQuery<{ client_id: string }>(CompiledQuery.raw(`select client_id from ${table} where id > ?`, [before]));
      if (fresh.rows.length !== changes) throw new Error(`${table}: ${fresh.rows.length} rows above id ${before}, ${changes} inserted`);
      inserted = new Set(fresh.rows.map((r) => r.client_id));
    }
  }
  if (table !== 'custom_events' && (inserted === ALL_NEW || inserted.size)) {
    const newRows = inserted === ALL_NEW ? rows : rows.filter((r) => inserted.has(r[0]));
    if (table === 'page_visits') await rollUpVisits(db, singleWriter, newRows);
    else await rollUpClicks(db, singleWriter, newRows);
  }
  return inserted;
}

/**
 * Concurrent transactions (PostgreSQL) must take the rollup rows' locks in one order, or two
 * group commits could deadlock; a single writer (SQLite) skips the sort.
 */
function ordered<T>(singleWriter: boolean, m: Map<string, T>): Iterable<T> {
  if (singleWriter) return m.values();
  return [...m.keys()].sort().map((k) => m.get(k)!);
}

/** Key separator: NUL, which ingest refuses in any text (collect-service checkText), so keys never collide. */
const SEP = '\u0000';

/**
 * With a single writer (SQLite) a (day, page) with at least this many visitors in a group
 * commit gets its own set-row statements, whose change count is its number of new visitors: no
 * `returning` (which costs SQLite ~0.7 µs a row). Smaller ones share statements that return
 * their new rows, so a page seen by one visitor does not cost a statement of its own.
 */
const OWN_STATEMENT_VISITORS = 16;

interface PageEntry {
  day: number;
  page: string;
  visits: number;
  visitors: number;
  seen: Set<string>;
}
interface CourseEntry {
  day: number;
  course: number;
  visits: number;
  seen: Set<string>;
}

/** Map of maps, filled on first use (no composite-key string per row). */
function entry<K1, K2, V>(m: Map<K1, Map<K2, V>>, a: K1, b: K2, make: () => V): V {
  let inner = m.get(a);
  if (!inner) m.set(a, (inner = new Map()));
  let v = inner.get(b);
  if (!v) inner.set(b, (v = make()));
  return v;
}

/** The entries of a map of maps; with concurrent writers in the order of their `key` (see `ordered`). */
function flat<K1, K2, V>(m: Map<K1, Map<K2, V>>, singleWriter: boolean, key: (v: V) => string): V[] {
  if (singleWriter) {
    const out: V[] = [];
    for (const inner of m.values()) for (const v of inner.values()) out.push(v);
    return out;
  }
  const all = new Map<string, V>();
  for (const inner of m.values()) for (const v of inner.values()) all.set(key(v), v);
  return [...ordered(singleWriter, all)];
}

async function rollUpVisits(db: Db, singleWriter: boolean, rows: readonly TrackRow[]): Promise<void> {
  const pagesByDay = new Map<number, Map<string, PageEntry>>();
  const coursesByCourse = new Map<number, Map<number, CourseEntry>>();
  for (const r of rows) {
    const day = r[DAY] as number;
    const page = r[PAGE_ID] as string;
    const visitor = r[VISITOR] as string;
    const course = r[COURSE_ID] as number | null;
    const p = entry(pagesByDay, day, page, () => ({ day, page, visits: 0, visitors: 0, seen: new Set<string>() }));
    p.visits += 1;
    p.seen.add(visitor);
    if (course !== null) {
      const c = entry(coursesByCourse, course, day, () => ({ day, course, visits: 0, seen: new Set<string>() }));
      c.visits += 1;
      c.seen.add(visitor);
    }
  }
  const pages = flat(pagesByDay, singleWriter, (p) => `${p.day}${SEP}${p.page}`);
  const courses = flat(coursesByCourse, singleWriter, (c) => `${c.course}${SEP}${c.day}`);
  const setHead = 'insert into page_day_visitors (day, page_id, visitor)';
  // Exact unique visitors: a visitor counts for a (day, page) when its set row is new.
  const pooled: unknown[][] = [];
  for (const p of pages) {
    const visitors = singleWriter ? p.seen : [...p.seen].sort();
    if (singleWriter && p.seen.size >= OWN_STATEMENT_VISITORS) {
      const own: unknown[][] = [];
      for (const v of visitors) own.push([p.day, p.page, v]);
      p.visitors += (await runChunked(db, 'page_day_visitors:count', setHead, 3, own, 'on conflict do nothing')).changes;
    } else for (const v of visitors) pooled.push([p.day, p.page, v]);
  }
  if (pooled.length) {
    const newVisitors = await runChunked<{ day: number; page_id: string }>(db, 'page_day_visitors', setHead, 3, pooled, 'on conflict do nothing returning day, page_id');
    for (const v of newVisitors.rows) pagesByDay.get(Number(v.day))!.get(v.page_id)!.visitors += 1;
  }
  const courseVisitors: unknown[][] = [];
  for (const c of courses) for (const v of singleWriter ? c.seen : [...c.seen].sort()) courseVisitors.push([c.course, c.day, v]);
  if (courseVisitors.length) {
    await runChunked(db, 'course_day_visitors', 'insert into course_day_visitors (course_id, day, visitor)', 3, courseVisitors, 'on conflict do nothing');
  }
  const pageDay: unknown[][] = [];
  for (const p of pages) pageDay.push([p.day, p.page, p.visits, p.visitors]);
  await runChunked(
    db,
    'page_day',
    'insert into page_day (day, page_id, visits, visitors)',
    4,
    pageDay,
    'on conflict (day, page_id) do update set visits = page_day.visits + excluded.visits, visitors = page_day.visitors + excluded.visitors',
  );
  const courseDay: unknown[][] = [];
  for (const c of courses) courseDay.push([c.day, c.course, c.visits]);
  if (courseDay.length) {
    await runChunked(
      db,
      'course_day',
      'insert into course_day (day, course_id, visits)',
      3,
      courseDay,
      'on conflict (day, course_id) do update set visits = course_day.visits + excluded.visits',
    );
  }
}

async function rollUpClicks(db: Db, singleWriter: boolean, rows: readonly TrackRow[]): Promise<void> {
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
  await runChunked(
    db,
    'click_day',
    'insert into click_day (element_id, day, course_id, clicks)',
    4,
    [...ordered(singleWriter, clicks)],
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

/** Course page visits per course over the range. */
function courseVisits(db: Db, range: DayRange) {
  return db
    .selectFrom('course_day')
    .select('course_id')
    .select((eb) => eb.fn.sum<number>('visits').as('visits'))
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('course_id');
}

/** Courses ranked by course page visits, with unique visitors over the whole range. */
export async function topCourseStats(db: Db, range: DayRange, limit: number) {
  const top = await courseVisits(db, range).orderBy('visits', 'desc').orderBy('course_id').limit(limit).execute();
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
  return courseVisits(db, range).execute();
}

/** Counts stored records (tests and the bench check that nothing was lost or doubled). */
export async function countTrackRows(db: Db, table: TrackTable): Promise<number> {
  const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
