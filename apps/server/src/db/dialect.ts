/**
 * The one file outside migrations where SQLite and PostgreSQL differ (issue 12). Repositories
 * take `Conn` and call these helpers; none of them asks which database it runs on. Each helper
 * learns the dialect from the handle itself (`dialectOf`), so a transaction answers like its root.
 *
 * Differences kept here: parameter markers of hand-written SQL, row locks, who may write at once,
 * unique-violation codes, JSON aggregation, binding a list as one value, bulk inserts by column,
 * case-insensitive substring tests, the trigram search index, advisory locks and query plans.
 */
import { PostgresAdapter, SqliteAdapter, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Conn, Db, Trx } from './conn.ts';
import type { Dialect } from './migrations/helpers.ts';

export type { Dialect };

/**
 * The dialect behind a handle or transaction: one property read and one `instanceof` (the hot
 * paths call it per request), no cache to keep.
 */
export function dialectOf(conn: Conn): Dialect {
  const adapter = conn.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error(`unsupported database adapter: ${adapter.constructor.name}`);
}

// ---------------------------------------------------------------------------------------------
// Writers and locks

/**
 * Whether the database runs one write transaction at a time (SQLite). Then writers never wait on
 * each other's row locks (no lock order to keep, no deadlock), a transaction's new rows are
 * exactly those above the largest id before it, and a second concurrent commit only queues.
 */
export function hasSingleWriter(conn: Conn): boolean {
  return dialectOf(conn) === 'sqlite';
}

/**
 * `q` locking the rows it reads for the rest of the transaction (`for update`) where the database
 * locks rows; SQLite runs one write transaction at a time, which serialises the same callers.
 */
export function forUpdate<Q extends { forUpdate(): Q }>(conn: Conn, q: Q): Q {
  return hasSingleWriter(conn) ? q : q.forUpdate();
}

/**
 * Holds a transaction-scoped lock named by `key` until `trx` ends, so two instances on one
 * PostgreSQL database take turns. SQLite serialises writers by itself.
 */
export async function advisoryXactLock(trx: Trx, key: number): Promise<void> {
  if (!hasSingleWriter(trx)) await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}

/** Whether a write failed on a UNIQUE constraint (a concurrent writer took the value first). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  // better-sqlite3 reports SQLITE_CONSTRAINT_UNIQUE; pg reports SQLSTATE 23505. The codes cannot
  // collide, so either database's error is recognised without asking which one raised it.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

// ---------------------------------------------------------------------------------------------
// Hand-written SQL and bound values

const multiRowText = new Map<string, string>();

/**
 * `head values (…),(…) tail` for `rows` tuples of `width` parameters in the dialect's markers
 * (`?` or `$n`), for inserts too large to build with Kysely cheaply (decision 008). The text is
 * cached by dialect and `name` (which must fix head and tail) and row count, so the statement
 * caches see one string per shape.
 */
export function multiRowSql(conn: Conn, name: string, head: string, width: number, rows: number, tail: string): string {
  const dialect = dialectOf(conn);
  const key = `${dialect}:${name}:${rows}`;
  let text = multiRowText.get(key);
  if (!text) {
    let n = 0;
    const marker = dialect === 'postgres' ? () => `$${++n}` : () => '?';
    const tuple = () => `(${Array.from({ length: width }, marker).join(',')})`;
    text = `${head} values ${Array.from({ length: rows }, tuple).join(',')} ${tail}`;
    multiRowText.set(key, text);
  }
  return text;
}

/**
 * `column` is one of the integers bound as the single value `ids` (from `intListValue`, or a
 * precompiled placeholder for it): one parameter whatever the length, so the SQL never changes.
 */
export function inIntList(conn: Conn, column: Expression<unknown>, ids: unknown): RawBuilder<SqlBool> {
  return dialectOf(conn) === 'sqlite' ? sql<SqlBool>`${column} in (select value from json_each(${ids}))` : sql<SqlBool>`${column} = any(${ids}::int[])`;
}

/** The one value `inIntList` binds for these ids: a JSON array on SQLite, an int[] on PostgreSQL. */
export function intListValue(conn: Conn, ids: readonly number[]): unknown {
  return dialectOf(conn) === 'sqlite' ? JSON.stringify(ids) : [...ids];
}

/** One column of a bulk insert: its name, its PostgreSQL array type and one value per row. */
export interface InsertColumn {
  name: string;
  type: 'int' | 'text';
  values: readonly unknown[];
}

/**
 * Inserts rows given column by column (all columns the same length). PostgreSQL: one statement
 * unnesting one array per column, whatever the number of rows (decision 022). SQLite: multi-row
 * inserts of `batch` rows, keeping each under its parameter limit.
 */
