/**
 * Group buy (order type 3, decision 014).
 *
 * - Start: the caller becomes the leader of a new group (forming, expires `form_within_ms` later)
 *   and gets a pending group order at the group price. Join: the caller takes a free slot of a
 *   forming group and gets the same kind of order. Taking a slot, the order and the member row are
 *   ONE transaction; the slot is a conditional `reserved_count < group_size` update, so however
 *   many join at once, at most `group_size` members hold a slot.
 * - A member whose order closes unpaid (cancelled, timed out) gives the slot back (`releaseClosed`).
 * - Paying is ordinary: the notify handler fulfils, and the group order kind (order-kinds.ts) counts the payment;
 *   the payment that fills the group forms it and grants every member.
 * - A group not formed by its expiry fails (after a grace period so a payment made just before the
 *   expiry is fulfilled or reconciled first); every paid member is refunded through the refund
 *   machinery (`refundWholeOrder`), whose refund number makes it happen once however often the
 *   sweep asks.
 */
import { ErrorCodes, SignupKind, type GroupBuyActivity, type GroupBuyPage, type GroupDetail, type GroupOrderResult, type GroupView, type MyGroupPage, type MyMembership } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import type { GroupBuyActivityRow, GroupBuyGroupRow, GroupBuyMemberRow, OrderRow, UserRow } from '../../db/schema.ts';
import type { PaymentProvider } from '../../adapters/pay/payment-provider.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { yuan } from '../courses/course-card.ts';
import { findUserCourse } from '../access/access-repository.ts';
import { ORDER_TTL_MS, pendingOrderRow, presentOne } from '../orders/order-service.ts';
import type { OrderDraft } from '../orders/kinds/registry.ts';
import { findOrderById, findPendingOrder, insertPendingOrder } from '../orders/order-repository.ts';
import { refundWholeOrder } from '../orders/refund-service.ts';
import {
  countMyGroups,
  findGroup,
  findGroupActivity,
  findLatestMembershipInGroup,
  findLiveMembership,
  findUserFaces,
  insertGroup,
  insertMember,
  listClosedReservations,
  listExpiredFormingGroups,
  listGroupActivities,
  listGroupFaces,
  listMyGroups,
  listOpenGroups,
  listRefundDueMembers,
  markGroupFailed,
  markPaidMembersRefundDue,
  moveMember,
  releaseSlot,
  reserveSlot,
} from './activity-repository.ts';
import { clearPendingSlot, courseCard, courseCards, iso, isoOrNull } from './activity-orders.ts';
import { groupDraft } from './order-kinds.ts';

/** A group past its expiry fails only after this: a payment made just before is fulfilled (or reconciled) first. */
export const GROUP_FAIL_GRACE_MS = 5 * 60 * 1000;
const OPEN_GROUPS_SHOWN = 10;

type Log = { warn: (obj: object, msg: string) => void };
const silent: Log = { warn: () => undefined };

/** Thrown inside a join transaction to roll it back; the caller decides what the learner hears. */
class JoinConflict extends Error {
  constructor(readonly reason: 'order' | 'member' | 'slot') {
    super(reason);
  }
}

function activityState(a: GroupBuyActivityRow, now: number): GroupBuyActivity['state'] {
  if (now < a.starts_at) return 'not_started';
  if (now >= a.ends_at) return 'ended';
  return 'open';
}

async function presentActivity(db: Db, a: GroupBuyActivityRow, now: number): Promise<GroupBuyActivity> {
  return {
    activityId: a.id,
    title: a.title,
    course: await courseCard(db, a.course_id),
    groupSize: a.group_size,
    groupPrice: a.group_price_fen,
    groupPriceYuan: yuan(a.group_price_fen),
    formWithinMs: a.form_within_ms,
    startsAt: iso(a.starts_at),
    endsAt: iso(a.ends_at),
    state: activityState(a, now),
  };
}

async function presentGroups(db: Db, groups: GroupBuyGroupRow[]): Promise<GroupView[]> {
  const faces = new Map((await findUserFaces(db, groups.map((g) => g.leader_user_id))).map((u) => [u.id, u]));
  return groups.map((g) => ({
    groupId: g.id,
    activityId: g.activity_id,
    courseId: g.course_id,
    status: g.status,
    groupSize: g.group_size,
    paidCount: g.paid_count,
    slotsLeft: g.status === 'forming' ? Math.max(0, g.group_size - g.reserved_count) : 0,
    leaderNickname: faces.get(g.leader_user_id)?.nickname ?? '',
    leaderAvatar: faces.get(g.leader_user_id)?.avatar ?? '',
    expiresAt: iso(g.expires_at),
    createdAt: iso(g.created_at),
    formedAt: isoOrNull(g.formed_at),
  }));
}

