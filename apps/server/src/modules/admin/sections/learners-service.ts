/**
 * 用户 Learners in the console (issue 13): the list, a learner's page, the profile review (spec §4
 * audit states: 0 not audited, 1 passed, 2 failed; the learner's app reads them through
 * users/profile-service `auditResultOf`), lock and blacklist (users.account_status 1 / 2, which
 * plugins/auth.ts answers with -1797 / 262145). Locking or blacklisting also ends the learner's
 * sessions. Each write and its audit row are one transaction.
 */
import { AccountStatus, ConsoleErrorCodes, UserAuditStatus, type AdminLearnerDetail, type AdminLearnerListItem, type AdminLearnerListQuery, type AdminLearnerMembership, type AdminLearnerMembershipState, type AdminLearnerPage, type AdminLearnerState, type AdminOrderListItem } from '@jinfa/shared';
import type { Db } from '../../../db/conn.ts';
import type { UserRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/errors.ts';
import { maskMobile } from '../../../lib/mask.ts';
import { findUserById } from '../../users/user-repository.ts';
import { auditResultOf } from '../../users/profile-service.ts';
import { isEmailVerified } from '../../users/email-verification-service.ts';
import {
  creditedSecondsOf,
  listLearnersForConsole,
  listMembershipGrantsOf,
  moveAccountStatus,
  orderCountsOf,
  writeAuditResult,
  type LearnerFilter,
  type MembershipGrantWithPlan,
} from '../../users/user-admin-repository.ts';
import { revokeAllSessions } from '../../auth/session-repository.ts';
import { recentOrdersOfUser } from '../../orders/order-admin-repository.ts';
import type { AuditFn } from './section-kit.ts';
import { pageOf, paging } from './section-kit.ts';
import { presentOrders } from './orders-service.ts';
import { findPlan } from '../../memberships/membership-repository.ts';
import { grantMembershipByOperator, revokeMembershipGrant } from '../../memberships/console-grants.ts';

const PHONE = /^1\d{10}$/;
export const RECENT_ORDERS = 10;

function presentMembership(g: MembershipGrantWithPlan, now: number): AdminLearnerMembership {
  return {
    grantId: g.id,
    planId: g.plan_id,
    planName: g.plan_name,
    userType: g.user_type,
    startsAt: g.starts_at,
    expiresAt: g.expires_at,
    revokedAt: g.revoked_at,
    orderId: g.order_id,
    active: g.revoked_at === null && g.expires_at > now,
  };
}

export async function learnerPage(db: Db, query: AdminLearnerListQuery, now: number): Promise<AdminLearnerPage> {
  const { page, pageSize, offset, ascending } = paging(query);
  const f: LearnerFilter = {};
  const q = query.q?.trim();
  if (q) {
    if (PHONE.test(q)) f.mobile = q;
    else f.namePrefix = q;
  }
  if (query.auditStatus !== undefined) f.auditStatus = query.auditStatus;
  if (query.submitted !== undefined) f.submitted = query.submitted;
  // 0 alone lists the profiles waiting for review: submitted and not yet decided (the dashboard's count).
  else if (query.auditStatus === UserAuditStatus.NOT_AUDITED) f.submitted = true;
  if (query.blacklisted === true) f.accountStatus = AccountStatus.BLACKLISTED;
  if (query.locked === true) f.accountStatus = AccountStatus.LOCKED;
  else if (query.locked === false) f.notAccountStatus = AccountStatus.LOCKED;
  if (query.blacklisted === false && f.accountStatus === undefined && f.notAccountStatus === undefined) f.notAccountStatus = AccountStatus.BLACKLISTED;
  // locked=true with blacklisted=true asks for two account states at once: nobody.
  if (query.locked === true && query.blacklisted === true) return pageOf([], 0, page, pageSize);
  const { rows, total } = await listLearnersForConsole(db, f, { offset, limit: pageSize, ascending, sort: query.sort === 'auditSubmittedAt' ? 'audit_submitted_at' : 'created_at' });
  const ids = rows.map((r) => r.id);
  const [grants, counts] = await Promise.all([listMembershipGrantsOf(db, ids, now), orderCountsOf(db, ids)]);
  const items: AdminLearnerListItem[] = rows.map((u) => ({
    id: u.id,
    name: u.name,
    nickname: u.nickname,
    phoneMasked: maskMobile(u.mobile),
    auditStatus: u.audit_status,
    auditSubmittedAt: u.audit_submitted_at,
    locked: u.account_status === AccountStatus.LOCKED,
    blacklisted: u.account_status === AccountStatus.BLACKLISTED,
    memberships: grants.filter((g) => g.user_id === u.id).map((g) => presentMembership(g, now)),
    orderCount: counts.get(u.id) ?? 0,
    createdAt: u.created_at,
  }));
  return pageOf(items, total, page, pageSize);
}

async function loadLearner(db: Db, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
  return user;
}

export async function learnerDetail(db: Db, id: number, now: number): Promise<AdminLearnerDetail> {
  const user = await loadLearner(db, id);
  const [grants, counts, orders, seconds] = await Promise.all([
    listMembershipGrantsOf(db, [id]),
    orderCountsOf(db, [id]),
    recentOrdersOfUser(db, id, RECENT_ORDERS),
    creditedSecondsOf(db, id),
  ]);
  const recentOrders: AdminOrderListItem[] = await presentOrders(db, orders);
  return {
    id: user.id,
    name: user.name,
    nickname: user.nickname,
    avatar: user.avatar,
    phoneMasked: maskMobile(user.mobile),
    email: user.email,
    emailVerified: isEmailVerified(user),
    company: user.company,
    department: user.department,
    position: user.position,
    userType: user.user_type,
    memberExpireAt: user.member_expire_at,
    corporateId: user.corporate_id,
    auditStatus: user.audit_status,
    auditRemark: user.audit_remark,
    auditSubmittedAt: user.audit_submitted_at,
    auditSubmitCount: user.audit_submit_count,
    auditResult: auditResultOf(user).result,
    reviewable: user.audit_submitted_at !== null,
    locked: user.account_status === AccountStatus.LOCKED,
    blacklisted: user.account_status === AccountStatus.BLACKLISTED,
    createdAt: user.created_at,
    memberships: grants.map((g) => presentMembership(g, now)),
    recentOrders,
    orderCount: counts.get(id) ?? 0,
    learningSeconds: seconds,
  };
}

function stateOf(u: UserRow): AdminLearnerState {
  return {
    id: u.id,
    auditStatus: u.audit_status,
    auditRemark: u.audit_remark,
    locked: u.account_status === AccountStatus.LOCKED,
    blacklisted: u.account_status === AccountStatus.BLACKLISTED,
  };
}

const auditView = (u: UserRow) => ({ auditStatus: u.audit_status, auditRemark: u.audit_remark, auditSubmitCount: u.audit_submit_count });

/**
 * Pass or fail the submitted profile. Only a profile the learner submitted can be reviewed; a
 * failure needs a remark (the learner reads it). The review applies to the submission the
 * operator loaded: if the learner re-submitted meanwhile, -10840 asks to look again.
 */
export async function reviewLearner(db: Db, audit: AuditFn, id: number, body: { pass: boolean; remark?: string }, now: number): Promise<AdminLearnerState> {
  const user = await loadLearner(db, id);
  if (user.audit_submitted_at === null) throw new AppError(ConsoleErrorCodes.ADMIN_PROFILE_NOT_SUBMITTED);
  const remark = (body.remark ?? '').trim();
  if (!body.pass && remark === '') throw new AppError(ConsoleErrorCodes.ADMIN_REASON_REQUIRED, '请填写不通过的原因');
  const auditStatus = body.pass ? UserAuditStatus.PASSED : UserAuditStatus.FAILED;
  return db.transaction().execute(async (trx) => {
    if (!(await writeAuditResult(trx, id, user.audit_submit_count, { auditStatus, remark, now }))) {
      throw new AppError(ConsoleErrorCodes.ADMIN_PROFILE_NOT_SUBMITTED, '学员已重新提交资料，请刷新后再审核');
    }
    const after = (await findUserById(trx, id)) as UserRow;
    await audit(trx, { action: 'learner.review', targetType: 'learner', targetId: id, before: auditView(user), after: { ...auditView(after), pass: body.pass } });
    return stateOf(after);
  });
}

/** Lock (account_status 1, sessions ended) or unlock; a blacklisted learner stays blacklisted (-10843). */
export async function lockLearner(db: Db, audit: AuditFn, id: number, body: { locked: boolean; reason: string }, now: number): Promise<AdminLearnerState> {
  const reason = body.reason.trim();
  if (!reason) throw new AppError(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
  const user = await loadLearner(db, id);
  if (user.account_status === AccountStatus.BLACKLISTED) throw new AppError(ConsoleErrorCodes.ADMIN_LEARNER_BLACKLISTED);
  return db.transaction().execute(async (trx) => {
    const moved = body.locked
      ? await moveAccountStatus(trx, id, [AccountStatus.ACTIVE, AccountStatus.LOCKED], AccountStatus.LOCKED, now)
      : await moveAccountStatus(trx, id, [AccountStatus.ACTIVE, AccountStatus.LOCKED], AccountStatus.ACTIVE, now);
    // Blacklisted between the read and this write.
    if (!moved) throw new AppError(ConsoleErrorCodes.ADMIN_LEARNER_BLACKLISTED);
    if (body.locked) await revokeAllSessions(trx, id, now);
    const after = (await findUserById(trx, id)) as UserRow;
    await audit(trx, { action: 'learner.lock', targetType: 'learner', targetId: id, before: { accountStatus: user.account_status }, after: { accountStatus: after.account_status, locked: body.locked, reason } });
    return stateOf(after);
  });
}

/** Blacklist (account_status 2, sessions ended) or lift it (back to active). Owner only (the route says so). */
export async function blacklistLearner(db: Db, audit: AuditFn, id: number, body: { blacklisted: boolean; reason: string }, now: number): Promise<AdminLearnerState> {
  const reason = body.reason.trim();
  if (!reason) throw new AppError(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
  const user = await loadLearner(db, id);
  return db.transaction().execute(async (trx) => {
    const all = [AccountStatus.ACTIVE, AccountStatus.LOCKED, AccountStatus.BLACKLISTED];
    if (body.blacklisted) {
      await moveAccountStatus(trx, id, all, AccountStatus.BLACKLISTED, now);
      await revokeAllSessions(trx, id, now);
    } else {
      await moveAccountStatus(trx, id, [AccountStatus.BLACKLISTED], AccountStatus.ACTIVE, now);
    }
    const after = (await findUserById(trx, id)) as UserRow;
    await audit(trx, {
      action: 'learner.blacklist',
      targetType: 'learner',
      targetId: id,
      before: { accountStatus: user.account_status },
      after: { accountStatus: after.account_status, blacklisted: body.blacklisted, reason },
    });
    return stateOf(after);
  });
}

async function membershipStateOf(db: Db, id: number, grantId: number, now: number): Promise<AdminLearnerMembershipState> {
  const user = (await findUserById(db, id)) as UserRow;
  const grants = await listMembershipGrantsOf(db, [id]);
  return { id, userType: user.user_type, memberExpireAt: user.member_expire_at, grantId, memberships: grants.map((g) => presentMembership(g, now)) };
}

/**
 * Grants a membership plan (for `days`, else the plan's duration) with a reason, through the
 * memberships module (the same arithmetic as a paid order: renewal, upgrade), so the learner is a
 * member at once. The grant, the learner's new kind and expiry and the audit row are one transaction.
 */
export async function grantLearnerMembership(db: Db, audit: AuditFn, id: number, body: { planId: number; days?: number; reason: string }, now: number): Promise<AdminLearnerMembershipState> {
  const reason = body.reason.trim();
  if (!reason) throw new AppError(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
  await loadLearner(db, id);
  const plan = await findPlan(db, body.planId);
  if (!plan) throw new AppError(ConsoleErrorCodes.ADMIN_MEMBERSHIP_PLAN_INVALID);
  const days = body.days ?? plan.duration_days;
  const grantId = await db.transaction().execute(async (trx) => {
    const r = await grantMembershipByOperator(trx, { userId: id, plan, days, now });
    if (!r) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
    await audit(trx, {
      action: 'learner.membership.grant',
      targetType: 'learner',
      targetId: id,
      before: r.before,
      after: { ...r.after, grantId: r.grantId, planId: plan.id, planName: plan.name, days, reason },
    });
    return r.grantId;
  });
  return membershipStateOf(db, id, grantId, now);
}

/**
 * Revokes one of the learner's membership grants (a console grant or a paid order's) with a
 * reason; the remaining grants are replayed as a refund would, so the learner's membership
 * follows at once. A grant of another learner is not found; an already revoked one is -10881.
 */
export async function revokeLearnerMembership(db: Db, audit: AuditFn, id: number, grantId: number, body: { reason: string }, now: number): Promise<AdminLearnerMembershipState> {
  const reason = body.reason.trim();
  if (!reason) throw new AppError(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
  await loadLearner(db, id);
  await db.transaction().execute(async (trx) => {
    const r = await revokeMembershipGrant(trx, { userId: id, grantId, now });
    if (!r) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
    if (!r.revoked) throw new AppError(ConsoleErrorCodes.ADMIN_MEMBERSHIP_REVOKED);
    await audit(trx, {
      action: 'learner.membership.revoke',
      targetType: 'learner',
      targetId: id,
      before: r.before,
      after: { ...r.after, grantId, planId: r.grant.plan_id, orderId: r.grant.order_id, reason },
    });
  });
  return membershipStateOf(db, id, grantId, now);
}
