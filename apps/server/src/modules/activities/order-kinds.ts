/**
 * The activity order kinds (decision 014), registered in src/order-kinds.ts: invite (order type 2),
 * group (3) and cash-back (4, sign-up kind rebate 4). Each prices and validates its order from the
 * course's own rules (`courseDraft`), and fulfils and refunds INSIDE the transaction whose
 * conditional update moved the order, for the one caller that won (the order-kind registry,
 * decision 025). Their orders are placed through flows of their own (an invitation link, a group's
 * slot: referral-service.ts, group-service.ts), so they have no checkout path of the registry's.
 *
 * - Group: paying does NOT unlock the course. The member moves reserved → paid and the group's paid
 *   count goes up by a conditional update (never past its size); the payment that fills the group
 *   forms it and grants EVERY paid member, each grant carrying its own order id. A payment the
 *   group can no longer take (it failed meanwhile) leaves the member refund_due for the sweep. So a
 *   paid group order has its course exactly when its group is formed.
 * - Invite: the invitation pending → success, and the course as a course order.
 * - Cash-back: a reward for the sharer of the link, once per buyer order, never to the buyer
 *   themselves, and the course as a course order.
 * Refunds: a group order loses its grant by order id only; an invitation fails; a reward not yet
 * claimed by a payout is cancelled; invite and cash-back orders lose their course as a course order.
 */
import { ErrorCodes, OrderType, SignupKind } from '@jinfa/shared';
import type { Conn, Db } from '../../db/conn.ts';
import type { GroupBuyActivityRow, OrderRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteOrderCourseGrants, grantCourseOfOrder, insertOrderCourseGrant } from '../access/grant-writes.ts';
import { courseDraft } from '../orders/kinds/course.ts';
import type { OrderDraft, OrderKind } from '../orders/kinds/registry.ts';
import {
  cancelPendingReward,
  findCashbackOffer,
  findMemberByOrder,
  findReferral,
  insertReward,
  listPaidMembers,
  markGroupFormed,
  moveInvitation,
  moveMember,
  releasePaidSlot,
  takePaidSlot,
} from './activity-repository.ts';

/** A reward becomes payable after this long: a refund within it cancels the reward instead. */
export const REWARD_HOLD_MS = 7 * 24 * 60 * 60 * 1000;
/** What an invitation takes off the price the invitee would pay, in percent. */
export const INVITE_DISCOUNT_PERCENT = 10;
/** courses.activity_type of a cash-back course. */
export const ACTIVITY_CASHBACK = 1;

const INVITATION = { PENDING: 0, SUCCESS: 1, FAIL: 2 } as const;

/** The invite price of `amountFen`: integer fen, rounded in the learner's favour, at least 1 fen. */
export function invitePriceOf(amountFen: number): number {
  return Math.max(1, amountFen - Math.floor((amountFen * INVITE_DISCOUNT_PERCENT) / 100));
}

/**
 * The invite order of a course draft (the caller's ordinary price), once the link's inviter
 * counted: early-bird courses (kind 5) keep their own price, invitations are for ordinary buys.
 */
export function inviteDraft(course: OrderDraft): OrderDraft {
  if (course.kind !== SignupKind.COURSE) throw new AppError(ErrorCodes.REFERRAL_INVALID);
  return { ...course, type: OrderType.INVITE, amountFen: invitePriceOf(course.amountFen) };
}

/** The rebate of a cash-back course, or -10124 for any other course. */
export async function cashbackOfferOf(db: Db, courseId: number, activityType: number): Promise<{ rebate_fen: number }> {
  const offer = activityType === ACTIVITY_CASHBACK ? await findCashbackOffer(db, courseId) : undefined;
  if (!offer || offer.rebate_fen <= 0) throw new AppError(ErrorCodes.NOT_CASHBACK_COURSE);
  return offer;
}

/** A cash-back order: a cash-back course, then every course rule and price, the VIP rule -1368 included (member-price.ts). */
export async function cashbackDraft(db: Db, user: UserRow, courseId: number, activityType: number, now: number): Promise<OrderDraft> {
  await cashbackOfferOf(db, courseId, activityType);
  const draft = await courseDraft(db, user, courseId, now);
  return { ...draft, type: OrderType.CASHBACK, kind: SignupKind.REBATE };
}

