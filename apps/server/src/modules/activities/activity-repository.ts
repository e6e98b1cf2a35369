/**
 * Queries of the activity orders (migration 012, decision 014): group buy, invitations and
 * cash-back. Every status change is a conditional update on the current status (and, for group
 * slots, on the counters), so concurrent callers move a row once and a group never over-fills.
 */
import { sql } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import type { CashbackRewardRow, GroupBuyActivityRow, GroupBuyGroupRow, GroupBuyMemberRow, GroupMemberStatus } from '../../db/schema.ts';
import { countRows } from '../../db/paging.ts';

const changed = (res: { numUpdatedRows: bigint }) => Number(res.numUpdatedRows) === 1;

// ---- group buy: activities ----

export function findGroupActivity(db: Conn, id: number): Promise<GroupBuyActivityRow | undefined> {
  return db.selectFrom('group_buy_activities').selectAll().where('id', '=', id).where('status', '=', 1).executeTakeFirst();
}

/** Published activities, running ones first, optionally of one course. */
export function listGroupActivities(db: Conn, opts: { courseId?: number; limit: number }): Promise<GroupBuyActivityRow[]> {
  return db
    .selectFrom('group_buy_activities')
    .selectAll()
    .where('status', '=', 1)
    .$if(opts.courseId !== undefined, (qb) => qb.where('course_id', '=', opts.courseId as number))
    .orderBy('ends_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .execute();
}

// ---- group buy: groups ----

export async function insertGroup(db: Conn, g: { activityId: number; courseId: number; leaderUserId: number; groupSize: number; expiresAt: number; now: number }): Promise<GroupBuyGroupRow> {
  return db
    .insertInto('group_buy_groups')
    .values({
      activity_id: g.activityId,
      course_id: g.courseId,
      leader_user_id: g.leaderUserId,
      status: 'forming',
      group_size: g.groupSize,
      reserved_count: 0,
      paid_count: 0,
      expires_at: g.expiresAt,
      created_at: g.now,
      formed_at: null,
      failed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findGroup(db: Conn, id: number): Promise<GroupBuyGroupRow | undefined> {
  return db.selectFrom('group_buy_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Takes a slot for a joiner: only while forming, unexpired and not every slot is held. */
export async function reserveSlot(db: Conn, groupId: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('group_buy_groups')
    .set((eb) => ({ reserved_count: eb('reserved_count', '+', 1) }))
    .where('id', '=', groupId)
    .where('status', '=', 'forming')
    .where('expires_at', '>', now)
    .whereRef('reserved_count', '<', 'group_size')
    .executeTakeFirst();
  return changed(res);
}

export async function releaseSlot(db: Conn, groupId: number): Promise<void> {
  await db
    .updateTable('group_buy_groups')
    .set((eb) => ({ reserved_count: eb('reserved_count', '-', 1) }))
    .where('id', '=', groupId)
    .where('reserved_count', '>', 0)
    .execute();
}

/** A paid member of a still-forming group was refunded: their paid slot and their place go back. */
export async function releasePaidSlot(db: Conn, groupId: number): Promise<void> {
  await db
    .updateTable('group_buy_groups')
    .set((eb) => ({ paid_count: eb('paid_count', '-', 1), reserved_count: eb('reserved_count', '-', 1) }))
    .where('id', '=', groupId)
    .where('status', '=', 'forming')
    .where('paid_count', '>', 0)
    .execute();
}

/**
 * A paid member counts towards the group: only while forming and below size. Answers the counts
 * after the increment, or undefined when the group can no longer take a payment (failed, formed).
 */
export function takePaidSlot(db: Conn, groupId: number): Promise<Pick<GroupBuyGroupRow, 'id' | 'paid_count' | 'group_size' | 'course_id'> | undefined> {
  return db
    .updateTable('group_buy_groups')
    .set((eb) => ({ paid_count: eb('paid_count', '+', 1) }))
    .where('id', '=', groupId)
    .where('status', '=', 'forming')
    .whereRef('paid_count', '<', 'group_size')
    .returning(['id', 'paid_count', 'group_size', 'course_id'])
    .executeTakeFirst();
}

/** forming → formed, once. */
export async function markGroupFormed(db: Conn, groupId: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('group_buy_groups')
    .set({ status: 'formed', formed_at: now })
    .where('id', '=', groupId)
    .where('status', '=', 'forming')
    .whereRef('paid_count', '=', 'group_size')
    .executeTakeFirst();
  return changed(res);
}

/** forming → failed, once, for a group past its expiry. */
export async function markGroupFailed(db: Conn, groupId: number, expiredBefore: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('group_buy_groups')
    .set({ status: 'failed', failed_at: now })
    .where('id', '=', groupId)
    .where('status', '=', 'forming')
    .where('expires_at', '<=', expiredBefore)
    .executeTakeFirst();
  return changed(res);
}

export function listExpiredFormingGroups(db: Conn, expiredBefore: number, limit: number): Promise<GroupBuyGroupRow[]> {
  return db
    .selectFrom('group_buy_groups')
    .selectAll()
    .where('status', '=', 'forming')
    .where('expires_at', '<=', expiredBefore)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Groups one can join: forming, unexpired, a paid member (a leader who paid), a free slot. */
export function listOpenGroups(db: Conn, activityId: number, now: number, limit: number): Promise<GroupBuyGroupRow[]> {
  return db
    .selectFrom('group_buy_groups')
    .selectAll()
    .where('activity_id', '=', activityId)
    .where('status', '=', 'forming')
    .where('expires_at', '>', now)
    .where('paid_count', '>', 0)
    .whereRef('reserved_count', '<', 'group_size')
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

// ---- group buy: members ----

/** False when the user already holds a live (reserved or paid) membership in the activity. */
export async function insertMember(db: Conn, m: { groupId: number; activityId: number; userId: number; orderId: number; isLeader: boolean; now: number }): Promise<boolean> {
  const row = await db
    .insertInto('group_buy_members')
    .values({
      group_id: m.groupId,
      activity_id: m.activityId,
      user_id: m.userId,
      order_id: m.orderId,
      status: 'reserved',
      is_leader: m.isLeader ? 1 : 0,
      joined_at: m.now,
      updated_at: m.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function findMemberByOrder(db: Conn, orderId: number): Promise<GroupBuyMemberRow | undefined> {
  return db.selectFrom('group_buy_members').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The user's live membership (reserved or paid) in an activity. */
export function findLiveMembership(db: Conn, activityId: number, userId: number): Promise<GroupBuyMemberRow | undefined> {
  return db
    .selectFrom('group_buy_members')
    .selectAll()
    .where('activity_id', '=', activityId)
    .where('user_id', '=', userId)
    .where('status', 'in', ['reserved', 'paid'])
    .executeTakeFirst();
}

/** The user's latest membership of one group. */
export function findLatestMembershipInGroup(db: Conn, groupId: number, userId: number): Promise<GroupBuyMemberRow | undefined> {
  return db
    .selectFrom('group_buy_members')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** `from` → `to` for one member. True only for the caller that moved it. */
export async function moveMember(db: Conn, memberId: number, from: GroupMemberStatus, to: GroupMemberStatus, now: number): Promise<boolean> {
  const res = await db.updateTable('group_buy_members').set({ status: to, updated_at: now }).where('id', '=', memberId).where('status', '=', from).executeTakeFirst();
  return changed(res);
}

/** Every paid member of a failed group is owed a refund (same transaction as the failure). */
export async function markPaidMembersRefundDue(db: Conn, groupId: number, now: number): Promise<number> {
  const res = await db
    .updateTable('group_buy_members')
    .set({ status: 'refund_due', updated_at: now })
    .where('group_id', '=', groupId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function listPaidMembers(db: Conn, groupId: number): Promise<GroupBuyMemberRow[]> {
  return db.selectFrom('group_buy_members').selectAll().where('group_id', '=', groupId).where('status', '=', 'paid').execute();
}

export function listRefundDueMembers(db: Conn, limit: number): Promise<GroupBuyMemberRow[]> {
  return db.selectFrom('group_buy_members').selectAll().where('status', '=', 'refund_due').orderBy('id').limit(limit).execute();
}

/** Reserved members whose order closed unpaid (cancelled or timed out): their slots go back. */
export function listClosedReservations(db: Conn, opts: { groupId?: number; limit: number }): Promise<Pick<GroupBuyMemberRow, 'id' | 'group_id'>[]> {
  return db
    .selectFrom('group_buy_members as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select(['m.id', 'm.group_id'])
    .where('m.status', '=', 'reserved')
    .where('o.status', '=', 'closed')
    .$if(opts.groupId !== undefined, (qb) => qb.where('m.group_id', '=', opts.groupId as number))
    .orderBy('m.id')
    .limit(opts.limit)
    .execute();
}

export interface MemberFace {
  user_id: number;
  nickname: string;
  avatar: string;
  is_leader: number;
  status: GroupMemberStatus;
}

/** Who is in a group (reserved or paid, and everyone once it has ended), leader first. */
export function listGroupFaces(db: Conn, groupIds: readonly number[]): Promise<(MemberFace & { group_id: number })[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('group_buy_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.group_id', 'm.user_id', 'u.nickname', 'u.avatar', 'm.is_leader', 'm.status'])
    .where('m.group_id', 'in', groupIds)
    .where('m.status', '!=', 'released')
    .orderBy('m.is_leader', 'desc')
    .orderBy('m.id')
    .execute();
}

export function findUserFaces(db: Conn, userIds: readonly number[]): Promise<{ id: number; nickname: string; avatar: string }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'nickname', 'avatar']).where('id', 'in', [...new Set(userIds)]).execute();
}

export interface MyGroupJoin extends GroupBuyGroupRow {
  member_status: GroupMemberStatus;
  member_order_id: number;
  member_is_leader: number;
  title: string;
}

/** The user's memberships (not the released ones), newest first. */
export function listMyGroups(db: Conn, userId: number, offset: number, limit: number): Promise<MyGroupJoin[]> {
  return db
    .selectFrom('group_buy_members as m')
    .innerJoin('group_buy_groups as g', 'g.id', 'm.group_id')
    .innerJoin('group_buy_activities as a', 'a.id', 'g.activity_id')
    .selectAll('g')
    .select(['m.status as member_status', 'm.order_id as member_order_id', 'm.is_leader as member_is_leader', 'a.title'])
    .where('m.user_id', '=', userId)
    .where('m.status', '!=', 'released')
    .orderBy('m.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countMyGroups(db: Conn, userId: number): Promise<number> {
  return countRows(db.selectFrom('group_buy_members').where('user_id', '=', userId).where('status', '!=', 'released'));
}

// ---- invitations ----

export async function insertInvitation(db: Conn, i: { inviterUserId: number; inviteeUserId: number; courseId: number; orderId: number; now: number }): Promise<void> {
  await db
    .insertInto('invitations')
    .values({ inviter_user_id: i.inviterUserId, invitee_user_id: i.inviteeUserId, course_id: i.courseId, order_id: i.orderId, status: 0, created_at: i.now, updated_at: i.now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

/** Invitation status `from` → `to` for an order's invitation. True only for the caller that moved it. */
export async function moveInvitation(db: Conn, orderId: number, from: readonly number[], to: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('invitations')
    .set({ status: to, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return changed(res);
}

/** Pending invitations whose order closed unpaid become failed. */
export async function failClosedInvitations(db: Conn, now: number): Promise<number> {
  const res = await db
    .updateTable('invitations')
    .set({ status: 2, updated_at: now })
    .where('status', '=', 0)
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('status', '=', 'closed'))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function listInvitationsOf(db: Conn, inviterUserId: number, offset: number, limit: number) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('courses as c', 'c.id', 'i.course_id')
    .innerJoin('users as u', 'u.id', 'i.invitee_user_id')
    .select(['i.id', 'i.course_id', 'c.name as course_name', 'u.nickname', 'i.status', 'i.created_at'])
    .where('i.inviter_user_id', '=', inviterUserId)
    .orderBy('i.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countInvitationsOf(db: Conn, inviterUserId: number): Promise<{ total: number; success: number }> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number | string | null>(sql`case when status = 1 then 1 else 0 end`).as('ok')])
    .where('inviter_user_id', '=', inviterUserId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.n), success: Number(row.ok ?? 0) };
}

// ---- cash-back ----

export function findCashbackOffer(db: Conn, courseId: number): Promise<{ course_id: number; rebate_fen: number } | undefined> {
  return db.selectFrom('cashback_offers').select(['course_id', 'rebate_fen']).where('course_id', '=', courseId).executeTakeFirst();
}

export async function insertReferral(db: Conn, r: { orderId: number; sharerUserId: number; now: number }): Promise<void> {
  await db
    .insertInto('cashback_referrals')
    .values({ order_id: r.orderId, sharer_user_id: r.sharerUserId, created_at: r.now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

export function findReferral(db: Conn, orderId: number): Promise<{ sharer_user_id: number } | undefined> {
  return db.selectFrom('cashback_referrals').select('sharer_user_id').where('order_id', '=', orderId).executeTakeFirst();
}

/** One reward per buyer order: a second call (however it came) changes nothing. */
export async function insertReward(
  db: Conn,
  r: { sharerUserId: number; buyerUserId: number; buyerOrderId: number; courseId: number; amountFen: number; payableAt: number; now: number },
): Promise<boolean> {
  const row = await db
    .insertInto('cashback_rewards')
    .values({
      sharer_user_id: r.sharerUserId,
      buyer_user_id: r.buyerUserId,
      buyer_order_id: r.buyerOrderId,
      course_id: r.courseId,
      amount_fen: r.amountFen,
      status: 'pending',
      payout_no: null,
      payout_ref: null,
      last_error: null,
      payable_at: r.payableAt,
      created_at: r.now,
      updated_at: r.now,
      paid_at: null,
    })
    .onConflict((oc) => oc.column('buyer_order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A refunded buyer order cancels its reward unless a payout has already claimed it. */
export async function cancelPendingReward(db: Conn, buyerOrderId: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('cashback_rewards')
    .set({ status: 'cancelled', updated_at: now })
    .where('buyer_order_id', '=', buyerOrderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return changed(res);
}

export function listPayableRewards(db: Conn, now: number, limit: number): Promise<CashbackRewardRow[]> {
  return db.selectFrom('cashback_rewards').selectAll().where('status', '=', 'pending').where('payable_at', '<=', now).orderBy('payable_at').limit(limit).execute();
}

/** pending → paying with its payout number: the claim. Only one sweep wins a reward. */
export async function claimReward(db: Conn, id: number, payoutNo: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('cashback_rewards')
    .set({ status: 'paying', payout_no: payoutNo, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return changed(res);
}

/** Rewards left paying (provider still processing, or a sweep died mid-way) since before `before`. */
export function listStalePaying(db: Conn, before: number, limit: number): Promise<CashbackRewardRow[]> {
  return db.selectFrom('cashback_rewards').selectAll().where('status', '=', 'paying').where('updated_at', '<=', before).orderBy('updated_at').limit(limit).execute();
}

/** Re-leases a stale paying reward to one sweep (compare-and-set on updated_at). */
export async function retakeReward(db: Conn, id: number, seenUpdatedAt: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('cashback_rewards')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paying')
    .where('updated_at', '=', seenUpdatedAt)
    .executeTakeFirst();
  return changed(res);
}

/** paying → paid_out | failed, or a note while it stays paying. */
export async function settleReward(
  db: Conn,
  id: number,
  to: 'paid_out' | 'failed' | 'paying',
  r: { payoutRef: string | null; lastError: string | null; now: number },
): Promise<boolean> {
  const res = await db
    .updateTable('cashback_rewards')
    .set({
      status: to,
      payout_ref: r.payoutRef,
      last_error: r.lastError,
      updated_at: r.now,
      ...(to === 'paid_out' ? { paid_at: r.now } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'paying')
    .executeTakeFirst();
  return changed(res);
}

export function findReward(db: Conn, id: number): Promise<CashbackRewardRow | undefined> {
  return db.selectFrom('cashback_rewards').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listRewardsOf(db: Conn, sharerUserId: number, offset: number, limit: number) {
  return db
    .selectFrom('cashback_rewards as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .innerJoin('users as u', 'u.id', 'r.buyer_user_id')
    .select(['r.id', 'r.course_id', 'c.name as course_name', 'u.nickname as buyer_nickname', 'r.amount_fen', 'r.status', 'r.created_at', 'r.payable_at', 'r.paid_at'])
    .where('r.sharer_user_id', '=', sharerUserId)
    .orderBy('r.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function sumRewardsOf(db: Conn, sharerUserId: number): Promise<{ total: number; pendingFen: number; paidOutFen: number }> {
  const rows = await db
    .selectFrom('cashback_rewards')
    .select(['status', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum<number | string | null>('amount_fen').as('fen')])
    .where('sharer_user_id', '=', sharerUserId)
    .groupBy('status')
    .execute();
  let total = 0;
  let pendingFen = 0;
  let paidOutFen = 0;
  for (const r of rows) {
    total += Number(r.n);
    if (r.status === 'pending' || r.status === 'paying') pendingFen += Number(r.fen ?? 0);
    if (r.status === 'paid_out') paidOutFen += Number(r.fen ?? 0);
  }
  return { total, pendingFen, paidOutFen };
}

// ---- invitation links (migration 019, decision 019) ----

export async function insertShareInvite(db: Conn, r: { tokenHash: string; sharerUserId: number; courseId: number; now: number; expiresAt: number }): Promise<void> {
  await db
    .insertInto('share_invites')
    .values({ token_hash: r.tokenHash, sharer_user_id: r.sharerUserId, course_id: r.courseId, created_at: r.now, expires_at: r.expiresAt })
    .execute();
}

/** The invitation behind a token hash, when it is for this course and still valid at `now`. */
export function findValidShareInvite(db: Conn, tokenHash: string, courseId: number, now: number): Promise<{ sharer_user_id: number } | undefined> {
  return db
    .selectFrom('share_invites')
    .select('sharer_user_id')
    .where('token_hash', '=', tokenHash)
    .where('course_id', '=', courseId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
