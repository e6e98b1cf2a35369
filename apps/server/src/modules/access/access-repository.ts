/**
 * The grant reads behind "may this learner use this content" (decision 024): user_courses,
 * user_chapters, user_lives and the paid chapter orders, plus the course and chapter fields the
 * verdict looks at. Only reads — orders, memberships and activities write grants
 * (grant-writes.ts). Plain rows in, plain rows out.
 */
import { SignupKind } from '@jinfa/shared';
import type { Conn } from '../../db/conn.ts';
import type { UserCourseSource } from '../../db/schema.ts';

/** The course fields the verdict and the players read. */
export interface PlayCourseRow {
  id: number;
  name: string;
  status: number;
  course_type: number;
  media_type: number;
  is_free: number;
  member_free: number;
  corporate_id: number | null;
  native_only: number;
  duration_seconds: number | null;
  subject_id: number;
}

export interface PlayChapterRow {
  id: number;
  title: string;
  sort: number;
  duration_seconds: number | null;
  is_free_trial: number;
}

export function findPlayCourse(db: Conn, id: number): Promise<PlayCourseRow | undefined> {
  return db
    .selectFrom('courses')
    .select(['id', 'name', 'status', 'course_type', 'media_type', 'is_free', 'member_free', 'corporate_id', 'native_only', 'duration_seconds', 'subject_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The learner's grant of a whole course, with the kind of the order that made it (column orders grant several courses). */
export interface OwnedRow {
  course_id: number;
  source: UserCourseSource;
  created_at: number;
  /** The paid order behind the grant; null for other sources and rows granted before migration 011. */
  order_id: number | null;
  /** That order's sign-up kind (1 course, 3 column, 4 rebate, 5 bird-buy); null without an order. */
  order_kind: number | null;
}

export function findUserCourse(db: Conn, userId: number, courseId: number): Promise<OwnedRow | undefined> {
  return db
    .selectFrom('user_courses')
    .leftJoin('orders', 'orders.id', 'user_courses.order_id')
    .select(['user_courses.course_id', 'user_courses.source', 'user_courses.created_at', 'user_courses.order_id', 'orders.kind as order_kind'])
    .where('user_courses.user_id', '=', userId)
    .where('user_courses.course_id', '=', courseId)
    .executeTakeFirst();
}

/** The id of the learner's paid order for this one chapter (sign-up kind 2), if any. */
export async function findPaidChapterOrder(db: Conn, userId: number, chapterId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', SignupKind.CHAPTER)
    .where('chapter_id', '=', chapterId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return row?.id;
}

export async function findUserChapter(db: Conn, userId: number, chapterId: number): Promise<{ order_id: number | null } | undefined> {
  return db.selectFrom('user_chapters').select('order_id').where('user_id', '=', userId).where('chapter_id', '=', chapterId).executeTakeFirst();
}

export async function findUserLive(db: Conn, userId: number, liveId: number): Promise<{ order_id: number | null } | undefined> {
  return db.selectFrom('user_lives').select('order_id').where('user_id', '=', userId).where('live_id', '=', liveId).executeTakeFirst();
}
