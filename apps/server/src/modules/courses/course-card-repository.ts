/**
 * The card loader every course list shares (courses, favourites, columns, my courses, personal
 * picks): one query for any set of ids — lecturer joined, published chapters counted and tag
 * names aggregated per row — so a page of cards never costs a query per card. Plus the
 * course-state lookup the writes on a course check first.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Conn } from '../../db/conn.ts';
import { inIntList, intListValue, jsonArrayAgg, jsonObject } from '../../db/dialect.ts';
import { placeholder, runPrecompiled } from '../../db/precompiled.ts';
import type { CardRow } from './course-card.ts';
type CourseQuery = SelectQueryBuilder<DB, 'courses', object>;

export const PUBLISHED_CHAPTER = 1;

export function chapterCount(eb: ExpressionBuilder<DB, 'courses'>) {
  return eb
    .selectFrom('chapters')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('chapters.course_id', '=', 'courses.id')
    .where('chapters.status', '=', PUBLISHED_CHAPTER)
    .as('chapter_count');
}

/**
 * A course's tags as one JSON array in its own row, so a card or a course page is one query
 * (text on SQLite, a parsed array on PostgreSQL: read it with parseJsonArray).
 */
export function tagsJson(db: Conn, shape: 'names' | 'objects') {
  const item = shape === 'names' ? sql`tags.name` : jsonObject(db, { id: sql`tags.id`, name: sql`tags.name` });
  return sql<unknown>`(select ${jsonArrayAgg(db, item, sql`tags.id`)} from course_tags join tags on tags.id = course_tags.tag_id where course_tags.course_id = courses.id)`;
}

export function parseJsonArray<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value === 'string') {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  }
  return [];
}

const CARD_COLUMNS = [
  'courses.id',
  'courses.name',
  'courses.subtitle',
  'courses.cover',
  'courses.price',
  'courses.vip_price',
  'courses.original_price',
  'courses.is_free',
  'courses.member_free',
  'courses.course_type',
  'courses.course_level',
  'courses.media_type',
  'courses.learners_count',
  'courses.duration_seconds',
  'courses.activity_type',
  'courses.status',
  'lecturers.name as lecturer_name',
  'lecturers.position as lecturer_position',
] as const;

export function withCardColumns<T extends 'courses'>(query: SelectQueryBuilder<DB, T, object>, db: Conn) {
  return (query as unknown as CourseQuery)
    .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
    .select(CARD_COLUMNS)
    .select((eb) => chapterCount(eb as unknown as ExpressionBuilder<DB, 'courses'>))
    .select(tagsJson(db, 'names').as('tag_names'));
}

type RawCard = Omit<CardRow, 'chapter_count' | 'tag_names'> & { chapter_count: number | string | null; tag_names: unknown };

export function normaliseCard(row: RawCard): CardRow {
  // A scalar sub-query types as nullable, and PostgreSQL's count(*) is int8: make it a number.
  return { ...row, chapter_count: Number(row.chapter_count ?? 0), tag_names: parseJsonArray<string>(row.tag_names) };
}

/** The columns of a card that live on the course row itself (the rest are statics). */
export const COURSE_ROW_CARD_COLUMNS = CARD_COLUMNS.filter((c) => c.startsWith('courses.')) as unknown as ReadonlyArray<Exclude<(typeof CARD_COLUMNS)[number], `lecturers.${string}`>>;

/**
 * What a card shows that only a catalogue edit changes: the lecturer's byline, the count of
 * published chapters and the tag names — the joins and sub-queries that cost most of a card
 * query. Kept per course; `invalidateCatalogue` forgets them (http-cache.ts), and the TTL bounds
 * staleness after an edit made through another instance. Prices, state and learner counts are
 * read fresh every time.
 */
interface CardStatics {
  lecturer_name: string;
  lecturer_position: string;
  chapter_count: number;
  tag_names: string[];
  expires: number;
}
export const CARD_STATICS_TTL_MS = 30_000;
/** Far above any catalogue we expect; past it the map starts over rather than grow. */
const CARD_STATICS_MAX = 20_000;
const staticsByDb = new WeakMap<Conn, Map<number, CardStatics>>();

/** Forgets the cached card statics read through `db` (call with every catalogue write). */
export function forgetCardStatics(db: Conn): void {
  staticsByDb.get(db)?.clear();
}

async function loadCardStatics(db: Conn, ids: readonly number[], now: number): Promise<Map<number, CardStatics>> {
  let statics = staticsByDb.get(db);
  if (!statics) {
    statics = new Map();
    staticsByDb.set(db, statics);
  }
  const missing = ids.filter((id) => {
    const s = statics.get(id);
    return s === undefined || s.expires <= now;
  });
  if (missing.length > 0) {
    const rows = await db
      .selectFrom('courses')
      .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
      .select(['courses.id', 'lecturers.name as lecturer_name', 'lecturers.position as lecturer_position'])
      .select((eb) => chapterCount(eb as unknown as ExpressionBuilder<DB, 'courses'>))
      .select(tagsJson(db, 'names').as('tag_names'))
      .where('courses.id', 'in', missing)
      .execute();
    if (statics.size + rows.length > CARD_STATICS_MAX) statics.clear();
    for (const r of rows) {
      statics.set(r.id, {
        lecturer_name: r.lecturer_name,
        lecturer_position: r.lecturer_position,
        chapter_count: Number(r.chapter_count ?? 0),
        tag_names: parseJsonArray<string>(r.tag_names),
        expires: now + CARD_STATICS_TTL_MS,
      });
    }
  }
  return statics;
}

/** Course rows as `COURSE_ROW_CARD_COLUMNS` selects them. */
export type CourseRowCard = Omit<CardRow, 'lecturer_name' | 'lecturer_position' | 'chapter_count' | 'tag_names'>;

/** Completes course rows into cards with their statics, in the rows' order. */
export async function withStatics(db: Conn, rows: readonly CourseRowCard[]): Promise<CardRow[]> {
  if (rows.length === 0) return [];
  const statics = await loadCardStatics(db, [...new Set(rows.map((r) => r.id))], Date.now());
  // Statics are loaded for exactly these ids; a course deleted in between simply has no card.
  return rows.flatMap((r) => {
    const st = statics.get(r.id);
    return st ? [{ ...r, lecturer_name: st.lecturer_name, lecturer_position: st.lecturer_position, chapter_count: st.chapter_count, tag_names: st.tag_names }] : [];
  });
}

/**
 * Cards for the given ids in any state (favourites and columns may hold off-shelf courses), in
 * the order given. One precompiled query for the course rows, whatever the number of ids, plus
 * the statics of courses not seen lately.
 */
export async function findCardsByIds(db: Conn, ids: readonly number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const rows = await runPrecompiled(
    db,
    'cards-by-ids',
    // The ids are one bound value, so any number of them shares one compiled statement.
    () => db.selectFrom('courses').select(COURSE_ROW_CARD_COLUMNS).where(inIntList(db, sql.ref('courses.id'), placeholder('ids'))),
    { ids: intListValue(db, unique) },
  );
  const byId = new Map((await withStatics(db, rows)).map((c) => [c.id, c]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The fields every course-state check needs; undefined when there is no such course. */
export function findCourseState(db: Conn, id: number): Promise<{ id: number; status: number; is_free: number; subject_id: number } | undefined> {
  return db.selectFrom('courses').select(['id', 'status', 'is_free', 'subject_id']).where('id', '=', id).executeTakeFirst();
}