async function presentGroup(db: Db, group: GroupBuyGroupRow): Promise<GroupView> {
  return (await presentGroups(db, [group]))[0] as GroupView;
}

const membership = (m: GroupBuyMemberRow): MyMembership => ({ groupId: m.group_id, status: m.status, orderId: m.order_id });

async function loadActivity(db: Db, activityId: number): Promise<GroupBuyActivityRow> {
  const a = await findGroupActivity(db, activityId);
  if (!a) throw new NotFoundError('拼团活动不存在');
  return a;
}

/** A reserved member whose order closed unpaid gives the slot back, once. */
async function releaseReservation(db: Db, member: Pick<GroupBuyMemberRow, 'id' | 'group_id'>, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await moveMember(trx, member.id, 'reserved', 'released', now)) await releaseSlot(trx, member.group_id);
  });
}

/** Gives back the slots of closed unpaid orders (one group, or all). Answers how many. */
export async function releaseClosed(db: Db, now: number, opts: { groupId?: number; limit?: number } = {}): Promise<number> {
  const rows = await listClosedReservations(db, { groupId: opts.groupId, limit: opts.limit ?? 200 });
  for (const m of rows) await releaseReservation(db, m, now);
  return rows.length;
}

/** The caller's live membership in the activity, after giving back a slot whose order closed. */
async function liveMembership(db: Db, activityId: number, userId: number, now: number): Promise<GroupBuyMemberRow | undefined> {
  const live = await findLiveMembership(db, activityId, userId);
  if (!live || live.status !== 'reserved') return live;
  // A pending order holds the slot even past its expiry until it is closed: money may still arrive.
  const order = await findOrderById(db, live.order_id);
  if (order && order.status !== 'closed') return live;
  await releaseReservation(db, live, now);
  return undefined;
}

/** `GET /v1/activities/group`: published activities (of one course). */
export async function groupActivities(db: Db, q: { courseId?: number }, now: number): Promise<{ rows: GroupBuyActivity[] }> {
  const rows = await listGroupActivities(db, { courseId: q.courseId, limit: 20 });
  const cards = await courseCards(db, rows.map((r) => r.course_id));
  return {
    rows: rows.flatMap((a) => {
      const course = cards.get(a.course_id);
      if (!course) return [];
      return [{ activityId: a.id, title: a.title, course, groupSize: a.group_size, groupPrice: a.group_price_fen, groupPriceYuan: yuan(a.group_price_fen), formWithinMs: a.form_within_ms, startsAt: iso(a.starts_at), endsAt: iso(a.ends_at), state: activityState(a, now) }];
    }),
  };
}

/** `GET /v1/activities/group/{activityId}`. */
export async function groupBuyPage(db: Db, user: UserRow | null, activityId: number, now: number): Promise<GroupBuyPage> {
  const a = await loadActivity(db, activityId);
  const [activity, open] = await Promise.all([presentActivity(db, a, now), listOpenGroups(db, a.id, now, OPEN_GROUPS_SHOWN)]);
  const mine = user ? await liveMembership(db, a.id, user.id, now) : undefined;
  const owned = user ? (await findUserCourse(db, user.id, a.course_id)) !== undefined : false;
  return { activity, openGroups: await presentGroups(db, open), mine: mine ? membership(mine) : null, owned };
}

/** `GET /v1/activities/groups/{groupId}`: the group's state page (shared by link; any signed-in user may look). */
export async function groupDetail(db: Db, user: UserRow, groupId: number, now: number): Promise<GroupDetail> {
  const group = await findGroup(db, groupId);
  if (!group) throw new NotFoundError('该团不存在');
  const a = await loadActivity(db, group.activity_id);
  const [activity, view, faces, mine, owned] = await Promise.all([
    presentActivity(db, a, now),
    presentGroup(db, group),
    listGroupFaces(db, [group.id]),
    findLatestMembershipInGroup(db, group.id, user.id),
    findUserCourse(db, user.id, a.course_id),
  ]);
  return {
    group: view,
    activity,
    // Names and faces only: nobody sees another member's order.
    members: faces
      .filter((f) => group.status !== 'forming' || f.status === 'reserved' || f.status === 'paid')
      .map((f) => ({ nickname: f.nickname, avatar: f.avatar, isLeader: f.is_leader === 1, paid: f.status !== 'reserved' })),
    mine: mine ? membership(mine) : null,
    owned: owned !== undefined,
  };
}

