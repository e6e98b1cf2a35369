/**
 * The Chinese search index (decision 005): building it, keeping it in step, and the WHERE
 * condition a search word adds to a course query.
 *
 * - words of 1–2 characters: exact lookup in `course_search_terms` (PK term, course_id);
 * - words of 3+ characters: the trigram index over `course_search.body` — FTS5 MATCH on SQLite,
 *   ILIKE through pg_trgm's GIN index on PostgreSQL (the one place the dialects differ).
 * No path scans the course table with LIKE.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';
import { invalidateCatalogue } from './http-cache.ts';
import { SEARCH_BODY_VERSION, searchableBody, shortGrams, type SearchWord } from './search-terms.ts';

type Conn = Kysely<DB> | Transaction<DB>;

/** Rows per multi-row insert: 2 parameters each stays far below either dialect's limit. */
const TERM_BATCH = 400;
const DOC_BATCH = 200;
/** The app_meta row holding the format version the index was built with. */
const VERSION_KEY = 'course_search.version';
/** Serialises concurrent rebuilds of several instances on one PostgreSQL database. */
const REBUILD_LOCK = 714022;

interface SearchDoc {
  courseId: number;
  body: string;
}

async function loadDocs(db: Conn, courseId?: number | { from: number; to: number }): Promise<SearchDoc[]> {
  let courses = db
    .selectFrom('courses')
    .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
    .innerJoin('subjects', 'subjects.id', 'courses.subject_id')
    .select(['courses.id', 'courses.name', 'courses.subtitle', 'lecturers.name as lecturer_name', 'subjects.name as subject_name']);
  let tags = db.selectFrom('course_tags').innerJoin('tags', 'tags.id', 'course_tags.tag_id').select(['course_tags.course_id', 'tags.name']);
  if (typeof courseId === 'number') {
    courses = courses.where('courses.id', '=', courseId);
    tags = tags.where('course_tags.course_id', '=', courseId);
  } else if (courseId !== undefined) {
    courses = courses.where('courses.id', '>=', courseId.from).where('courses.id', '<=', courseId.to);
    tags = tags.where('course_tags.course_id', '>=', courseId.from).where('course_tags.course_id', '<=', courseId.to);
  }
  const [courseRows, tagRows] = await Promise.all([courses.orderBy('courses.id').execute(), tags.orderBy('tags.id').execute()]);
  const tagNames = new Map<number, string[]>();
  for (const t of tagRows) {
    const list = tagNames.get(t.course_id) ?? [];
    list.push(t.name);
    tagNames.set(t.course_id, list);
  }
  return courseRows.map((c) => ({
    courseId: c.id,
    body: searchableBody({ name: c.name, subtitle: c.subtitle, lecturerName: c.lecturer_name, subjectName: c.subject_name, tagNames: tagNames.get(c.id) ?? [] }),
  }));
}

async function insertDocs(trx: Transaction<DB>, docs: readonly SearchDoc[], dialect?: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    // Two statements whatever the number of rows: arrays unnested server-side (decision 022).
    if (docs.length === 0) return;
    await sql`insert into course_search (course_id, body) select * from unnest(${docs.map((d) => d.courseId)}::int[], ${docs.map((d) => d.body)}::text[])`.execute(trx);
    const ids: number[] = [];
    const grams: string[] = [];
    for (const d of docs) for (const term of shortGrams(d.body)) {
      ids.push(d.courseId);
      grams.push(term);
    }
    if (grams.length > 0) await sql`insert into course_search_terms (term, course_id) select * from unnest(${grams}::text[], ${ids}::int[])`.execute(trx);
    return;
  }
  for (let i = 0; i < docs.length; i += DOC_BATCH) {
    const part = docs.slice(i, i + DOC_BATCH);
    await trx.insertInto('course_search').values(part.map((d) => ({ course_id: d.courseId, body: d.body }))).execute();
  }
  const terms = docs.flatMap((d) => shortGrams(d.body).map((term) => ({ term, course_id: d.courseId })));
  for (let i = 0; i < terms.length; i += TERM_BATCH) {
    await trx.insertInto('course_search_terms').values(terms.slice(i, i + TERM_BATCH)).execute();
  }
}

