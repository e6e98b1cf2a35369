/**
 * The whole course (sign-up kind 1) and its early-bird sale (kind 5): `POST /v1/orders/{courseId}`
 * orders kind 5 on an early-bird course (`activity_type` 2), kind 1 otherwise — one draft decides
 * (decision 013). Grant: the course in `user_courses`, carrying the order id; a refund deletes by
 * it (and, for rows from before migration 011, by user, course and source 'order').
 *
 * The activity orders on a course (invite, group, cash-back: activities/order-kinds.ts) run the
 * same `courseDraft` first and then price it their way.
 */
import { ErrorCodes, OrderType, SignupKind } from '@jinfa/shared';
import type { Db } from '../../../db/conn.ts';
import type { UserRow } from '../../../db/schema.ts';
import { AppError, NotFoundError } from '../../../lib/errors.ts';
import { yuan } from '../../courses/course-card.ts';
import { assertCourseOnShelf } from '../../courses/course-state.ts';
import { checkEntitlement } from '../../access/access-service.ts';
import { isActiveMember } from '../../access/member-standing.ts';
import { deleteOrderCourseGrants, grantCourseOfOrder } from '../../access/grant-writes.ts';
import { courseAmountFor } from '../member-price.ts';
import { findCourseForCheckout, type CourseForCheckout } from '../order-rules-repository.ts';
import { findCourseForKinds } from '../order-kinds-repository.ts';
import { assertProfileAllowsPurchase } from '../order-service.ts';
import type { OrderDraft, OrderKind, QuoteView } from './registry.ts';

/** Early-bird courses (courses.activity_type 2): sign-up kind 5 at the bird price, within the window. */
export const ACTIVITY_EARLY_BIRD = 2;

const iso = (ms: number) => new Date(ms).toISOString();

/** Where `now` falls in a course's enrolment window (null sides are open). */
export function enrolWindowState(course: { enroll_start_at: number | null; enroll_end_at: number | null }, now: number): 'open' | 'not_started' | 'ended' {
  if (course.enroll_start_at !== null && now < course.enroll_start_at) return 'not_started';
  if (course.enroll_end_at !== null && now >= course.enroll_end_at) return 'ended';
  return 'open';
}

/**
 * -1283 when the learner may already study the whole course — the SAME verdict the course page's
 * 开始学习 and the player use (`checkEntitlement`, access/access-service.ts): owned, member-free
 * for an active member, their own corporate's course while that membership lasts. A free course
 * is left to the free-course rule. A corporate grant that no longer plays still holds the
 * course's one `user_courses` row, so an order could not grant it either: -1283 as well.
 */
async function assertNotEntitled(db: Db, user: UserRow, course: CourseForCheckout, now: number): Promise<void> {
  const verdict = await checkEntitlement(db, user, course, null, now);
  if (verdict.allowed) {
    if (verdict.reason === 'membership') throw new AppError(ErrorCodes.ALREADY_ENROLLED, '会员可免费学习该课程，无需购买');
    if (verdict.reason === 'corporate') throw new AppError(ErrorCodes.ALREADY_ENROLLED, '企业会员可免费学习该课程，无需购买');
    if (verdict.reason !== 'free') throw new AppError(ErrorCodes.ALREADY_ENROLLED);
  } else if (verdict.reason === 'expired' && verdict.lapsedGrant) {
    throw new AppError(ErrorCodes.ALREADY_ENROLLED);
  }
}

/**
 * The rules of buying a whole course (kinds 1 and 5), in the order a learner should hear them:
 * entitled -1283 (`assertNotEntitled`), a paid group order still forming -1283, shelf
 * -1281/-45061, free, -1365, the profile gate, the enrolment window -1284/-1285, then the price
 * (member rules in member-price.ts; an early-bird course costs its bird price if lower). Throws
 * the rule's code; answers the draft otherwise. Two reads (the course with the caller's facts,
 * and the entitlement): the checkout budget counts them.
 *
 * `groupActivityId`: the group-buy activity the caller is starting or joining; its own live
 * membership is judged there (-10122), so only paid groups of OTHER activities count here.
 */
