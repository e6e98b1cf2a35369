/**
 * The membership arithmetic (decision 012), pure so that buying, refunding and the tests share it.
 *
 * A user holds ONE membership at a time in `users.user_type` / `users.member_expire_at`; every paid
 * membership order leaves a grant row, and that row's effect is `applyGrant(stateBefore, grant)`:
 *
 * - Nothing running (ordinary, time-limited trial, early-bird, or an expired kind): the plan's kind
 *   starts now for its duration.
 * - Same rank running (a renewal; basic ⇄ student count as one rank): extends from the current
 *   expiry, and the kind becomes the one just bought.
 * - Higher rank bought (an upgrade): the new kind applies at once and the time left on the lower
 *   kind is carried over — the new expiry is the current expiry plus the plan's duration.
 * - Lower rank (only when an upgrade was paid between this order's creation and its payment; the
 *   order call refuses a downgrade with -10077): the time is added and the higher kind kept.
 * - An enterprise membership (6/7, managed by the corporate) or a membership without expiry is
 *   never touched: the grant is recorded, the user row stays (the order call refuses these too).
 *
 * A refund revokes the grant and REPLAYS the remaining grants from the state before the first
 * one (`replayGrants`), so the result never depends on the order refunds arrive in.
 */
import { UserType } from '@jinfa/shared';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** How kinds compare for renewal / upgrade. 0: not a membership that time can be added to. */
const RANK: Readonly<Record<number, number>> = {
  [UserType.ORDINARY]: 0,
  [UserType.TIME_LIMITED_MEMBER]: 0,
  [UserType.ORDINARY_EARLY_BIRD]: 0,
  [UserType.TRAFFIC_PACK_MEMBER]: 1,
  [UserType.BASIC_MEMBER]: 2,
  [UserType.STUDENT_DISCOUNT]: 2,
  [UserType.SPECIAL_TOPIC_MEMBER]: 3,
  [UserType.BUNDLE_MEMBER]: 4,
  [UserType.ENTERPRISE_CUSTOM]: 5,
  [UserType.ENTERPRISE_ANNUAL]: 5,
};

export function rankOf(userType: number): number {
  return RANK[userType] ?? 0;
}

export function isCorporateKind(userType: number): boolean {
  return userType === UserType.ENTERPRISE_CUSTOM || userType === UserType.ENTERPRISE_ANNUAL;
}

export interface MemberState {
  userType: number;
  expireAt: number | null;
}

export interface GrantInput {
  userType: number;
  durationDays: number;
  /** When the grant was fulfilled. */
  at: number;
}

export interface GrantEffect {
  state: MemberState;
  startsAt: number;
  expiresAt: number;
}

/** A kind time can be added to, still running at `at` (a null expiry counts as running). */
function running(s: MemberState, at: number): boolean {
  return rankOf(s.userType) > 0 && (s.expireAt === null || s.expireAt > at);
}

export function applyGrant(before: MemberState, g: GrantInput): GrantEffect {
  const duration = g.durationDays * DAY_MS;
  if (running(before, g.at) && (isCorporateKind(before.userType) || before.expireAt === null)) {
    return { state: before, startsAt: g.at, expiresAt: g.at + duration };
  }
  if (running(before, g.at) && before.expireAt !== null) {
    const startsAt = before.expireAt;
    const userType = rankOf(g.userType) >= rankOf(before.userType) ? g.userType : before.userType;
    return { state: { userType, expireAt: startsAt + duration }, startsAt, expiresAt: startsAt + duration };
  }
  return { state: { userType: g.userType, expireAt: g.at + duration }, startsAt: g.at, expiresAt: g.at + duration };
}

/** Why buying `planUserType` now makes no sense for this user (the -10077 cases), or null. */
export function purchaseRefusal(current: MemberState, planUserType: number, now: number): 'corporate' | 'permanent' | 'downgrade' | null {
  if (!running(current, now)) return null;
  if (isCorporateKind(current.userType)) return 'corporate';
  if (current.expireAt === null) return 'permanent';
  if (rankOf(planUserType) < rankOf(current.userType)) return 'downgrade';
  return null;
}

export interface ReplayGrant {
  id: number;
  userType: number;
  durationDays: number;
  grantedAt: number;
}

/** The state after the given (unrevoked) grants, applied in order to `base`, and each grant's period. */
export function replayGrants(base: MemberState, grants: readonly ReplayGrant[]): { state: MemberState; periods: Map<number, { startsAt: number; expiresAt: number }> } {
  let state = base;
  const periods = new Map<number, { startsAt: number; expiresAt: number }>();
  for (const g of grants) {
    const effect = applyGrant(state, { userType: g.userType, durationDays: g.durationDays, at: g.grantedAt });
    state = effect.state;
    periods.set(g.id, { startsAt: effect.startsAt, expiresAt: effect.expiresAt });
  }
  return { state, periods };
}

/** Whole days left, rounded up (a membership ending in 3 hours has 1 day left). */
export function daysLeft(expireAt: number, now: number): number {
  return Math.max(0, Math.ceil((expireAt - now) / DAY_MS));
}