async function lockForRebuild(trx: Transaction<DB>, dialect: Dialect): Promise<void> {
  // PostgreSQL: two instances starting together must not interleave their deletes and inserts.
  // SQLite serialises writers by itself.
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${REBUILD_LOCK})`.execute(trx);
}

/**
 * Rebuilds the whole index from courses, lecturers and tags. Call after seeding or bulk edits;
 * the courses plugin also calls `ensureSearchIndex` when the app becomes ready.
 */
export async function rebuildSearchIndex(db: Kysely<DB>, dialect: Dialect): Promise<number> {
  const count = await db.transaction().execute(async (trx) => {
    await lockForRebuild(trx, dialect);
    await trx.deleteFrom('course_search_terms').execute();
    await trx.deleteFrom('course_search').execute();
    const docs = await loadDocs(trx);
    await insertDocs(trx, docs, dialect);
    const version = String(SEARCH_BODY_VERSION);
    await trx
      .insertInto('app_meta')
      .values({ key: VERSION_KEY, value: version })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
      .execute();
    await trx.deleteFrom('app_meta').where('key', '=', PROGRESS_KEY).execute();
    return docs.length;
  });
  invalidateCatalogue(db);
  return count;
}

/** Re-indexes one course after its name, subtitle, lecturer or tags changed. */
export async function reindexCourse(db: Kysely<DB>, dialect: Dialect, courseId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockForRebuild(trx, dialect);
    await trx.deleteFrom('course_search_terms').where('course_id', '=', courseId).execute();
    await trx.deleteFrom('course_search').where('course_id', '=', courseId).execute();
    await insertDocs(trx, await loadDocs(trx, courseId), dialect);
  });
  invalidateCatalogue(db);
}

/**
 * Rebuilds when the index does not cover exactly the courses there are (a fresh seed, an
 * import), or was built with another SEARCH_BODY_VERSION (what is indexed changed since). Writers
 * that change a course's text call `reindexCourse`.
 */
export async function ensureSearchIndex(db: Kysely<DB>, dialect: Dialect): Promise<boolean> {
  if (!(await searchIndexStale(db))) return false;
  await rebuildSearchIndex(db, dialect);
  return true;
}

/** How many courses there are, and whether the index misses some or was built with another version. */
export async function searchIndexState(db: Kysely<DB>): Promise<{ courses: number; stale: boolean; resumeFrom: number | null }> {
  const [courses, indexed, version, progress] = await Promise.all([
    db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('course_search').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('app_meta').select('value').where('key', '=', VERSION_KEY).executeTakeFirst(),
    db.selectFrom('app_meta').select('value').where('key', '=', PROGRESS_KEY).executeTakeFirst(),
  ]);
  const stale = !(Number(courses.n) === Number(indexed.n) && version?.value === String(SEARCH_BODY_VERSION)) || progress !== undefined;
  const [progressVersion, next] = (progress?.value ?? '').split(':');
  const resumeFrom = progressVersion === String(SEARCH_BODY_VERSION) && next !== undefined && /^\d+$/.test(next) ? Number(next) : null;
  return { courses: Number(courses.n), stale, resumeFrom };
}

async function searchIndexStale(db: Kysely<DB>): Promise<boolean> {
  return (await searchIndexState(db)).stale;
}

/** The app_meta row of a batched rebuild under way: `<version>:<next course id>`. */
const PROGRESS_KEY = 'course_search.rebuild_from';

async function setMeta(db: Conn, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * Rebuilds the index in batches of courses by id, each batch its own short transaction (delete
 * the batch's id range, insert it again), recording after each where to go on. Idempotent and
 * resumable: a stop or a crash leaves the index serving (old and new bodies both match what they
 * should) and the next run goes on from the recorded id. Between batches the database is free for
 * requests (SQLite has one connection). `shouldStop` is asked between batches; `afterBatch` is a
 * hook for tests. Returns the courses indexed, or null when stopped.
 */
export async function rebuildSearchIndexInBatches(
  db: Kysely<DB>,
  dialect: Dialect,
  opts: { batch?: number; shouldStop?: () => boolean; afterBatch?: (indexed: number) => Promise<void> | void } = {},
): Promise<number | null> {
  const batch = opts.batch ?? 500;
  let from = (await searchIndexState(db)).resumeFrom ?? 0;
  if (from === 0) await setMeta(db, PROGRESS_KEY, `${SEARCH_BODY_VERSION}:0`);
  let indexed = 0;
  for (;;) {
    if (opts.shouldStop?.()) return null;
    const ids = await db.selectFrom('courses').select('id').where('id', '>=', from).orderBy('id').limit(batch).execute();
    const last = ids.at(-1)?.id;
    const to = last ?? 2_147_483_647;
    await db.transaction().execute(async (trx) => {
      await lockForRebuild(trx, dialect);
      await trx.deleteFrom('course_search_terms').where('course_id', '>=', from).where('course_id', '<=', to).execute();
      await trx.deleteFrom('course_search').where('course_id', '>=', from).where('course_id', '<=', to).execute();
      if (last !== undefined) await insertDocs(trx, await loadDocs(trx, { from, to }), dialect);
      if (last !== undefined) await setMeta(trx, PROGRESS_KEY, `${SEARCH_BODY_VERSION}:${to + 1}`);
      else {
        await setMeta(trx, VERSION_KEY, String(SEARCH_BODY_VERSION));
        await trx.deleteFrom('app_meta').where('key', '=', PROGRESS_KEY).execute();
      }
    });
    if (last === undefined) break;
    indexed += ids.length;
    from = to + 1;
    invalidateCatalogue(db);
    await opts.afterBatch?.(indexed);
  }
  invalidateCatalogue(db);
  return indexed;
}


/** A double-quoted FTS5 string: the trigram tokenizer matches it as a substring. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** `%text%` for (I)LIKE with the wildcards in the text escaped (backslash is PostgreSQL's default escape). */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The value one word binds into its lookup: the word itself for the gram table, an FTS5 phrase
 * on SQLite, an ILIKE pattern on PostgreSQL.
 */
export function wordValue(dialect: Dialect, word: SearchWord, walk = false): string {
  if (word.kind === 'short') return word.text;
  return dialect === 'sqlite' && !walk ? ftsPhrase(word.text) : likeContains(word.text);
}

/**
 * One word checked against one course (the `walk` shape, decision 022): the course's gram row by
 * primary key, or its one normalised body by a substring test — both normalised alike, so this
 * matches what the trigram index matches, without materialising every match per request.
 */
function probe(eb: ExpressionBuilder<DB, 'courses'>, dialect: Dialect, word: SearchWord, value: unknown) {
  if (word.kind === 'short') {
    return eb
      .selectFrom('course_search_terms')
      .select(sql<number>`1`.as('one'))
      .where('course_search_terms.term', '=', value as string)
      .whereRef('course_search_terms.course_id', '=', 'courses.id');
  }
  const like = dialect === 'sqlite' ? sql<boolean>`course_search.body like ${value} escape '\\'` : sql<boolean>`course_search.body ilike ${value}`;
  return eb.selectFrom('course_search').select(sql<number>`1`.as('one')).whereRef('course_search.course_id', '=', 'courses.id').where(like);
}

/** The sub-query of course ids matching one word, binding `value` (wordValue, or a placeholder for it). */
function matchingIds(eb: ExpressionBuilder<DB, 'courses'>, dialect: Dialect, word: SearchWord, value: unknown) {
  if (word.kind === 'short') {
    return eb.selectFrom('course_search_terms').select('course_search_terms.course_id').where('course_search_terms.term', '=', value as string);
  }
  if (dialect === 'sqlite') {
    // FTS5 virtual table, not in the typed schema: its rowid is the course id.
    return sql<number>`(select rowid from course_search_fts where course_search_fts match ${value})`;
  }
  return eb.selectFrom('course_search').select('course_search.course_id').where('course_search.body', 'ilike', value as string);
}

/**
 * Every word must match (AND). `values` stands in for the words' bound values when the query is
 * precompiled (db/precompiled.ts); by default each word binds its own `wordValue`.
 */
export function searchCondition(
  eb: ExpressionBuilder<DB, 'courses'>,
  dialect: Dialect,
  words: readonly SearchWord[],
  walk = false,
  values: readonly unknown[] = words.map((w) => wordValue(dialect, w, walk)),
): Expression<SqlBool> {
  // `walk`: each course met along the list's ordered index is probed (values from
  // `wordValue(…, walk)`), so a common word costs a page, not all its matches (decision 022).
  if (walk) return eb.and(words.map((w, i) => eb.exists(probe(eb, dialect, w, values[i]))));
  return eb.and(words.map((w, i) => eb('courses.id', 'in', matchingIds(eb, dialect, w, values[i]))));
}

/**
 * The query plan of one word's lookup, for tests and the decision record. On PostgreSQL a tiny
 * table is cheaper to scan, so sequential scans are priced out for the EXPLAIN: what is shown
 * is that the index *can* answer the query, which is what keeps it fast as the catalogue grows.
 */
export async function explainSearchWord(db: Kysely<DB>, dialect: Dialect, word: SearchWord): Promise<string> {
  if (dialect === 'sqlite') {
    const query =
      word.kind === 'short'
        ? sql`explain query plan select course_id from course_search_terms where term = ${word.text}`
        : sql`explain query plan select rowid from course_search_fts where course_search_fts match ${ftsPhrase(word.text)}`;
    const rows = await query.execute(db);
    return (rows.rows as Array<{ detail: string }>).map((r) => r.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const query =
      word.kind === 'short'
        ? sql`explain select course_id from course_search_terms where term = ${word.text}`
        : sql`explain select course_id from course_search where body ilike ${likeContains(word.text)}`;
    const rows = await query.execute(trx);
    return (rows.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
  });
}
