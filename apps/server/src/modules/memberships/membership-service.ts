/**
 * Memberships (issue 4 point 3, spec §3 user types, §7.2, decision 012): the plans on sale, the
 * caller's membership (`check`, `rights`, `vip_info`) and its order's progress. Buying a plan goes
 * through the ONE order path (a pending order of sign-up kind MEMBERSHIP 7 → order_web_wxpay →
 * notify → fulfilment); the kind — its draft, and what fulfilment and refunds do to the user —
 * is order-kind.ts, in the order-kind registry (decision 025).
 *
 * Whether someone is a member right now is decided in ONE place, `isActiveMember`
 * (access/member-standing.ts); the arithmetic of renewals and upgrades is membership-rules.ts.
 */
import {
  SignupKind,
  USER_TYPE_LABELS,
  UserType,
  type MemberRights,
  type MembershipCheck,
  type MembershipPlan,
  type MembershipPlanList,
  type MembershipRight,
  type OrderProgress,
  type UserTypeValue,
  type VipInfo,
} from '@jinfa/shared';
import type { Conn, Db } from '../../db/conn.ts';
import type { MembershipPlanRow, MembershipRightRow, UserRow } from '../../db/schema.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { yuan } from '../courses/course-card.ts';
import { isActiveMember } from '../access/member-standing.ts';
import { findOrderById } from '../orders/order-repository.ts';
import { daysLeft, isCorporateKind } from './membership-rules.ts';
import {
  findCorporateName,
  findLatestGrantOfKind,
  findPlan,
  findPlanOfKind,
  listPlansOnSale,
  listRightsOfPlans,
  sumMemberSavings,
} from './membership-repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const labelOf = (userType: number) => USER_TYPE_LABELS[userType as UserTypeValue] ?? USER_TYPE_LABELS[UserType.ORDINARY];

type MemberFields = Pick<UserRow, 'user_type' | 'member_expire_at'>;

const toRight = (r: MembershipRightRow): MembershipRight => ({ icon: r.icon, title: r.title, description: r.description });

async function presentPlans(db: Conn, plans: MembershipPlanRow[]): Promise<MembershipPlan[]> {
  const rights = await listRightsOfPlans(
    db,
    plans.map((p) => p.id),
  );
  return plans.map((p) => ({
    planId: p.id,
    code: p.code,
    name: p.name,
    subtitle: p.subtitle,
    userType: p.user_type,
    userTypeLabel: labelOf(p.user_type),
    billingType: p.billing_type,
    durationDays: p.duration_days,
    price: p.price,
    priceYuan: yuan(p.price),
    originalPrice: p.original_price,
    originalPriceYuan: yuan(p.original_price),
    rights: rights.filter((r) => r.plan_id === p.id).map(toRight),
  }));
}

/** `GET /v1/course_members/rights/list?type=3|1`. */
export async function planList(db: Db, billingType: number): Promise<MembershipPlanList> {
  return { type: billingType, plans: await presentPlans(db, await listPlansOnSale(db, billingType)) };
}

/** Had a kind with an expiry that has passed: ordinary everywhere now. */
function isExpired(user: MemberFields, now: number): boolean {
  const t = user.user_type;
  return t !== UserType.ORDINARY && t !== UserType.ORDINARY_EARLY_BIRD && user.member_expire_at !== null && user.member_expire_at <= now;
}

/** `GET /v1/course_members/check`. */
export function memberCheck(user: MemberFields, now: number): MembershipCheck {
  const member = isActiveMember(user, now);
  return {
    member,
    userType: user.user_type,
    kindName: labelOf(user.user_type),
    expireAt: member || isExpired(user, now) ? iso(user.member_expire_at) : null,
    expired: isExpired(user, now),
    daysLeft: member && user.member_expire_at !== null ? daysLeft(user.member_expire_at, now) : null,
  };
}

/** The rights of the plan that stands for a kind: the user's latest grant's plan, else the kind's first plan. */
async function rightsOfKind(db: Db, userId: number | null, userType: number): Promise<MembershipRight[] | null> {
  const grant = userId === null ? undefined : await findLatestGrantOfKind(db, userId, userType);
  const plan = grant ? await findPlan(db, grant.plan_id) : await findPlanOfKind(db, userType);
  if (!plan) return null;
  return (await listRightsOfPlans(db, [plan.id])).map(toRight);
}

/** `GET /v1/course_members/rights`: the caller's rights, or the basic membership's for non-members (and anonymous callers). */
export async function memberRights(db: Db, user: UserRow | null, now: number): Promise<MemberRights> {
  if (user && isActiveMember(user, now)) {
    // Enterprise kinds have no plan of their own: they enjoy the basic rights.
    const rights = (await rightsOfKind(db, user.id, user.user_type)) ?? (await rightsOfKind(db, null, UserType.BASIC_MEMBER)) ?? [];
    return { member: true, userType: user.user_type, kindName: labelOf(user.user_type), rights };
  }
  return {
    member: false,
    userType: user?.user_type ?? UserType.ORDINARY,
    kindName: labelOf(UserType.BASIC_MEMBER),
    rights: (await rightsOfKind(db, null, UserType.BASIC_MEMBER)) ?? [],
  };
}

/** `GET /v1/course_members/vip_info`. */
export async function vipInfo(db: Db, user: UserRow, now: number): Promise<VipInfo> {
  const check = memberCheck(user, now);
  const saved = await sumMemberSavings(db, user.id, SignupKind.COURSE);
  let corporate: VipInfo['corporate'] = null;
  if (isCorporateKind(user.user_type) && user.corporate_id !== null) {
    const c = await findCorporateName(db, user.corporate_id);
    if (c) {
      corporate = {
        corporateId: c.id,
        name: c.name,
        kindName: labelOf(user.user_type),
        expireAt: iso(user.member_expire_at),
        expired: !isActiveMember(user, now),
      };
    }
  }
  return { ...check, savedFen: saved, savedYuan: yuan(saved), corporate };
}

/** `GET /v1/course_members/orders/{id}`: the H5 polls its membership order after the pay bridge reports success. */
export async function membershipOrderProgress(db: Db, user: UserRow, orderId: number, now: number): Promise<OrderProgress> {
  const order = await findOrderById(db, orderId);
  if (!order || order.user_id !== user.id || order.kind !== SignupKind.MEMBERSHIP) throw new NotFoundError('订单不存在');
  return { orderId: order.id, status: order.status, paid: order.status === 'paid', owned: order.status === 'paid' && isActiveMember(user, now) };
}
