/**
 * Activity orders (issue 4, decision 014): group buy (order type 3), invitations (type 2) and
 * cash-back (type 4). Money is integer fen with a yuan string beside it; times are ISO strings.
 * The orders themselves are the ordinary `Order` of /v1/orders and are paid the ordinary way.
 */
import { Type, type Static } from 'typebox';
import { Literals, NullableInt, NullableString, Page } from './fragments.ts';
import { CourseCard, Order } from './schemas.ts';
import { Id } from './numbers.ts';


export const ActivityIdParam = Type.Object({ activityId: Id() });
export type ActivityIdParam = Static<typeof ActivityIdParam>;
export const GroupIdParam = Type.Object({ groupId: Id() });
export type GroupIdParam = Static<typeof GroupIdParam>;
export const CourseIdParam = Type.Object({ courseId: Id() });
export type CourseIdParam = Static<typeof CourseIdParam>;

/**
 * The invitation token of a share link (`it`, decision 019): issued by
 * `POST /v1/activities/invite/{courseId}/link` to a learner who owns the course. Only a token the
 * server issued counts; the numeric `suid` beside it is a hint and alone discounts, attributes and
 * reveals nothing.
 */
export const InviteToken = Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$', maxLength: 64 });
/** The sharer's user id from the link (spec §3 source id `suid`, a hint) and the link's token. */
export const ReferralQuery = Type.Object({ suid: Type.Optional(Id()), it: Type.Optional(InviteToken) });
export type ReferralQuery = Static<typeof ReferralQuery>;
export const ReferralBody = Type.Object({ suid: Type.Optional(Id()), it: Type.Optional(InviteToken) });
export type ReferralBody = Static<typeof ReferralBody>;
export const InviteOrderBody = Type.Object({ suid: Id(), it: Type.Optional(InviteToken) });
export type InviteOrderBody = Static<typeof InviteOrderBody>;