export async function courseDraft(db: Db, user: UserRow, courseId: number, now: number, opts: { groupActivityId?: number } = {}): Promise<OrderDraft> {
  const course = await findCourseForCheckout(db, user.id, courseId, opts.groupActivityId ?? null);
  if (!course) throw new NotFoundError('课程不存在');
  await assertNotEntitled(db, user, course, now);
  // Paid into a group that has not formed: the course comes when it forms, or the money goes back.
  if (course.group_paying) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '您已拼团付款，成团后即可学习，无需再次购买');
  assertCourseOnShelf(course);
  if (course.is_free === 1 || course.price <= 0) throw new AppError(ErrorCodes.ORDER_COURSE_FREE);
  // A series already bought chapter by chapter cannot also be bought whole.
  if (course.course_type === 2 && course.bought_by_chapter) throw new AppError(ErrorCodes.SERIES_BOUGHT_BY_CHAPTER);
  if (course.needs_verified_profile === 1) assertProfileAllowsPurchase(user, now);
  const window = enrolWindowState(course, now);
  if (window === 'not_started') throw new AppError(ErrorCodes.ENROL_NOT_STARTED);
  if (window === 'ended') throw new AppError(ErrorCodes.ENROL_ENDED);

  // Member price, member-free and cash-back rules (member-price.ts); throws the rule's code.
  let amountFen = courseAmountFor(user, course, now);
  let kind: number = SignupKind.COURSE;
  if (course.activity_type === ACTIVITY_EARLY_BIRD) {
    kind = SignupKind.BIRD_BUY;
    if (course.bird_price !== null && course.bird_price > 0) amountFen = Math.min(amountFen, course.bird_price);
  }
  return {
    type: OrderType.NORMAL,
    kind,
    targetId: courseId,
    courseId,
    chapterId: null,
    columnId: null,
    amountFen,
    description: course.name.slice(0, 120),
    courseRow: course,
  };
}

async function courseQuoteView(db: Db, user: UserRow, id: number, now: number): Promise<QuoteView> {
  const c = await findCourseForKinds(db, id);
  if (!c) throw new NotFoundError('课程不存在');
  const bird = c.activity_type === ACTIVITY_EARLY_BIRD;
  const hasWindow = c.enroll_start_at !== null || c.enroll_end_at !== null;
  let note = '';
  if (!isActiveMember(user, now)) {
    if (c.member_free === 1) note = '会员可免费学习此课程，开通会员更划算';
    else if (c.vip_price !== null && c.vip_price > 0 && c.vip_price < c.price) note = `会员价 ¥${yuan(c.vip_price)}，开通会员后购买更优惠`;
  }
  return {
    target: 'course',
    targetId: id,
    startAt: null,
    note,
    kind: bird ? SignupKind.BIRD_BUY : SignupKind.COURSE,
    type: OrderType.NORMAL,
    courseId: c.id,
    title: c.name,
    subtitle: [c.lecturer_name, c.lecturer_position].filter(Boolean).join(' · ') || c.subtitle,
    cover: c.cover,
    listPrice: c.price,
    originalPrice: Math.max(c.original_price, c.price),
    originalPriceYuan: yuan(Math.max(c.original_price, c.price)),
    window: hasWindow
      ? {
          startAt: c.enroll_start_at === null ? null : iso(c.enroll_start_at),
          endAt: c.enroll_end_at === null ? null : iso(c.enroll_end_at),
          state: enrolWindowState(c, now),
        }
      : null,
  };
}

export const courseOrderKind: OrderKind = {
  name: 'course',
  signupKinds: [SignupKind.COURSE, SignupKind.BIRD_BUY],
  // The spec's path; `auto_order` (order-kind-routes.ts) places the same draft from a signed link.
  checkoutPath: '/orders/:id',
  draft: (db, user, courseId, now) => courseDraft(db, user, courseId, now),
  quote: { target: 'course', view: courseQuoteView },
  fulfil: grantCourseOfOrder,
  // By order id; a grant from before migration 011 (no order id) by user and course.
  refund: (trx, order) => deleteOrderCourseGrants(trx, order, true),
};
