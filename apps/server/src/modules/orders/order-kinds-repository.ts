/**
 * Queries of the order kinds (decision 013): what a chapter, column or live order is for, and
 * what an order of any kind shows in a list. The grants the kinds write and revoke by order id
 * are access/grant-writes.ts (decision 025).
 */
import type { Conn } from '../../db/conn.ts';
import { countRows } from '../../db/paging.ts';

/* ---- what is bought ---- */

export interface CourseForKinds {
  id: number;
  name: string;
  subtitle: string;
  cover: string;
  status: number;
  is_free: number;
  price: number;
  original_price: number;
  course_type: number;
  activity_type: number;
  needs_verified_profile: number;
  enroll_start_at: number | null;
  enroll_end_at: number | null;
  bird_price: number | null;
  vip_price: number | null;
  member_free: number;
  lecturer_name: string | null;
  lecturer_position: string | null;
}

export function findCourseForKinds(db: Conn, courseId: number): Promise<CourseForKinds | undefined> {
  return db
    .selectFrom('courses')
    .leftJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
    .select([
      'courses.id',
      'courses.name',
      'courses.subtitle',
      'courses.cover',
      'courses.status',
      'courses.is_free',
      'courses.price',
      'courses.original_price',
      'courses.course_type',
      'courses.activity_type',
      'courses.needs_verified_profile',
      'courses.enroll_start_at',
      'courses.enroll_end_at',
      'courses.bird_price',
      'courses.vip_price',
      'courses.member_free',
      'lecturers.name as lecturer_name',
      'lecturers.position as lecturer_position',
    ])
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
}

export interface ChapterForOrder {
  id: number;
  course_id: number;
  title: string;
  price: number;
  status: number;
  is_free_trial: number;
  course_name: string;
  course_cover: string;
  course_status: number;
  course_type: number;
  needs_verified_profile: number;
}

export function findChapterForOrder(db: Conn, chapterId: number): Promise<ChapterForOrder | undefined> {
  return db
    .selectFrom('chapters')
    .innerJoin('courses', 'courses.id', 'chapters.course_id')
    .select([
      'chapters.id',
      'chapters.course_id',
      'chapters.title',
      'chapters.price',
      'chapters.status',
      'chapters.is_free_trial',
      'courses.name as course_name',
      'courses.cover as course_cover',
      'courses.status as course_status',
      'courses.course_type',
      'courses.needs_verified_profile',
    ])
    .where('chapters.id', '=', chapterId)
    .executeTakeFirst();
}

export interface ColumnForOrder {
  id: number;
  title: string;
  cover: string;
  price: number;
  status: number;
  lecturer_name: string | null;
}

export function findColumnForOrder(db: Conn, columnId: number): Promise<ColumnForOrder | undefined> {
  return db
    .selectFrom('columns')
    .leftJoin('lecturers', 'lecturers.id', 'columns.lecturer_id')
    .select(['columns.id', 'columns.title', 'columns.cover', 'columns.price', 'columns.status', 'lecturers.name as lecturer_name'])
    .where('columns.id', '=', columnId)
    .executeTakeFirst();
}

/** How many of `courseIds` the user owns (any source). */
export async function countOwnedCourses(db: Conn, userId: number, courseIds: readonly number[]): Promise<number> {
  if (courseIds.length === 0) return 0;
  return countRows(db.selectFrom('user_courses').where('user_id', '=', userId).where('course_id', 'in', [...courseIds]));
}

export interface LiveForOrder {
  id: number;
  title: string;
  cover: string;
  price: number;
  status: number;
  start_at: number;
  end_at: number;
  has_replay: number;
  lecturer_name: string;
}

export function findLiveForOrder(db: Conn, liveId: number): Promise<LiveForOrder | undefined> {
  return db
    .selectFrom('lives')
    .innerJoin('lecturers', 'lecturers.id', 'lives.lecturer_id')
    .select(['lives.id', 'lives.title', 'lives.cover', 'lives.price', 'lives.status', 'lives.start_at', 'lives.end_at', 'lives.has_replay', 'lecturers.name as lecturer_name'])
    .where('lives.id', '=', liveId)
    .executeTakeFirst();
}

/** A paid (not refunded) order of this kind and target: the user owns what it bought. */
export async function hasPaidOrderFor(db: Conn, userId: number, kind: number, targetId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('status', '=', 'paid')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/* ---- entitlements ---- */

/** The chapters of a course the user bought one by one (for players and the chapter list). */
export async function listOwnedChapterIds(db: Conn, userId: number, courseId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_chapters').select('chapter_id').where('user_id', '=', userId).where('course_id', '=', courseId).execute();
  return rows.map((r) => r.chapter_id);
}

/* ---- presenting orders of every kind ---- */

export interface ItemRow {
  id: number;
  title: string;
  cover: string;
}

export async function findChapterItems(db: Conn, ids: readonly number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('chapters')
    .innerJoin('courses', 'courses.id', 'chapters.course_id')
    .select(['chapters.id', 'chapters.title', 'courses.cover'])
    .where('chapters.id', 'in', [...ids])
    .execute();
}

export async function findColumnItems(db: Conn, ids: readonly number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('columns').select(['id', 'title', 'cover']).where('id', 'in', [...ids]).execute();
}

export async function findLiveItems(db: Conn, ids: readonly number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('lives').select(['id', 'title', 'cover']).where('id', 'in', [...ids]).execute();
}

export async function setOrderPayer(db: Conn, orderId: number, payerId: number): Promise<void> {
  await db.updateTable('orders').set({ payer_id: payerId }).where('id', '=', orderId).where('status', '=', 'pending').execute();
}

export async function findUserNickname(db: Conn, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select(['nickname', 'name']).where('id', '=', userId).executeTakeFirst();
  return row ? row.nickname || row.name : undefined;
}
