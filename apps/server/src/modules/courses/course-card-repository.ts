/**
 * The card loader every course list shares (courses, favourites, columns, my courses, personal
 * picks): one query for any set of ids — lecturer joined, published chapters counted and tag
 * names aggregated per row — so a page of cards never costs a query per card. Plus the
 * course-state lookup the writes on a course check first.
 */
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';
import type { CardRow } from './course-card.ts';

type Conn = Kysely<DB> | Transaction<DB>;
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
 * A course's tags as one JSON array in its own row, so a card or a course page is one query.
 * The one place the dialects differ: json_group_array (SQLite ≥ 3.44 orders inside aggregates)
 * against json_agg; SQLite hands back text, PostgreSQL a parsed array.
 */
export function tagsJson(dialect: Dialect, shape: 'names' | 'objects') {
  if (dialect === 'sqlite') {
    const item = shape === 'names' ? sql`tags.name` : sql`json_object('id', tags.id, 'name', tags.name)`;
    return sql<unknown>`(select json_group_array(${item} order by tags.id) from course_tags join tags on tags.id = course_tags.tag_id where course_tags.course_id = courses.id)`;
  }
  const item = shape === 'names' ? sql`tags.name` : sql`json_build_object('id', tags.id, 'name', tags.name)`;
  return sql<unknown>`(select coalesce(json_agg(${item} order by tags.id), '[]'::json) from course_tags join tags on tags.id = course_tags.tag_id where course_tags.course_id = courses.id)`;
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

export function withCardColumns<T extends 'courses'>(query: SelectQueryBuilder<DB, T, object>, dialect: Dialect) {
  return (query as unknown as CourseQuery)
    .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
    .select(CARD_COLUMNS)
    .select((eb) => chapterCount(eb as unknown as ExpressionBuilder<DB, 'courses'>))
    .select(tagsJson(dialect, 'names').as('tag_names'));
}

type RawCard = Omit<CardRow, 'chapter_count' | 'tag_names'> & { chapter_count: number | string | null; tag_names: unknown };

export function normaliseCard(row: RawCard): CardRow {
  // A scalar sub-query types as nullable, and PostgreSQL's count(*) is int8: make it a number.
  return { ...row, chapter_count: Number(row.chapter_count ?? 0), tag_names: parseJsonArray<string>(row.tag_names) };
}

/** Cards for the given ids in any state (favourites and columns may hold off-shelf courses), in the order given. */
export async function findCardsByIds(db: Conn, dialect: Dialect, ids: readonly number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = await withCardColumns(db.selectFrom('courses').where('courses.id', 'in', [...new Set(ids)]), dialect).execute();
  const byId = new Map(rows.map((r) => [r.id, normaliseCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The fields every course-state check needs; undefined when there is no such course. */
export function findCourseState(db: Conn, id: number): Promise<{ id: number; status: number; is_free: number; subject_id: number } | undefined> {
  return db.selectFrom('courses').select(['id', 'status', 'is_free', 'subject_id']).where('id', '=', id).executeTakeFirst();
}
