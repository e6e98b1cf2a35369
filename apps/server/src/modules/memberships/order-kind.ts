/**
 * The membership order kind (sign-up kind MEMBERSHIP 7, ours; decision 012), registered in
 * src/order-kinds.ts: `POST /v1/orders/member/{planId}` places the caller's pending order for a
 * plan through the one order path, and what a paid membership order does to the user, and what
 * its refund undoes, run INSIDE the transaction whose conditional status update moved the order
 * (so once per order; idempotent anyway: order_id is unique on grants, revoking is conditional on
 * revoked_at being null).
 */
import { ErrorCodes, OrderType, SignupKind } from '@jinfa/shared';
import type { Conn, Db } from '../../db/conn.ts';
import type { OrderRow, UserRow } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import type { OrderDraft, OrderKind } from '../orders/kinds/registry.ts';
import { applyGrant, purchaseRefusal } from './membership-rules.ts';
import { replayMembership } from './console-grants.ts';
import {
  findMemberState,
  findPlan,
  insertGrant,
  lockUserRow,
  markGrantRevoked,
  setMemberState,
} from './membership-repository.ts';

/** The plan must exist and be on sale; a downgrade, an enterprise or a lifetime member is refused (-10077). */
async function membershipDraft(db: Db, user: UserRow, planId: number, now: number): Promise<OrderDraft> {
  const plan = await findPlan(db, planId);
  if (!plan) throw new NotFoundError('会员套餐不存在');
  if (plan.on_sale !== 1) throw new AppError(ErrorCodes.MEMBERSHIP_PLAN_OFF_SALE);
  const refusal = purchaseRefusal({ userType: user.user_type, expireAt: user.member_expire_at }, plan.user_type, now);
  if (refusal) {
    const why = { corporate: '您已是企业会员，可享会员权益，无需另行购买', permanent: '您的会员长期有效，无需续费', downgrade: '您当前的会员等级更高，无需购买该套餐' };
    throw new AppError(ErrorCodes.MEMBERSHIP_NOT_NEEDED, why[refusal]);
  }
  // Type normal, the plan as target, no course: the same one-pending-order guard as a course order.
  return {
    type: OrderType.NORMAL,
    kind: SignupKind.MEMBERSHIP,
    targetId: plan.id,
    courseId: null,
    chapterId: null,
    columnId: null,
    amountFen: plan.price,
    description: `金法课堂${plan.name}`.slice(0, 120),
  };
}

/**
 * Fulfilment of a paid membership order (inside its transaction): records the grant once
 * (order_id unique) and moves the user's kind and expiry by `applyGrant`.
 */
async function grantMembership(trx: Conn, order: OrderRow, now: number): Promise<void> {
  const plan = await findPlan(trx, order.target_id);
  if (!plan) throw new Error(`membership order ${order.id} names missing plan ${order.target_id}`);
  await lockUserRow(trx, order.user_id);
  const before = await findMemberState(trx, order.user_id);
  if (!before) return;
  const state = { userType: before.user_type, expireAt: before.member_expire_at };
  const effect = applyGrant(state, { userType: plan.user_type, durationDays: plan.duration_days, at: now });
  const inserted = await insertGrant(trx, {
    order_id: order.id,
    user_id: order.user_id,
    plan_id: plan.id,
    user_type: plan.user_type,
    duration_days: plan.duration_days,
    granted_at: now,
    starts_at: effect.startsAt,
    expires_at: effect.expiresAt,
    prev_user_type: state.userType,
    prev_expire_at: state.expireAt,
    revoked_at: null,
  });
  if (inserted && effect.state !== state) await setMemberState(trx, order.user_id, effect.state.userType, effect.state.expireAt, now);
}

/**
 * A refunded membership order (inside its transaction): revokes its grant once, then recomputes
 * the user's membership by replaying the remaining grants from the state before the first one.
 * An enterprise membership that arrived since (6/7 on the row now) is the corporate's: left alone.
 */
async function revokeMembership(trx: Conn, order: OrderRow, now: number): Promise<void> {
  await lockUserRow(trx, order.user_id);
  if (!(await markGrantRevoked(trx, order.id, now))) return;
  await replayMembership(trx, order.user_id, now);
}

export const membershipOrderKind: OrderKind = {
  name: 'membership',
  signupKinds: [SignupKind.MEMBERSHIP],
  checkoutPath: '/orders/member/:planId',
  draft: membershipDraft,
  fulfil: grantMembership,
  refund: revokeMembership,
};
