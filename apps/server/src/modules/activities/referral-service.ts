/**
 * Orders bought through someone else's link (spec §3 source id `suid`), decision 014.
 *
 * - Invite (order type 2, sign-up kind 1): a learner who owns a course invites a friend; the friend
 *   pays the INVITE PRICE (10% off what they would pay, member prices included) and the invitation
 *   becomes success in the fulfilment transaction. The inviter gets no money (that is cash-back's
 *   job); their invitations and successes are listed for them.
 * - Cash-back (order type 4, sign-up kind rebate 4): a course with `activity_type` 1 and a rebate
 *   in `cashback_offers`. A buyer arriving through a sharer's link pays the ordinary price (member
 *   rule -1368 in member-price.ts); the sharer earns the rebate once the payment is fulfilled.
 *   Rewards are paid out by the sweep (payout-service.ts).
 * In both, the link counts only through an invitation the server issued (decision 019): the sharer
 * asks `POST /v1/activities/invite/{courseId}/link` for a token (they must own the course), the
 * link carries it as `it`, and only a stored, unexpired token for this course whose sharer is
 * someone else, still active, who still owns the course, gives the discount, the reward and the
 * sharer's name. The numeric `suid` is a hint for tracking: alone it matches nothing, so forged or
 * enumerated ids discount nothing and reveal no one. Their prices and what paying and refunding
 * them do are their order kinds (order-kinds.ts).
 */
import {
  ErrorCodes,
  OrderType,
  SignupKind,
  type CashbackOffer,
  type CashbackRewardPage,
  type CreateOrderResult,
  type InvitationPage,
  type InviteLink,
  type InviteOffer,
} from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import type { UserRow } from '../../db/schema.ts';
import type { PaymentProvider } from '../../adapters/pay/payment-provider.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { yuan } from '../courses/course-card.ts';
import { findUserById } from '../users/user-repository.ts';
import { findUserCourse } from '../access/access-repository.ts';
import { placeOrder, presentOne } from '../orders/order-service.ts';
import { courseDraft } from '../orders/kinds/course.ts';
import { cashbackDraft, cashbackOfferOf, inviteDraft, invitePriceOf } from './order-kinds.ts';
import {
  countInvitationsOf,
  findValidShareInvite,
  insertInvitation,
  insertReferral,
  insertShareInvite,
  listInvitationsOf,
  listRewardsOf,
  sumRewardsOf,
} from './activity-repository.ts';
import { clearPendingSlot, courseCard, iso, isoOrNull } from './activity-orders.ts';

/** How long a share link's invitation counts after the sharer asked for it. */
export const INVITE_LINK_TTL_MS = 30 * 24 * 3600_000;

/** What a link carried: `suid` (a hint, never trusted) and `it`, the invitation token. */
export interface LinkReferral {
  suid?: number;
  it?: string;
}

