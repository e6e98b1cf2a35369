/**
 * Queries of the order kinds (decision 013): what a chapter, column or live order is for, and the
 * grants each kind makes and takes back BY ORDER ID, so a refund removes exactly what its order
 * granted (a column order grants several courses; a course owned before keeps its own row).
 * Grants are on-conflict-nothing inserts, revokes are deletes by order id: both run inside the
 * transaction whose conditional status update won (fulfilment.ts), so each happens once.
 */
import type { Conn } from '../../db/conn.ts';
import type { OrderRow } from '../../db/schema.ts';

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
  const row = await db
    .selectFrom('user_courses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('course_id', 'in', [...courseIds])
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

export async function findUserChapter(db: Conn, userId: number, chapterId: number): Promise<{ order_id: number | null } | undefined> {
  return db.selectFrom('user_chapters').select('order_id').where('user_id', '=', userId).where('chapter_id', '=', chapterId).executeTakeFirst();
}

/** The chapters of a course the user bought one by one (for players and the chapter list). */
export async function listOwnedChapterIds(db: Conn, userId: number, courseId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_chapters').select('chapter_id').where('user_id', '=', userId).where('course_id', '=', courseId).execute();
  return rows.map((r) => r.chapter_id);
}

export async function findUserLive(db: Conn, userId: number, liveId: number): Promise<{ order_id: number | null } | undefined> {
  return db.selectFrom('user_lives').select('order_id').where('user_id', '=', userId).where('live_id', '=', liveId).executeTakeFirst();
}

/** One course for one paid order (kinds 1, 4, 5 and each course of a column). True when new. */
export async function insertOrderCourseGrant(db: Conn, g: { userId: number; courseId: number; orderId: number; now: number }): Promise<boolean> {
  const row = await db
    .insertInto('user_courses')
    .values({ user_id: g.userId, course_id: g.courseId, source: 'order', order_id: g.orderId, created_at: g.now })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Revokes the course grants of one order. A row granted before migration 011 has no order id: for
 * a whole-course order it is found by user, course and source 'order' as before.
 */
export async function deleteOrderCourseGrants(db: Conn, order: Pick<OrderRow, 'id' | 'user_id' | 'course_id'>, legacy: boolean): Promise<number> {
  // Only order grants: a row since relabelled (e.g. to a corporate grant) is no longer the order's.
  const res = await db.deleteFrom('user_courses').where('order_id', '=', order.id).where('source', '=', 'order').executeTakeFirst();
  let n = Number(res.numDeletedRows);
  if (n === 0 && legacy && order.course_id !== null) {
    const old = await db
      .deleteFrom('user_courses')
      .where('user_id', '=', order.user_id)
      .where('course_id', '=', order.course_id)
      .where('source', '=', 'order')
      .where('order_id', 'is', null)
      .executeTakeFirst();
    n = Number(old.numDeletedRows);
  }
  return n;
}

export async function insertChapterGrant(db: Conn, g: { userId: number; chapterId: number; courseId: number; orderId: number; now: number }): Promise<boolean> {
  const row = await db
    .insertInto('user_chapters')
    .values({ user_id: g.userId, chapter_id: g.chapterId, course_id: g.courseId, order_id: g.orderId, created_at: g.now })
    .onConflict((oc) => oc.columns(['user_id', 'chapter_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteChapterGrants(db: Conn, orderId: number): Promise<number> {
  const res = await db.deleteFrom('user_chapters').where('order_id', '=', orderId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Grants the live and counts the sign-up (lives.signup_count) when the grant is new. */
export async function insertLiveGrant(db: Conn, g: { userId: number; liveId: number; orderId: number; now: number }): Promise<boolean> {
  const row = await db
    .insertInto('user_lives')
    .values({ user_id: g.userId, live_id: g.liveId, order_id: g.orderId, created_at: g.now })
    .onConflict((oc) => oc.columns(['user_id', 'live_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await db.updateTable('lives').set((eb) => ({ signup_count: eb('signup_count', '+', 1) })).where('id', '=', g.liveId).execute();
  return true;
}

export async function deleteLiveGrants(db: Conn, order: Pick<OrderRow, 'id' | 'target_id'>): Promise<number> {
  const res = await db.deleteFrom('user_lives').where('order_id', '=', order.id).executeTakeFirst();
  const n = Number(res.numDeletedRows);
  if (n > 0) {
    await db
      .updateTable('lives')
      .set((eb) => ({ signup_count: eb('signup_count', '-', n) }))
      .where('id', '=', order.target_id)
      .where('signup_count', '>=', n)
      .execute();
  }
  return n;
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
