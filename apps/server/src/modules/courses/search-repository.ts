/**
 * The Chinese search index (decision 005): building it, keeping it in step, and the WHERE
 * condition a search word adds to a course query.
 *
 * - words of 1–2 characters: exact lookup in `course_search_terms` (PK term, course_id);
 * - words of 3+ characters: the trigram index over `course_search.body` — FTS5 MATCH on SQLite,
 *   ILIKE through pg_trgm's GIN index on PostgreSQL (`courseSearchMatches`).
 * No path scans the course table with LIKE.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Conn, Db, Trx } from '../../db/conn.ts';
import { advisoryXactLock, containsPattern, courseSearchMatches, explainIndexPlan, insertColumns, likeContains, trigramValue } from '../../db/dialect.ts';
import { invalidateCatalogue } from './http-cache.ts';
import { SEARCH_BODY_VERSION, searchableBody, shortGrams, type SearchWord } from './search-terms.ts';

/** Rows per multi-row insert (SQLite): 2 parameters each stays far below its limit. */
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

async function insertDocs(trx: Trx, docs: readonly SearchDoc[]): Promise<void> {
  await insertColumns(
    trx,
    'course_search',
    [
      { name: 'course_id', type: 'int', values: docs.map((d) => d.courseId) },
      { name: 'body', type: 'text', values: docs.map((d) => d.body) },
    ],
    DOC_BATCH,
  );
  const ids: number[] = [];
  const grams: string[] = [];
  for (const d of docs) {
    for (const term of shortGrams(d.body)) {
      ids.push(d.courseId);
      grams.push(term);
    }
  }
  await insertColumns(
    trx,
    'course_search_terms',
    [
      { name: 'term', type: 'text', values: grams },
      { name: 'course_id', type: 'int', values: ids },
    ],
    TERM_BATCH,
  );
}

/** Two instances starting together must not interleave their deletes and inserts. */
async function lockForRebuild(trx: Trx): Promise<void> {
  await advisoryXactLock(trx, REBUILD_LOCK);
}

/**
 * Rebuilds the whole index from courses, lecturers and tags. Call after seeding or bulk edits;
 * the courses plugin also calls `ensureSearchIndex` when the app becomes ready.
 */
export async function rebuildSearchIndex(db: Db): Promise<number> {
  const count = await db.transaction().execute(async (trx) => {
    await lockForRebuild(trx);
    await trx.deleteFrom('course_search_terms').execute();
    await trx.deleteFrom('course_search').execute();
    const docs = await loadDocs(trx);
    await insertDocs(trx, docs);
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
export async function reindexCourse(db: Db, courseId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockForRebuild(trx);
    await trx.deleteFrom('course_search_terms').where('course_id', '=', courseId).execute();
    await trx.deleteFrom('course_search').where('course_id', '=', courseId).execute();
    await insertDocs(trx, await loadDocs(trx, courseId));
  });
  invalidateCatalogue(db);
}

/**
 * Rebuilds when the index does not cover exactly the courses there are (a fresh seed, an
 * import), or was built with another SEARCH_BODY_VERSION (what is indexed changed since). Writers
 * that change a course's text call `reindexCourse`.
 */
export async function ensureSearchIndex(db: Db): Promise<boolean> {
  if (!(await searchIndexStale(db))) return false;
  await rebuildSearchIndex(db);
  return true;
}

/** How many courses there are, and whether the index misses some or was built with another version. */
export async function searchIndexState(db: Db): Promise<{ courses: number; stale: boolean; resumeFrom: number | null }> {
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

async function searchIndexStale(db: Db): Promise<boolean> {
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
  db: Db,
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
      await lockForRebuild(trx);
      await trx.deleteFrom('course_search_terms').where('course_id', '>=', from).where('course_id', '<=', to).execute();
      await trx.deleteFrom('course_search').where('course_id', '>=', from).where('course_id', '<=', to).execute();
      if (last !== undefined) await insertDocs(trx, await loadDocs(trx, { from, to }));
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

/**
 * The value one word binds into its lookup: the word itself for the gram table, the trigram
 * index's value (`trigramValue`), or a substring pattern when each course is probed (`walk`).
 */
export function wordValue(db: Conn, word: SearchWord, walk = false): string {
  if (word.kind === 'short') return word.text;
  return walk ? likeContains(word.text) : trigramValue(db, word.text);
}

/**
 * One word checked against one course (the `walk` shape, decision 022): the course's gram row by
 * primary key, or its one normalised body by a substring test — both normalised alike, so this
 * matches what the trigram index matches, without materialising every match per request.
 */
function probe(eb: ExpressionBuilder<DB, 'courses'>, db: Conn, word: SearchWord, value: unknown) {
  if (word.kind === 'short') {
    return eb
      .selectFrom('course_search_terms')
      .select(sql<number>`1`.as('one'))
      .where('course_search_terms.term', '=', value as string)
      .whereRef('course_search_terms.course_id', '=', 'courses.id');
  }
  const contains = containsPattern(db, sql.ref('course_search.body'), value);
  return eb.selectFrom('course_search').select(sql<number>`1`.as('one')).whereRef('course_search.course_id', '=', 'courses.id').where(contains);
}

/** The sub-query of course ids matching one word, binding `value` (wordValue, or a placeholder for it). */
function matchingIds(eb: ExpressionBuilder<DB, 'courses'>, db: Conn, word: SearchWord, value: unknown) {
  if (word.kind === 'short') {
    return eb.selectFrom('course_search_terms').select('course_search_terms.course_id').where('course_search_terms.term', '=', value as string);
  }
  return sql<number>`(${courseSearchMatches(db, value)})`;
}

/**
 * Every word must match (AND). `values` stands in for the words' bound values when the query is
 * precompiled (db/precompiled.ts); by default each word binds its own `wordValue`.
 */
export function searchCondition(
  eb: ExpressionBuilder<DB, 'courses'>,
  db: Conn,
  words: readonly SearchWord[],
  walk = false,
  values: readonly unknown[] = words.map((w) => wordValue(db, w, walk)),
): Expression<SqlBool> {
  // `walk`: each course met along the list's ordered index is probed (values from
  // `wordValue(…, walk)`), so a common word costs a page, not all its matches (decision 022).
  if (walk) return eb.and(words.map((w, i) => eb.exists(probe(eb, db, w, values[i]))));
  return eb.and(words.map((w, i) => eb('courses.id', 'in', matchingIds(eb, db, w, values[i]))));
}

/** The query plan of one word's lookup, for tests and the decision record (see explainIndexPlan). */
export async function explainSearchWord(db: Db, word: SearchWord): Promise<string> {
  const query = word.kind === 'short' ? sql`select course_id from course_search_terms where term = ${word.text}` : courseSearchMatches(db, trigramValue(db, word.text));
  return explainIndexPlan(db, query);
}
