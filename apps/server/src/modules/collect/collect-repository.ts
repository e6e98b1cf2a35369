/**
 * Tracking rows: multi-row inserts that skip known client ids, and the operator stats reads.
 *
 * The insert is hand-written SQL, cached by shape (dialect, table, row count): Kysely's builder
 * costs more to build and compile a 500-row insert than SQLite takes to run it (decision 008).
 * `on conflict (client_id) do nothing … returning client_id` is the same on both dialects and
 * tells which rows were new, so duplicates are counted, never stored.
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

const insertSql = new Map<string, string>();

function insertStatement(dialect: Dialect, table: TrackTable, rows: number): string {
  const key = `${dialect}:${table}:${rows}`;
  let text = insertSql.get(key);
  if (!text) {
    const cols = TRACK_COLUMNS[table];
    let n = 0;
    const tuple = () => `(${cols.map(() => (dialect === 'postgres' ? `$${++n}` : '?')).join(',')})`;
    const values = Array.from({ length: rows }, tuple).join(',');
    text = `insert into ${table} (${cols.join(',')}) values ${values} on conflict (client_id) do nothing returning client_id`;
    // Shapes are bounded (3 tables × 2 dialects × 1..INSERT_CHUNK rows); the bound guards a bug.
    if (insertSql.size > 4000) insertSql.clear();
    insertSql.set(key, text);
  }
  return text;
}

/** Inserts the rows (client ids unique among them); answers the client ids that were new. */
export async function insertTrackRows(db: Db, dialect: Dialect, table: TrackTable, rows: readonly TrackRow[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const params = chunk.flat();
    const result = await db.executeQuery<{ client_id: string }>(CompiledQuery.raw(insertStatement(dialect, table, chunk.length), params));
    for (const r of result.rows) inserted.add(r.client_id);
  }
  return inserted;
}

export interface DayRange {
  /** Inclusive, days since 1970-01-01 in UTC+8. */
  from: number;
  to: number;
}

export async function pageDayStats(db: Db, range: DayRange, limit: number) {
  return db
    .selectFrom('page_visits')
    .select(['day', 'page_id'])
    .select((eb) => [eb.fn.countAll<number>().as('visits'), eb.fn.count<number>('visitor').distinct().as('visitors')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy(['day', 'page_id'])
    .orderBy('day', 'desc')
    .orderBy('visits', 'desc')
    .orderBy('page_id')
    .limit(limit)
    .execute();
}

export async function topCourseStats(db: Db, range: DayRange, limit: number) {
  return db
    .selectFrom('page_visits')
    .select('course_id')
    .select((eb) => [eb.fn.countAll<number>().as('visits'), eb.fn.count<number>('visitor').distinct().as('visitors')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('course_id', 'is not', null)
    .groupBy('course_id')
    .orderBy('visits', 'desc')
    .orderBy('course_id')
    .limit(limit)
    .$narrowType<{ course_id: number }>()
    .execute();
}

/** Clicks on one element id per course (the list side of click-through). */
export async function elementClicksByCourse(db: Db, elementId: string, range: DayRange) {
  return db
    .selectFrom('element_clicks')
    .select('course_id')
    .select((eb) => eb.fn.countAll<number>().as('clicks'))
    .where('element_id', '=', elementId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('course_id', 'is not', null)
    .groupBy('course_id')
    .$narrowType<{ course_id: number }>()
    .execute();
}

/** Course page visits per course (the page side of click-through). */
export async function courseVisitsByCourse(db: Db, range: DayRange) {
  return db
    .selectFrom('page_visits')
    .select('course_id')
    .select((eb) => eb.fn.countAll<number>().as('visits'))
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('course_id', 'is not', null)
    .groupBy('course_id')
    .$narrowType<{ course_id: number }>()
    .execute();
}

/** Counts stored records (tests and the bench check that nothing was lost or doubled). */
export async function countTrackRows(db: Db, table: TrackTable): Promise<number> {
  const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
