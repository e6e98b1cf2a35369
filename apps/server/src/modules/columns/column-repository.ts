/** Columns (专栏): a priced, ordered bundle of courses by one lecturer or a team. */
import type { Conn } from '../../db/conn.ts';
import { countRows } from '../../db/paging.ts';

export const ColumnStatus = { HIDDEN: 0, ON_SHELF: 1 } as const;

export interface ColumnRow {
  id: number;
  title: string;
  intro: string;
  cover: string;
  price: number;
  status: number;
  created_at: number;
  lecturer_name: string | null;
  lecturer_position: string | null;
  lecturer_avatar: string | null;
  lecturer_company: string | null;
}

function columnsWithLecturer(db: Conn) {
  return db
    .selectFrom('columns')
    .leftJoin('lecturers', 'lecturers.id', 'columns.lecturer_id')
    .select([
      'columns.id',
      'columns.title',
      'columns.intro',
      'columns.cover',
      'columns.price',
      'columns.status',
      'columns.created_at',
      'lecturers.name as lecturer_name',
      'lecturers.position as lecturer_position',
      'lecturers.avatar as lecturer_avatar',
      'lecturers.company as lecturer_company',
    ]);
}

/** On-shelf columns, newest first. */
export function listColumns(db: Conn, offset: number, limit: number): Promise<ColumnRow[]> {
  return columnsWithLecturer(db)
    .where('columns.status', '=', ColumnStatus.ON_SHELF)
    .orderBy('columns.created_at', 'desc')
    .orderBy('columns.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countColumns(db: Conn): Promise<number> {
  return countRows(db.selectFrom('columns').where('status', '=', ColumnStatus.ON_SHELF));
}

export function findColumn(db: Conn, id: number): Promise<ColumnRow | undefined> {
  return columnsWithLecturer(db).where('columns.id', '=', id).executeTakeFirst();
}

export interface ColumnStats {
  course_count: number;
  learners_count: number;
}

/** Per column: how many on-shelf courses it holds and the sum of their learners. */
export async function columnStats(db: Conn, columnIds: readonly number[]): Promise<Map<number, ColumnStats>> {
  const out = new Map<number, ColumnStats>();
  if (columnIds.length === 0) return out;
  const rows = await db
    .selectFrom('column_courses')
    .innerJoin('courses', 'courses.id', 'column_courses.course_id')
    .select((eb) => ['column_courses.column_id', eb.fn.countAll().as('n'), eb.fn.sum<number | string>('courses.learners_count').as('learners')])
    .where('column_courses.column_id', 'in', [...columnIds])
    .where('courses.status', '=', 1)
    .groupBy('column_courses.column_id')
    .execute();
  // PostgreSQL's sum() over integers is bigint/numeric and may arrive as a string.
  for (const r of rows) out.set(r.column_id, { course_count: Number(r.n), learners_count: Number(r.learners ?? 0) });
  return out;
}

/** The column's on-shelf course ids in column order. */
export async function listColumnCourseIds(db: Conn, columnId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('column_courses')
    .innerJoin('courses', 'courses.id', 'column_courses.course_id')
    .select('column_courses.course_id')
    .where('column_courses.column_id', '=', columnId)
    .where('courses.status', '=', 1)
    .orderBy('column_courses.sort')
    .orderBy('column_courses.course_id')
    .execute();
  return rows.map((r) => r.course_id);
}
