/** Reads behind the order rules and the extra order calls (order-rules.ts, extra-routes.ts). */
import type { Conn } from '../users/user-repository.ts';
import type { OrderRow } from '../../db/schema.ts';

export interface CoursePricing {
  id: number;
  name: string;
  status: number;
  is_free: number;
  price: number;
  vip_price: number | null;
  member_free: number;
  activity_type: number;
  needs_verified_profile: number;
}

export function findCoursePricing(db: Conn, courseId: number): Promise<CoursePricing | undefined> {
  return db
    .selectFrom('courses')
    .select(['id', 'name', 'status', 'is_free', 'price', 'vip_price', 'member_free', 'activity_type', 'needs_verified_profile'])
    .where('id', '=', courseId)
    .executeTakeFirst();
}

export interface ChapterForPrepay {
  id: number;
  course_id: number;
  title: string;
  price: number;
  status: number;
  course_status: number;
}

export function findChapterForPrepay(db: Conn, chapterId: number): Promise<ChapterForPrepay | undefined> {
  return db
    .selectFrom('chapters')
    .innerJoin('courses', 'courses.id', 'chapters.course_id')
    .select(['chapters.id', 'chapters.course_id', 'chapters.title', 'chapters.price', 'chapters.status', 'courses.status as course_status'])
    .where('chapters.id', '=', chapterId)
    .executeTakeFirst();
}

/** The user's latest order of one type for a course. */
export function findLatestCourseOrderOfType(db: Conn, userId: number, courseId: number, type: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The user's paid orders that carry a course, most recently paid first. */
export function listRecentPaidCourseOrders(db: Conn, userId: number, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('course_id', 'is not', null)
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
