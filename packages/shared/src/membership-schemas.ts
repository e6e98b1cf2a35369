/**
 * Memberships (issue 4 point 3, spec §3 user types, §7.2 `/v1/course_members/*`, decision 012).
 * Money is integer fen with a yuan display string beside it; times are ISO strings.
 */
import { Type, type Static } from 'typebox';
import { Literals, NullableInt, NullableString } from './fragments.ts';
import { Id } from './numbers.ts';


/** Billing type of a plan (spec §7.2): 3 monthly, 1 yearly. */
export const MembershipBillingType = { MONTHLY: 3, YEARLY: 1 } as const;
export const BillingTypeSchema = Literals([3, 1]);

/** `GET /v1/course_members/rights/list?type=3|1` (monthly when absent). */
export const MembershipPlanQuery = Type.Object({ type: Type.Optional(BillingTypeSchema) });
export type MembershipPlanQuery = Static<typeof MembershipPlanQuery>;

export const MembershipRight = Type.Object({
  /** Icon key: free, price, download, column, certificate, live, exam, service. */
  icon: Type.String(),
  title: Type.String(),
  description: Type.String(),
});
export type MembershipRight = Static<typeof MembershipRight>;

export const MembershipPlan = Type.Object({
  planId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  subtitle: Type.String(),
  /** The member kind it grants (spec §3 user type). */
  userType: Type.Integer(),
  userTypeLabel: Type.String(),
  billingType: Type.Integer(),
  durationDays: Type.Integer(),
  /** Fen. */
  price: Type.Integer(),
  priceYuan: Type.String(),
  originalPrice: Type.Integer(),
  originalPriceYuan: Type.String(),
  rights: Type.Array(MembershipRight),
});
export type MembershipPlan = Static<typeof MembershipPlan>;

export const MembershipPlanList = Type.Object({ type: Type.Integer(), plans: Type.Array(MembershipPlan) });
export type MembershipPlanList = Static<typeof MembershipPlanList>;

/** `GET /v1/course_members/check`: whether the caller is a member right now. */
export const MembershipCheck = Type.Object({
  /** An unexpired member kind that gets member prices (decision 012). */
  member: Type.Boolean(),
  userType: Type.Integer(),
  kindName: Type.String(),
  /** Null: never expires, or not a member. */
  expireAt: NullableString,
  /** Was a member kind whose time has run out (treated as ordinary everywhere). */
  expired: Type.Boolean(),
  /** Whole days left, rounded up; null when not a member or no expiry. */
  daysLeft: NullableInt,
});
export type MembershipCheck = Static<typeof MembershipCheck>;

/** `GET /v1/course_members/rights`: the caller's current rights, or the basic list for non-members. */
export const MemberRights = Type.Object({
  member: Type.Boolean(),
  userType: Type.Integer(),
  kindName: Type.String(),
  rights: Type.Array(MembershipRight),
});
export type MemberRights = Static<typeof MemberRights>;

export const CorporateMembership = Type.Object({
  corporateId: Type.Integer(),
  name: Type.String(),
  kindName: Type.String(),
  expireAt: NullableString,
  expired: Type.Boolean(),
});
export type CorporateMembership = Static<typeof CorporateMembership>;

/** `GET /v1/course_members/vip_info`: the check's answer and more. */
export const VipInfo = Type.Object({
  ...MembershipCheck.properties,
  /** Fen saved by member prices on the caller's paid course orders. */
  savedFen: Type.Integer(),
  savedYuan: Type.String(),
  /** The corporate membership (user types 6/7), null when the caller has none. */
  corporate: Type.Union([CorporateMembership, Type.Null()]),
});
export type VipInfo = Static<typeof VipInfo>;

/** `POST /v1/orders/member/{planId}`. */
export const PlanIdParam = Type.Object({ planId: Id() });
export type PlanIdParam = Static<typeof PlanIdParam>;