/** A learner's share link token for one course (invitation and cash-back alike). */
export const InviteLink = Type.Object({
  courseId: Type.Integer(),
  /** Put in the shared link as `it`, next to `suid`. */
  token: Type.String(),
  suid: Type.Integer(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type InviteLink = Static<typeof InviteLink>;

// ---- group buy ----

export const GroupStatus = Literals(['forming', 'formed', 'failed']);
export type GroupStatus = Static<typeof GroupStatus>;
/** reserved: joined, order not paid yet · paid: paid, waiting for the group · released: order closed unpaid · refund_due / refunded: the group failed. */
export const GroupMemberStatus = Literals(['reserved', 'paid', 'released', 'refund_due', 'refunded']);
export type GroupMemberStatus = Static<typeof GroupMemberStatus>;

export const GroupMember = Type.Object({
  nickname: Type.String(),
  avatar: Type.String(),
  isLeader: Type.Boolean(),
  paid: Type.Boolean(),
});
export type GroupMember = Static<typeof GroupMember>;

export const GroupView = Type.Object({
  groupId: Type.Integer(),
  activityId: Type.Integer(),
  courseId: Type.Integer(),
  status: GroupStatus,
  groupSize: Type.Integer(),
  paidCount: Type.Integer(),
  /** Slots not held by a joined member (paid or paying). */
  slotsLeft: Type.Integer(),
  leaderNickname: Type.String(),
  leaderAvatar: Type.String(),
  expiresAt: Type.String(),
  createdAt: Type.String(),
  formedAt: NullableString,
});
export type GroupView = Static<typeof GroupView>;

export const ActivityState = Literals(['not_started', 'open', 'ended']);
export type ActivityState = Static<typeof ActivityState>;

export const GroupBuyActivity = Type.Object({
  activityId: Type.Integer(),
  title: Type.String(),
  course: CourseCard,
  groupSize: Type.Integer(),
  /** Fen each member pays. */
  groupPrice: Type.Integer(),
  groupPriceYuan: Type.String(),
  /** How long a started group has to fill, in ms. */
  formWithinMs: Type.Integer(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  state: ActivityState,
});
export type GroupBuyActivity = Static<typeof GroupBuyActivity>;

export const GroupBuyActivityList = Type.Object({ rows: Type.Array(GroupBuyActivity) });
export type GroupBuyActivityList = Static<typeof GroupBuyActivityList>;

export const GroupBuyListQuery = Type.Object({ courseId: Type.Optional(Id()) });
export type GroupBuyListQuery = Static<typeof GroupBuyListQuery>;

/** The caller's place in a group. */
export const MyMembership = Type.Object({
  groupId: Type.Integer(),
  status: GroupMemberStatus,
  orderId: Type.Integer(),
});
export type MyMembership = Static<typeof MyMembership>;

/** `GET /v1/activities/group/{activityId}`: the activity, groups one can join, and the caller's state. */
export const GroupBuyPage = Type.Object({
  activity: GroupBuyActivity,
  /** Forming groups with a paid member and a free slot, soonest to expire first. */
  openGroups: Type.Array(GroupView),
  /** The caller's live membership (reserved or paid) in this activity; null for none or anonymous. */
  mine: Type.Union([MyMembership, Type.Null()]),
  /** The caller owns the course already (cannot join). */
  owned: Type.Boolean(),
});
export type GroupBuyPage = Static<typeof GroupBuyPage>;

/** `GET /v1/activities/groups/{groupId}`: a group's state page, shareable. */
export const GroupDetail = Type.Object({
  group: GroupView,
  activity: GroupBuyActivity,
  members: Type.Array(GroupMember),
  /** The caller's latest membership of THIS group, null when none. */
  mine: Type.Union([MyMembership, Type.Null()]),
  owned: Type.Boolean(),
});
export type GroupDetail = Static<typeof GroupDetail>;

/** `POST …/start` and `POST …/join`: the group and the caller's pending group order to pay. */
export const GroupOrderResult = Type.Object({ group: GroupView, order: Order, created: Type.Boolean() });
export type GroupOrderResult = Static<typeof GroupOrderResult>;

export const MyGroupRow = Type.Object({
  group: GroupView,
  activityTitle: Type.String(),
  course: CourseCard,
  memberStatus: GroupMemberStatus,
  orderId: Type.Integer(),
  isLeader: Type.Boolean(),
});
export type MyGroupRow = Static<typeof MyGroupRow>;
export const MyGroupPage = Page(MyGroupRow);
export type MyGroupPage = Static<typeof MyGroupPage>;

// ---- invitations ----

/** `GET /v1/activities/invite/{courseId}?suid`: what buying through this invitation costs. */
export const InviteOffer = Type.Object({
  course: CourseCard,
  /** The inviter's link is usable by the caller (someone else who owns the course). */
  valid: Type.Boolean(),
  inviterNickname: Type.String(),
  /** Fen the caller would pay without the invitation (after member prices). */
  price: Type.Integer(),
  /** Fen the caller pays through the invitation. */
  invitePrice: Type.Integer(),
  invitePriceYuan: Type.String(),
  owned: Type.Boolean(),
});
export type InviteOffer = Static<typeof InviteOffer>;

export const InvitationRow = Type.Object({
  invitationId: Type.Integer(),
  courseId: Type.Integer(),
  courseName: Type.String(),
  inviteeNickname: Type.String(),
  /** spec §3 Invitation: pending 0, success 1, fail 2 */
  status: Type.Integer(),
  createdAt: Type.String(),
});
export type InvitationRow = Static<typeof InvitationRow>;
export const InvitationPage = Type.Object({ rows: Type.Array(InvitationRow), total: Type.Integer(), successCount: Type.Integer() });
export type InvitationPage = Static<typeof InvitationPage>;

// ---- cash-back ----

/** `GET /v1/activities/cashback/{courseId}?suid`: the cash-back landing. */
export const CashbackOffer = Type.Object({
  course: CourseCard,
  /** Fen a sharer earns per referred purchase. */
  rebate: Type.Integer(),
  rebateYuan: Type.String(),
  /** Fen the caller pays (member price rules apply); null when the caller may not buy (owned, or -1368). */
  price: NullableInt,
  priceYuan: NullableString,
  owned: Type.Boolean(),
  /** The link's sharer will be rewarded if the caller buys (not the caller, and the sharer owns the course). */
  sharerRewarded: Type.Boolean(),
  sharerNickname: Type.String(),
  /** Code the caller would get on buying (e.g. -1368 for a member without a member price), 0 when none. */
  blockedCode: Type.Integer(),
});
export type CashbackOffer = Static<typeof CashbackOffer>;

export const CashbackRewardStatus = Literals(['pending', 'paying', 'paid_out', 'cancelled', 'failed']);
export type CashbackRewardStatus = Static<typeof CashbackRewardStatus>;

export const CashbackReward = Type.Object({
  rewardId: Type.Integer(),
  courseId: Type.Integer(),
  courseName: Type.String(),
  buyerNickname: Type.String(),
  amount: Type.Integer(),
  amountYuan: Type.String(),
  status: CashbackRewardStatus,
  createdAt: Type.String(),
  /** When the reward may be paid out (after the refund window). */
  payableAt: Type.String(),
  paidAt: NullableString,
});
export type CashbackReward = Static<typeof CashbackReward>;

export const CashbackRewardPage = Type.Object({
  rows: Type.Array(CashbackReward),
  total: Type.Integer(),
  /** Fen, over all the caller's rewards. */
  pendingFen: Type.Integer(),
  paidOutFen: Type.Integer(),
});
export type CashbackRewardPage = Static<typeof CashbackRewardPage>;