export async function insertColumns(trx: Trx, table: string, columns: readonly InsertColumn[], batch: number): Promise<void> {
  const count = columns[0]?.values.length ?? 0;
  if (count === 0) return;
  const names = sql.join(columns.map((c) => sql.ref(c.name)));
  if (!hasSingleWriter(trx)) {
    const arrays = sql.join(columns.map((c) => sql`${[...c.values]}::${sql.raw(c.type)}[]`));
    await sql`insert into ${sql.table(table)} (${names}) select * from unnest(${arrays})`.execute(trx);
    return;
  }
  for (let start = 0; start < count; start += batch) {
    const rows: RawBuilder<unknown>[] = [];
    for (let i = start; i < Math.min(count, start + batch); i += 1) rows.push(sql`(${sql.join(columns.map((c) => c.values[i]))})`);
    await sql`insert into ${sql.table(table)} (${names}) values ${sql.join(rows)}`.execute(trx);
  }
}

// ---------------------------------------------------------------------------------------------
// JSON

/** A JSON object of the given SQL expressions: json_object on SQLite, json_build_object on PostgreSQL. */
export function jsonObject(conn: Conn, fields: Readonly<Record<string, RawBuilder<unknown>>>): RawBuilder<unknown> {
  const args = sql.join(Object.entries(fields).map(([key, value]) => sql`${sql.lit(key)}, ${value}`));
  return dialectOf(conn) === 'sqlite' ? sql`json_object(${args})` : sql`json_build_object(${args})`;
}

/**
 * The aggregate of `item` over the group as one JSON array in `orderBy` order, `[]` for no rows:
 * json_group_array (SQLite ≥ 3.44 orders inside aggregates) or json_agg. SQLite hands back text,
 * PostgreSQL a parsed array; read it with a parser that takes both.
 */
export function jsonArrayAgg(conn: Conn, item: RawBuilder<unknown>, orderBy: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialectOf(conn) === 'sqlite' ? sql`json_group_array(${item} order by ${orderBy})` : sql`coalesce(json_agg(${item} order by ${orderBy}), '[]'::json)`;
}

// ---------------------------------------------------------------------------------------------
// Text search (decision 005)

/** `%text%` for `containsPattern` with the wildcards in the text escaped (backslash, PostgreSQL's default escape). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column` contains the `likeContains` pattern bound as `pattern`, ignoring case: LIKE with an
 * explicit escape on SQLite (case-insensitive for ASCII; indexed text is lower-cased), ILIKE on PostgreSQL.
 */
export function containsPattern(conn: Conn, column: Expression<unknown>, pattern: unknown): RawBuilder<SqlBool> {
  return dialectOf(conn) === 'sqlite' ? sql<SqlBool>`${column} like ${pattern} escape '\\'` : sql<SqlBool>`${column} ilike ${pattern}`;
}

/** A double-quoted FTS5 string: the trigram tokenizer matches it as a substring. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The value `courseSearchMatches` binds for a word of 3+ characters: an FTS5 phrase on SQLite, an
 * ILIKE pattern on PostgreSQL.
 */
export function trigramValue(conn: Conn, text: string): string {
  return dialectOf(conn) === 'sqlite' ? ftsPhrase(text) : likeContains(text);
}

/**
 * `select <course id> …` of the courses whose search body contains the word bound as `value`
 * (`trigramValue`), through the trigram index over `course_search.body` (migration 003): the FTS5
 * table `course_search_fts` (rowid = course id) on SQLite, pg_trgm's GIN index under ILIKE on
 * PostgreSQL. Bare (no parentheses), so it can be a sub-query or be explained.
 */
export function courseSearchMatches(conn: Conn, value: unknown): RawBuilder<number> {
  return dialectOf(conn) === 'sqlite'
    ? sql<number>`select rowid from course_search_fts where course_search_fts match ${value}`
    : sql<number>`select course_search.course_id from course_search where course_search.body ilike ${value}`;
}

// ---------------------------------------------------------------------------------------------
// Query plans

/**
 * The plan of `query` as text, one line per step, for tests and decision records. On PostgreSQL
 * sequential scans are priced out (a tiny table is cheaper to scan), so the plan shows whether an
 * index *can* answer the query, which is what keeps it fast as the data grows.
 */
export async function explainIndexPlan(db: Db, query: RawBuilder<unknown>): Promise<string> {
  if (dialectOf(db) === 'sqlite') {
    const rows = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
    return rows.rows.map((r) => r.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}
