/**
 * Member prices and the order rules and reads that sit beside order-service.ts (issue 4):
 *
 * - A member is a user of a member kind that gets member prices whose membership has not expired
 *   (decision 012); `isActiveMember` (access/member-standing.ts) is the ONE place that decides.
 * - A member pays `vip_price` where the course has one above 0 (never more than `price`);
 *   everyone else pays `price`. Fen throughout.
 * - A member-free course (`member_free`) is owned by membership: a member cannot order it (-1283).
 * - Cash-back courses (`activity_type` 1): a member joins only where vip_price > 0 (-1368).
 */
import { ErrorCodes } from '@jinfa/shared';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { isActiveMember } from '../access/member-standing.ts';
import type { CourseForKinds } from './order-kinds-repository.ts';

/** Cash-back activity (courses.activity_type). */
const ACTIVITY_CASHBACK = 1;

/**
 * The amount in fen the user pays for a whole course, after the member rules; throws the
 * rule's code when the user may not order it. Called by courseDraft (order-service.ts) with the
 * course it read.
 */
export function courseAmountFor(user: UserRow, course: Pick<CourseForKinds, 'price' | 'vip_price' | 'member_free' | 'activity_type'>, now: number): number {
  if (!isActiveMember(user, now)) return course.price;
  if (course.member_free === 1) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '会员可免费学习该课程，无需购买');
  const vip = course.vip_price ?? 0;
  if (course.activity_type === ACTIVITY_CASHBACK && vip <= 0) throw new AppError(ErrorCodes.VIP_CASHBACK_NEEDS_VIP_PRICE);
  return vip > 0 ? Math.min(vip, course.price) : course.price;
}
