/** Reads behind the order rules and the checkout (order-rules.ts, kinds/course.ts). */
import { sql } from 'kysely';
import { SignupKind } from '@jinfa/shared';
import type { Conn } from '../../db/conn.ts';
import type { OrderRow } from '../../db/schema.ts';
import { placeholder, runPrecompiled } from '../../db/precompiled.ts';
import { COURSE_ROW_CARD_COLUMNS, type CourseRowCard } from '../courses/course-card-repository.ts';

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

/**
 * Everything `courseDraft` needs from the database but the entitlement, in ONE statement (the
 * checkout budget, decision 009): the course with its pricing, enrolment window and the fields
 * `checkEntitlement` reads, the course-row half of its card (so the new order is presented without
 * reading the course again), plus two facts about the caller —
 * - `bought_by_chapter`: a paid chapter order of this course (a series bought by chapter, -1365);
 * - `group_paying`: a paid group-buy order for this course whose group has not formed yet (the
 *   course is on its way; another order would be paid twice), in any activity but `exceptActivityId`.
 */
export interface CourseForCheckout extends CourseRowCard {
  needs_verified_profile: number;
  enroll_start_at: number | null;
  enroll_end_at: number | null;
  bird_price: number | null;
  corporate_id: number | null;
  native_only: number;
  subject_id: number;
  bought_by_chapter: boolean;
  group_paying: boolean;
}

export async function findCourseForCheckout(db: Conn, userId: number, courseId: number, exceptActivityId: number | null): Promise<CourseForCheckout | undefined> {
  const except = exceptActivityId !== null;
  // Precompiled: building this query cost more than running it (db/precompiled.ts).
  const build = () =>
    db
      .selectFrom('courses')
      .select(COURSE_ROW_CARD_COLUMNS)
      .select([
        'courses.needs_verified_profile',
        'courses.enroll_start_at',
        'courses.enroll_end_at',
        'courses.bird_price',
        'courses.corporate_id',
        'courses.native_only',
        'courses.subject_id',
      ])
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom('orders')
              .select('orders.id')
              .where('orders.user_id', '=', placeholder<number>('userId'))
              .whereRef('orders.course_id', '=', 'courses.id')
              .where('orders.kind', '=', SignupKind.CHAPTER)
              // Not through the status index: SQLite picked (status, expires_at) and walked every
              // paid order of everyone; by user (orders_user_created, migration 022) it reads a handful (EXPLAIN).
              .where(sql<string>`orders.status || ''`, '=', 'paid'),
          )
          .as('bought_by_chapter'),
        eb
          .exists(
            eb
              .selectFrom('group_buy_members')
              .innerJoin('group_buy_groups', 'group_buy_groups.id', 'group_buy_members.group_id')
              .select('group_buy_members.id')
              .where('group_buy_members.user_id', '=', placeholder<number>('userId'))
              .where('group_buy_members.status', '=', 'paid')
              .whereRef('group_buy_groups.course_id', '=', 'courses.id')
              .where('group_buy_groups.status', '=', 'forming')
              .$if(except, (qb) => qb.where('group_buy_members.activity_id', '!=', placeholder<number>('exceptActivityId'))),
          )
          .as('group_paying'),
      ])
      .where('courses.id', '=', placeholder<number>('courseId'));
  const key = except ? 'orders-course-for-checkout-except' : 'orders-course-for-checkout';
  const [row] = await runPrecompiled(db, key, build, { userId, courseId, exceptActivityId });
  // PostgreSQL answers booleans, SQLite 0/1.
  return row && { ...row, bought_by_chapter: Boolean(row.bought_by_chapter), group_paying: Boolean(row.group_paying) };
}