/** `POST /v1/activities/invite/{courseId}/link`: a new invitation token of the caller for a course they own. */
export async function issueInviteLink(db: Db, user: UserRow, courseId: number, now: number): Promise<InviteLink> {
  if (user.account_status !== 0 || !(await findUserCourse(db, user.id, courseId))) throw new AppError(ErrorCodes.INVITE_NOT_ALLOWED);
  const token = randomToken(18);
  const expiresAt = now + INVITE_LINK_TTL_MS;
  // Only the hash is stored: reading the table does not hand out working links.
  await insertShareInvite(db, { tokenHash: sha256Hex(token), sharerUserId: user.id, courseId, now, expiresAt });
  return { courseId, token, suid: user.id, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * The link's sharer, when they count: an invitation we issued for this course, not expired, whose
 * sharer is not the buyer, is active and still owns the course. `suid` plays no part.
 */
async function referrer(db: Db, ref: LinkReferral, buyer: UserRow | null, courseId: number, now: number): Promise<UserRow | undefined> {
  if (!ref.it) return undefined;
  const invite = await findValidShareInvite(db, sha256Hex(ref.it), courseId, now);
  if (!invite || invite.sharer_user_id === buyer?.id) return undefined;
  const user = await findUserById(db, invite.sharer_user_id);
  if (!user || user.account_status !== 0) return undefined;
  return (await findUserCourse(db, user.id, courseId)) ? user : undefined;
}

/** What the caller would pay for the whole course, or the rule's code that stops them. */
async function priceFor(db: Db, user: UserRow, courseId: number, now: number): Promise<{ amountFen: number; kind: number } | { code: number }> {
  try {
    const draft = await courseDraft(db, user, courseId, now);
    return { amountFen: draft.amountFen, kind: draft.kind };
  } catch (err) {
    if (err instanceof AppError && err.code !== ErrorCodes.NOT_FOUND) return { code: err.code };
    throw err;
  }
}

/** `GET /v1/activities/invite/{courseId}?suid`. */
export async function inviteOffer(db: Db, user: UserRow, courseId: number, ref: LinkReferral, now: number): Promise<InviteOffer> {
  const course = await courseCard(db, courseId);
  const [inviter, price, owned] = await Promise.all([referrer(db, ref, user, courseId, now), priceFor(db, user, courseId, now), findUserCourse(db, user.id, courseId)]);
  const amount = 'amountFen' in price ? price.amountFen : course.price;
  const invitePrice = invitePriceOf(amount);
  return {
    course,
    valid: inviter !== undefined && 'amountFen' in price && price.kind === SignupKind.COURSE,
    inviterNickname: inviter?.nickname ?? '',
    price: amount,
    invitePrice,
    invitePriceYuan: yuan(invitePrice),
    owned: owned !== undefined,
  };
}

/** `POST /v1/activities/invite/{courseId}/order` {suid}: the caller's pending invite order. */
export async function createInviteOrder(db: Db, pay: PaymentProvider, user: UserRow, courseId: number, ref: LinkReferral, now: number): Promise<CreateOrderResult> {
  const course = await courseDraft(db, user, courseId, now);
  const inviter = await referrer(db, ref, user, courseId, now);
  if (!inviter) throw new AppError(ErrorCodes.REFERRAL_INVALID);
  const draft = inviteDraft(course);
  const kept = await clearPendingSlot(db, pay, user.id, SignupKind.COURSE, courseId, now, (o) => o.type === OrderType.INVITE);
  if (kept) return { order: await presentOne(db, kept), created: false };
  const res = await placeOrder(db, user.id, draft, { provider: pay.name, now });
  if (res.order.type === OrderType.INVITE) {
    await insertInvitation(db, { inviterUserId: inviter.id, inviteeUserId: user.id, courseId, orderId: res.order.orderId, now });
  }
  return res;
}

/** `GET /v1/activities/invitations/mine`: the caller's invitations as inviter. */
export async function myInvitations(db: Db, userId: number, q: { pageIndex: number; pageSize: number }): Promise<InvitationPage> {
  const [rows, counts] = await Promise.all([listInvitationsOf(db, userId, (q.pageIndex - 1) * q.pageSize, q.pageSize), countInvitationsOf(db, userId)]);
  return {
    rows: rows.map((r) => ({ invitationId: r.id, courseId: r.course_id, courseName: r.course_name, inviteeNickname: r.nickname, status: r.status, createdAt: iso(r.created_at) })),
    total: counts.total,
    successCount: counts.success,
  };
}

/** `GET /v1/activities/cashback/{courseId}?suid`: the cash-back landing. */
export async function cashbackOffer(db: Db, user: UserRow, courseId: number, ref: LinkReferral, now: number): Promise<CashbackOffer> {
  const course = await courseCard(db, courseId);
  const offer = await cashbackOfferOf(db, courseId, course.activityType);
  const [sharer, price, owned] = await Promise.all([referrer(db, ref, user, courseId, now), priceFor(db, user, courseId, now), findUserCourse(db, user.id, courseId)]);
  const amount = 'amountFen' in price ? price.amountFen : null;
  return {
    course,
    rebate: offer.rebate_fen,
    rebateYuan: yuan(offer.rebate_fen),
    price: amount,
    priceYuan: amount === null ? null : yuan(amount),
    owned: owned !== undefined,
    sharerRewarded: sharer !== undefined && amount !== null,
    sharerNickname: sharer?.nickname ?? '',
    blockedCode: 'code' in price ? price.code : 0,
  };
}

/** `POST /v1/activities/cashback/{courseId}/order` {suid?}: the caller's pending cash-back order. */
export async function createCashbackOrder(db: Db, pay: PaymentProvider, user: UserRow, courseId: number, ref: LinkReferral, now: number): Promise<CreateOrderResult> {
  const course = await courseCard(db, courseId);
  const draft = await cashbackDraft(db, user, courseId, course.activityType, now);
  // An ordinary pending order for the course would be a second way to pay for it: cancel it.
  await clearPendingSlot(db, pay, user.id, SignupKind.COURSE, courseId, now, () => false);
  const res = await placeOrder(db, user.id, draft, { provider: pay.name, now });
  const sharer = await referrer(db, ref, user, courseId, now);
  // The first link an order was made through keeps it (a second tap with another link changes nothing).
  if (sharer && res.order.status === 'pending') await insertReferral(db, { orderId: res.order.orderId, sharerUserId: sharer.id, now });
  return res;
}

/** `GET /v1/activities/cashback/mine`: the caller's rewards as a sharer. */
export async function myRewards(db: Db, userId: number, q: { pageIndex: number; pageSize: number }): Promise<CashbackRewardPage> {
  const [rows, sums] = await Promise.all([listRewardsOf(db, userId, (q.pageIndex - 1) * q.pageSize, q.pageSize), sumRewardsOf(db, userId)]);
  return {
    rows: rows.map((r) => ({
      rewardId: r.id,
      courseId: r.course_id,
      courseName: r.course_name,
      buyerNickname: r.buyer_nickname,
      amount: r.amount_fen,
      amountYuan: yuan(r.amount_fen),
      status: r.status,
      createdAt: iso(r.created_at),
      payableAt: iso(r.payable_at),
      paidAt: isoOrNull(r.paid_at),
    })),
    total: sums.total,
    pendingFen: sums.pendingFen,
    paidOutFen: sums.paidOutFen,
  };
}
