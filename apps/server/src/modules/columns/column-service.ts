/** Columns list and detail (spec §2.3 /columns, /columns/detail). A hidden or unknown column is "gone" (-1366). */
import { ErrorCodes, type ColumnCard, type ColumnDetail, type ColumnPage } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import { AppError } from '../../lib/errors.ts';
import { findCardsByIds } from '../courses/course-card-repository.ts';
import { toCourseCard, yuan } from '../courses/course-card.ts';
import { columnStats, countColumns, findColumn, listColumnCourseIds, listColumns, ColumnStatus, type ColumnRow, type ColumnStats } from './column-repository.ts';

/** A column taught by several lecturers has no single one; the card still needs a byline. */
const TEAM_BYLINE = '多位讲师联合讲授';

function toColumnCard(row: ColumnRow, stats: ColumnStats | undefined): ColumnCard {
  return {
    columnId: row.id,
    title: row.title,
    intro: row.intro,
    cover: row.cover,
    price: row.price,
    priceYuan: yuan(row.price),
    lecturerName: row.lecturer_name ?? TEAM_BYLINE,
    lecturerPosition: row.lecturer_position ?? '',
    courseCount: stats?.course_count ?? 0,
    learnersCount: stats?.learners_count ?? 0,
  };
}

export async function columnPage(db: Db, pageIndex: number, pageSize: number): Promise<ColumnPage> {
  const [rows, total] = await Promise.all([listColumns(db, (pageIndex - 1) * pageSize, pageSize), countColumns(db)]);
  const stats = await columnStats(db, rows.map((r) => r.id));
  return { rows: rows.map((r) => toColumnCard(r, stats.get(r.id))), total };
}

export async function columnDetail(db: Db, columnId: number): Promise<ColumnDetail> {
  const row = await findColumn(db, columnId);
  if (!row || row.status !== ColumnStatus.ON_SHELF) throw new AppError(ErrorCodes.COLUMN_GONE);
  const [stats, courseIds] = await Promise.all([columnStats(db, [row.id]), listColumnCourseIds(db, row.id)]);
  const courses = await findCardsByIds(db, courseIds);
  return {
    ...toColumnCard(row, stats.get(row.id)),
    lecturerAvatar: row.lecturer_avatar ?? '',
    lecturerCompany: row.lecturer_company ?? '',
    courses: courses.map(toCourseCard),
  };
}