/** The caller's pending order for their slot in `group`, if that is what they already hold. */
async function heldOrder(db: Db, member: GroupBuyMemberRow | undefined, groupId: number, now: number): Promise<OrderRow | undefined> {
  if (!member || member.group_id !== groupId || member.status !== 'reserved') return undefined;
  const order = await findOrderById(db, member.order_id);
  return order && order.status === 'pending' && order.expires_at > now ? order : undefined;
}

/**
 * The transaction that puts the caller into a group: a slot (unless `newGroup`, which is made
 * here with the leader's slot), the pending order and the member row. Throws JoinConflict to roll
 * everything back.
 */
async function enterGroup(
  db: Db,
  user: UserRow,
  a: GroupBuyActivityRow,
  target: { groupId: number } | { newGroup: true },
  opts: { provider: string; now: number; draft: OrderDraft },
): Promise<{ group: GroupBuyGroupRow; order: OrderRow }> {
  const { now } = opts;
  return db.transaction().execute(async (trx) => {
    let groupId: number;
    if ('newGroup' in target) {
      groupId = (await insertGroup(trx, { activityId: a.id, courseId: a.course_id, leaderUserId: user.id, groupSize: a.group_size, expiresAt: now + a.form_within_ms, now })).id;
    } else {
      groupId = target.groupId;
    }
    if (!(await reserveSlot(trx, groupId, now))) throw new JoinConflict('slot');
    const group = (await findGroup(trx, groupId)) as GroupBuyGroupRow;
    // Never payable after the group's own deadline.
    const expiresAt = Math.min(now + ORDER_TTL_MS, group.expires_at);
    const inserted = await insertPendingOrder(trx, pendingOrderRow(user.id, opts.draft, { provider: opts.provider, now, expiresAt }));
    if (!inserted) throw new JoinConflict('order');
    const order = (await findPendingOrder(trx, user.id, opts.draft.kind, opts.draft.targetId)) as OrderRow;
    if (!(await insertMember(trx, { groupId, activityId: a.id, userId: user.id, orderId: order.id, isLeader: 'newGroup' in target, now }))) throw new JoinConflict('member');
    return { group, order };
  });
}

async function answer(db: Db, group: GroupBuyGroupRow, order: OrderRow, created: boolean): Promise<GroupOrderResult> {
  const fresh = (await findGroup(db, group.id)) ?? group;
  return { group: await presentGroup(db, fresh), order: await presentOne(db, order), created };
}

/** What a lost race means: a concurrent tap of the same caller made the order (answer theirs), or the caller is in another group. */
async function afterConflict(db: Db, user: UserRow, a: GroupBuyActivityRow, groupId: number | null, now: number): Promise<GroupOrderResult> {
  const live = await findLiveMembership(db, a.id, user.id);
  if (live && (groupId === null || live.group_id === groupId)) {
    const order = await heldOrder(db, live, live.group_id, now);
    const group = await findGroup(db, live.group_id);
    if (order && group) return answer(db, group, order, false);
  }
  if (live) throw new AppError(ErrorCodes.ALREADY_IN_GROUP);
  throw new AppError(ErrorCodes.ORDER_NOT_PENDING, '您有一笔该课程的订单正在处理，请稍后再试');
}

/** `POST /v1/activities/group/{activityId}/start`. */
export async function startGroup(
  db: Db,
  pay: PaymentProvider,
  user: UserRow,
  activityId: number,
  now: number,
): Promise<GroupOrderResult> {
  const a = await loadActivity(db, activityId);
  const state = activityState(a, now);
  if (state === 'not_started') throw new AppError(ErrorCodes.ACTIVITY_NOT_STARTED);
  if (state === 'ended') throw new AppError(ErrorCodes.ACTIVITY_ENDED);
  // The course rules of an ordinary buy (owned, shelf, free, profile, -1365, …); the price is the group's.
  const draft = await groupDraft(db, user, a, now);
  const live = await liveMembership(db, a.id, user.id, now);
  if (live) {
    // A double tap on "start" answers the group the first tap started.
    const held = live.is_leader === 1 ? await heldOrder(db, live, live.group_id, now) : undefined;
    const group = held ? await findGroup(db, live.group_id) : undefined;
    if (held && group) return answer(db, group, held, false);
    throw new AppError(ErrorCodes.ALREADY_IN_GROUP);
  }
  await clearPendingSlot(db, pay, user.id, SignupKind.COURSE, a.course_id, now, () => false);
  try {
    const { group, order } = await enterGroup(db, user, a, { newGroup: true }, { provider: pay.name, now, draft });
    return answer(db, group, order, true);
  } catch (err) {
    if (err instanceof JoinConflict) return afterConflict(db, user, a, null, now);
    throw err;
  }
}

