/**
 * What a paid membership order does to the user, and what its refund undoes (decision 012).
 * Called by orders/fulfilment.ts INSIDE the transaction whose conditional status update moved the
 * order, so each runs once per order; both are idempotent anyway (order_id is unique on grants,
 * revoking is conditional on revoked_at being null). Kept apart from membership-service.ts so
 * the order module imports no routes-side code (no import cycle through order-service.ts).
 */
import type { Conn } from '../../db/conn.ts';
import type { OrderRow } from '../../db/schema.ts';
import { applyGrant, isCorporateKind, replayGrants } from './membership-rules.ts';
import {
  findMemberState,
  findPlan,
  insertGrant,
  listGrantsOfUser,
  lockUserRow,
  markGrantRevoked,
  setGrantPeriod,
  setMemberState,
} from './membership-repository.ts';

/**
 * Fulfilment of a paid membership order (inside its transaction): records the grant once
 * (order_id unique) and moves the user's kind and expiry by `applyGrant`.
 */
export async function grantMembership(trx: Conn, order: OrderRow, now: number): Promise<void> {
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
export async function revokeMembership(trx: Conn, order: OrderRow, now: number): Promise<void> {
  await lockUserRow(trx, order.user_id);
  if (!(await markGrantRevoked(trx, order.id, now))) return;
  const grants = await listGrantsOfUser(trx, order.user_id);
  const first = grants[0];
  if (!first) return;
  const live = grants.filter((g) => g.revoked_at === null);
  const { state, periods } = replayGrants(
    { userType: first.prev_user_type, expireAt: first.prev_expire_at },
    live.map((g) => ({ id: g.id, userType: g.user_type, durationDays: g.duration_days, grantedAt: g.granted_at })),
  );
  for (const g of live) {
    const p = periods.get(g.id);
    if (p && (p.startsAt !== g.starts_at || p.expiresAt !== g.expires_at)) await setGrantPeriod(trx, g.id, p.startsAt, p.expiresAt);
  }
  const current = await findMemberState(trx, order.user_id);
  if (!current || (isCorporateKind(current.user_type) && !isCorporateKind(state.userType))) return;
  await setMemberState(trx, order.user_id, state.userType, state.expireAt, now);
}
