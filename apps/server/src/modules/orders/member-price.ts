/**
 * Member prices and the order rules and reads that sit beside order-service.ts (issue 4):
 *
 * - A member is a user of a member kind (spec §3 user types 3..10) whose membership has not
 *   expired (`member_expire_at` null means no expiry). Type 2 (time-limited) gets no member price.
 * - A member pays `vip_price` where the course has one above 0 (never more than `price`);
 *   everyone else pays `price`. Fen throughout.
 * - A member-free course (`member_free`) is owned by membership: a member cannot order it (-1283).
 * - Cash-back courses (`activity_type` 1): a member joins only where vip_price > 0 (-1368).
 */
import { ErrorCodes, UserType } from '@jinfa/shared';
import type { Db } from '../users/user-repository.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { findCoursePricing, type CoursePricing } from './order-rules-repository.ts';

/** Cash-back activity (courses.activity_type). */
const ACTIVITY_CASHBACK = 1;

export function isActiveMember(user: Pick<UserRow, 'user_type' | 'member_expire_at'>, now: number): boolean {
  if (user.user_type < UserType.BASIC_MEMBER || user.user_type > UserType.TRAFFIC_PACK_MEMBER) return false;
  return user.member_expire_at === null || user.member_expire_at > now;
}

/**
 * The amount in fen the user pays for a whole course, after the member rules; throws the
 * rule's code when the user may not order it. Called by createCourseOrder before inserting.
 */
export function courseAmountFor(user: UserRow, course: Pick<CoursePricing, 'price' | 'vip_price' | 'member_free' | 'activity_type'>, now: number): number {
  if (!isActiveMember(user, now)) return course.price;
  if (course.member_free === 1) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '会员可免费学习该课程，无需购买');
  const vip = course.vip_price ?? 0;
  if (course.activity_type === ACTIVITY_CASHBACK && vip <= 0) throw new AppError(ErrorCodes.VIP_CASHBACK_NEEDS_VIP_PRICE);
  return vip > 0 ? Math.min(vip, course.price) : course.price;
}

/** Loads the course's pricing and answers `courseAmountFor`. */
export async function resolveCourseAmount(db: Db, user: UserRow, courseId: number, now: number): Promise<number> {
  const course = await findCoursePricing(db, courseId);
  if (!course) throw new NotFoundError('课程不存在');
  return courseAmountFor(user, course, now);
}
