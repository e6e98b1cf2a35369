/**
 * What activity orders add to fulfilment (decision 014). Called by orders/fulfilment.ts INSIDE the
 * transaction whose conditional update moved the order, for the one caller that won, before the
 * kind's own grant. Answers true when it handled the grant (or revocation) itself.
 *
 * - Group (type 3): paying does NOT unlock the course. The member moves reserved → paid and the
 *   group's paid count goes up by a conditional update (never past its size); the payment that
 *   fills the group forms it and grants EVERY paid member, each grant carrying its own order id.
 *   A payment the group can no longer take (it failed meanwhile) leaves the member refund_due for
 *   the sweep. So a paid group order has its course exactly when its group is formed.
 * - Invite (type 2): the invitation pending → success; the course is granted as usual.
 * - Cash-back (type 4): a reward for the sharer of the link, once per buyer order, never to the
 *   buyer themselves; the course is granted as usual.
 * Revocation (a refund): a group order loses its grant by order id only; an invitation fails; a
 * reward not yet claimed by a payout is cancelled.
 */
import { OrderType } from '@jinfa/shared';
import type { Conn } from '../../db/conn.ts';
import type { OrderRow } from '../../db/schema.ts';
import { deleteOrderCourseGrants, insertOrderCourseGrant } from '../orders/order-kinds-repository.ts';
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

const INVITATION = { PENDING: 0, SUCCESS: 1, FAIL: 2 } as const;

export async function grantActivityOrder(trx: Conn, order: OrderRow, now: number): Promise<boolean> {
  if (order.type === OrderType.GROUP) {
    await payGroupMember(trx, order, now);
    return true;
  }
  if (order.type === OrderType.INVITE) {
    await moveInvitation(trx, order.id, [INVITATION.PENDING], INVITATION.SUCCESS, now);
    return false;
  }
  if (order.type === OrderType.CASHBACK) {
    await rewardSharer(trx, order, now);
    return false;
  }
  return false;
}

export async function revokeActivityOrder(trx: Conn, order: OrderRow, now: number): Promise<boolean> {
  if (order.type === OrderType.GROUP) {
    // Only a formed group granted anything, and always by this order's id.
    await deleteOrderCourseGrants(trx, order, false);
    const member = await findMemberByOrder(trx, order.id);
    if (member) {
      // Refunded while the group was still forming: the place goes back and the group must not grant it later.
      if (await moveMember(trx, member.id, 'paid', 'refunded', now)) await releasePaidSlot(trx, member.group_id);
      else await moveMember(trx, member.id, 'refund_due', 'refunded', now);
    }
    return true;
  }
  if (order.type === OrderType.INVITE) {
    await moveInvitation(trx, order.id, [INVITATION.PENDING, INVITATION.SUCCESS], INVITATION.FAIL, now);
    return false;
  }
  if (order.type === OrderType.CASHBACK) {
    await cancelPendingReward(trx, order.id, now);
    return false;
  }
  return false;
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