/** A group order: the course rules of an ordinary buy (owned, shelf, free, profile, -1365, …) at the group's price. */
export async function groupDraft(db: Db, user: UserRow, activity: GroupBuyActivityRow, now: number): Promise<OrderDraft> {
  const draft = await courseDraft(db, user, activity.course_id, now, { groupActivityId: activity.id });
  return { ...draft, type: OrderType.GROUP, kind: SignupKind.COURSE, amountFen: activity.group_price_fen, description: `拼团·${draft.description}`.slice(0, 120) };
}

async function payGroupMember(trx: Conn, order: OrderRow, now: number): Promise<void> {
  const member = await findMemberByOrder(trx, order.id);
  if (!member) return;
  // Slots are released only for CLOSED orders, and a closed order is never marked paid; so the
  // member is still reserved here. Anything else is paid money without a place: give it back.
  if (!(await moveMember(trx, member.id, 'reserved', 'paid', now))) {
    await moveMember(trx, member.id, 'released', 'refund_due', now);
    return;
  }
  const group = await takePaidSlot(trx, member.group_id);
  if (!group) {
    await moveMember(trx, member.id, 'paid', 'refund_due', now);
    return;
  }
  if (group.paid_count < group.group_size) return;
  if (!(await markGroupFormed(trx, group.id, now))) return;
  for (const m of await listPaidMembers(trx, group.id)) {
    await insertOrderCourseGrant(trx, { userId: m.user_id, courseId: group.course_id, orderId: m.order_id, now });
  }
}

async function rewardSharer(trx: Conn, order: OrderRow, now: number): Promise<void> {
  if (order.course_id === null) return;
  const referral = await findReferral(trx, order.id);
  if (!referral || referral.sharer_user_id === order.user_id) return;
  const offer = await findCashbackOffer(trx, order.course_id);
  if (!offer || offer.rebate_fen <= 0) return;
  await insertReward(trx, {
    sharerUserId: referral.sharer_user_id,
    buyerUserId: order.user_id,
    buyerOrderId: order.id,
    courseId: order.course_id,
    // Never more than the buyer paid.
    amountFen: Math.min(offer.rebate_fen, order.amount_fen),
    payableAt: now + REWARD_HOLD_MS,
    now,
  });
}

export const inviteOrderKind: OrderKind = {
  name: 'invite',
  orderTypes: [OrderType.INVITE],
  async fulfil(trx, order, now) {
    await moveInvitation(trx, order.id, [INVITATION.PENDING], INVITATION.SUCCESS, now);
    await grantCourseOfOrder(trx, order, now);
  },
  async refund(trx, order, now) {
    await moveInvitation(trx, order.id, [INVITATION.PENDING, INVITATION.SUCCESS], INVITATION.FAIL, now);
    await deleteOrderCourseGrants(trx, order, true);
  },
};

export const groupOrderKind: OrderKind = {
  name: 'group',
  orderTypes: [OrderType.GROUP],
  fulfil: payGroupMember,
  async refund(trx, order, now) {
    // Only a formed group granted anything, and always by this order's id.
    await deleteOrderCourseGrants(trx, order, false);
    const member = await findMemberByOrder(trx, order.id);
    if (!member) return;
    // Refunded while the group was still forming: the place goes back and the group must not grant it later.
    if (await moveMember(trx, member.id, 'paid', 'refunded', now)) await releasePaidSlot(trx, member.group_id);
    else await moveMember(trx, member.id, 'refund_due', 'refunded', now);
  },
};

export const cashbackOrderKind: OrderKind = {
  name: 'cash-back',
  // Sign-up kind rebate 4 is only ever ordered as a cash-back order.
  signupKinds: [SignupKind.REBATE],
  orderTypes: [OrderType.CASHBACK],
  async fulfil(trx, order, now) {
    await rewardSharer(trx, order, now);
    await grantCourseOfOrder(trx, order, now);
  },
  async refund(trx, order, now) {
    await cancelPendingReward(trx, order.id, now);
    await deleteOrderCourseGrants(trx, order, true);
  },
};