/** `POST /v1/activities/groups/{groupId}/join`. */
export async function joinGroup(db: Db, pay: PaymentProvider, user: UserRow, groupId: number, now: number): Promise<GroupOrderResult> {
  const group = await findGroup(db, groupId);
  if (!group) throw new NotFoundError('该团不存在');
  const a = await loadActivity(db, group.activity_id);
  const draft = await groupDraft(db, user, a, now);
  const live = await liveMembership(db, a.id, user.id, now);
  if (live) {
    const held = await heldOrder(db, live, groupId, now);
    if (held) return answer(db, group, held, false);
    throw new AppError(ErrorCodes.ALREADY_IN_GROUP);
  }
  if (group.status !== 'forming' || group.expires_at <= now) throw new AppError(ErrorCodes.GROUP_CLOSED);
  // Slots of members whose orders closed unpaid are free again.
  await releaseClosed(db, now, { groupId });
  await clearPendingSlot(db, pay, user.id, SignupKind.COURSE, a.course_id, now, () => false);
  try {
    const entered = await enterGroup(db, user, a, { groupId }, { provider: pay.name, now, draft });
    return answer(db, entered.group, entered.order, true);
  } catch (err) {
    if (!(err instanceof JoinConflict)) throw err;
    if (err.reason === 'slot') {
      const now2 = (await findGroup(db, groupId)) as GroupBuyGroupRow;
      throw new AppError(now2.status !== 'forming' || now2.expires_at <= now ? ErrorCodes.GROUP_CLOSED : ErrorCodes.GROUP_FULL);
    }
    return afterConflict(db, user, a, groupId, now);
  }
}

/** `GET /v1/activities/groups/mine`: the groups the caller joined (not the slots they gave up). */
export async function myGroups(db: Db, userId: number, q: { pageIndex: number; pageSize: number }): Promise<MyGroupPage> {
  const [rows, total] = await Promise.all([listMyGroups(db, userId, (q.pageIndex - 1) * q.pageSize, q.pageSize), countMyGroups(db, userId)]);
  const [views, cards] = await Promise.all([presentGroups(db, rows), courseCards(db, rows.map((r) => r.course_id))]);
  return {
    rows: rows.flatMap((r, i) => {
      const course = cards.get(r.course_id);
      const group = views[i];
      if (!course || !group) return [];
      return [{ group, activityTitle: r.title, course, memberStatus: r.member_status, orderId: r.member_order_id, isLeader: r.member_is_leader === 1 }];
    }),
    total,
  };
}

export interface GroupUpkeepReport {
  released: number;
  failed: number;
  refunds: number;
}

/** The sweep's group round: free closed slots, fail expired groups, refund their paid members. */
export async function runGroupUpkeep(db: Db, pay: PaymentProvider, now: number, log: Log = silent): Promise<GroupUpkeepReport> {
  const report: GroupUpkeepReport = { released: await releaseClosed(db, now), failed: 0, refunds: 0 };
  const expiredBefore = now - GROUP_FAIL_GRACE_MS;
  for (const g of await listExpiredFormingGroups(db, expiredBefore, 100)) {
    const failed = await db.transaction().execute(async (trx) => {
      if (!(await markGroupFailed(trx, g.id, expiredBefore, now))) return false;
      await markPaidMembersRefundDue(trx, g.id, now);
      return true;
    });
    if (failed) report.failed += 1;
  }
  for (const m of await listRefundDueMembers(db, 100)) {
    const order = await findOrderById(db, m.order_id);
    if (!order) continue;
    try {
      // Idempotent by the order's refund number; success revokes (the group order kind moves the member to refunded).
      const refund = await refundWholeOrder(db, pay, order, { source: 'group_failed', reason: '拼团未成团，原路退回', now });
      if (refund.status === 'success') report.refunds += 1;
      else log.warn({ orderId: order.id, status: refund.status }, 'group refund not finished yet');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      log.warn({ orderId: order.id, err: err.message }, 'group refund skipped');
    }
  }
  return report;
}
