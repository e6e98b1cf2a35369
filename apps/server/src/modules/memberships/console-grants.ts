/**
 * Memberships an operator grants or revokes in the console (issue 13 "用户 Learners",
 * docs/console.md). The same arithmetic as a paid membership order (membership-rules.ts,
 * decision 012): a grant moves the learner's kind and expiry by `applyGrant`; a revoke marks the
 * grant revoked and replays the remaining grants, exactly as a refund does. The grant row has no
 * order (`order_id` null, `source` 'console'). Both run INSIDE the caller's transaction (the audit
 * row is written in it too), the user row locked first, so concurrent writes to one learner queue.
 */
import type { Conn } from '../../db/conn.ts';
import type { MembershipGrantRow, MembershipPlanRow } from '../../db/schema.ts';
import { applyGrant, isCorporateKind, replayGrants } from './membership-rules.ts';
import { findMemberState, listGrantsOfUser, lockUserRow, setGrantPeriod, setMemberState } from './membership-repository.ts';

export interface MemberStateAfter {
  userType: number;
  memberExpireAt: number | null;
}

async function stateOf(trx: Conn, userId: number): Promise<MemberStateAfter | null> {
  const s = await findMemberState(trx, userId);
  return s ? { userType: s.user_type, memberExpireAt: s.member_expire_at } : null;
}

/**
 * Recomputes the user's membership from their unrevoked grants, replayed from the state before
 * the first grant. An enterprise membership on the row now (6/7, the corporate's) is left alone.
 */
export async function replayMembership(trx: Conn, userId: number, now: number): Promise<void> {
  const grants = await listGrantsOfUser(trx, userId);
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
  const current = await findMemberState(trx, userId);
  if (!current || (isCorporateKind(current.user_type) && !isCorporateKind(state.userType))) return;
  await setMemberState(trx, userId, state.userType, state.expireAt, now);
}

/** Grants `plan` for `days` (the plan's own duration when omitted). Answers the grant's id and the learner's state after. */
export async function grantMembershipByOperator(
  trx: Conn,
  g: { userId: number; plan: MembershipPlanRow; days: number; now: number },
): Promise<{ grantId: number; before: MemberStateAfter; after: MemberStateAfter } | null> {
  await lockUserRow(trx, g.userId);
  const before = await stateOf(trx, g.userId);
  if (!before) return null;
  const state = { userType: before.userType, expireAt: before.memberExpireAt };
  const effect = applyGrant(state, { userType: g.plan.user_type, durationDays: g.days, at: g.now });
  const row = await trx
    .insertInto('membership_grants')
    .values({
      order_id: null,
      user_id: g.userId,
      plan_id: g.plan.id,
      user_type: g.plan.user_type,
      duration_days: g.days,
      granted_at: g.now,
      starts_at: effect.startsAt,
      expires_at: effect.expiresAt,
      prev_user_type: state.userType,
      prev_expire_at: state.expireAt,
      revoked_at: null,
      source: 'console',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (effect.state !== state) await setMemberState(trx, g.userId, effect.state.userType, effect.state.expireAt, g.now);
  return { grantId: row.id, before, after: (await stateOf(trx, g.userId))! };
}

/**
 * Revokes one grant of the user (an order's or a console one) and replays the rest. Null when the
 * grant is not the user's; `revoked: false` when it was already revoked (nothing changes).
 */
export async function revokeMembershipGrant(
  trx: Conn,
  g: { userId: number; grantId: number; now: number },
): Promise<{ grant: MembershipGrantRow; revoked: boolean; before: MemberStateAfter; after: MemberStateAfter } | null> {
  await lockUserRow(trx, g.userId);
  const grant = await trx.selectFrom('membership_grants').selectAll().where('id', '=', g.grantId).where('user_id', '=', g.userId).executeTakeFirst();
  const before = await stateOf(trx, g.userId);
  if (!grant || !before) return null;
  const res = await trx.updateTable('membership_grants').set({ revoked_at: g.now }).where('id', '=', grant.id).where('revoked_at', 'is', null).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return { grant, revoked: false, before, after: before };
  await replayMembership(trx, g.userId, g.now);
  return { grant, revoked: true, before, after: (await stateOf(trx, g.userId))! };
}

