/**
 * The console's learners, orders and money, and review moderation (issue 13, docs/console.md).
 * Money is fen, times epoch ms; lists answer `{items, total, page, pageSize}` (ConsolePage) and
 * take antd's `ascend`/`descend`. Phones only ever leave the server masked (138****0001).
 */
import { Type, type Static } from 'typebox';
import { Literals, NullableInt, NullableString } from './fragments.ts';
import { Code, Id, Int, MAX_MONEY_FEN, PageNo, PageSize, Timestamp } from './numbers.ts';
import { OrderStatus } from './schemas.ts';
import { ConsoleOrder, ConsolePage } from './admin-course-schemas.ts';

const paging = {
  page: Type.Optional(PageNo({ default: 1 })),
  pageSize: Type.Optional(PageSize({ max: 100, default: 20 })),
  order: Type.Optional(ConsoleOrder),
};

/** A search box: trimmed by the server, at most 40 characters. */
const SearchText = Type.String({ maxLength: 40 });
/** Why an operator did something: required, shown in the audit log. */
const Reason = Type.String({ minLength: 1, maxLength: 200 });

// ---- learners ----

/** users.audit_status: 0 not audited (pending once submitted), 1 passed, 2 failed. */
export const AdminAuditStatus = Code(0, 2);

export const AdminLearnerListQuery = Type.Object({
  /** An 11-digit phone (exact) or the start of a name. */
  q: Type.Optional(SearchText),
  /** 0 not reviewed (with `submitted` unset: submitted and waiting); 1 passed; 2 failed. */
  auditStatus: Type.Optional(AdminAuditStatus),
  /** true: the learner submitted the profile; false: never submitted. */
  submitted: Type.Optional(Type.Boolean()),
  /** true: locked accounts only; false: accounts that are not locked. */
  locked: Type.Optional(Type.Boolean()),
  blacklisted: Type.Optional(Type.Boolean()),
  /** createdAt (default) or auditSubmittedAt (with `order=ascend`: the longest waiting first). */
  sort: Type.Optional(Literals(['createdAt', 'auditSubmittedAt'])),
  ...paging,
});
export type AdminLearnerListQuery = Static<typeof AdminLearnerListQuery>;

export const AdminLearnerMembership = Type.Object({
  grantId: Type.Integer(),
  planId: Type.Integer(),
  planName: Type.String(),
  /** spec §3 user type the plan grants. */
  userType: Type.Integer(),
  startsAt: Type.Integer(),
  expiresAt: Type.Integer(),
  revokedAt: NullableInt,
  /** The paid membership order; null for a grant an operator made in the console. */
  orderId: NullableInt,
  /** Not revoked and not yet expired. */
  active: Type.Boolean(),
});
export type AdminLearnerMembership = Static<typeof AdminLearnerMembership>;

export const AdminLearnerListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nickname: Type.String(),
  phoneMasked: Type.String(),
  auditStatus: Type.Integer(),
  auditSubmittedAt: NullableInt,
  locked: Type.Boolean(),
  blacklisted: Type.Boolean(),
  /** The learner's active memberships. */
  memberships: Type.Array(AdminLearnerMembership),
  orderCount: Type.Integer(),
  createdAt: Type.Integer(),
});
export type AdminLearnerListItem = Static<typeof AdminLearnerListItem>;

export const AdminLearnerPage = ConsolePage(AdminLearnerListItem);
export type AdminLearnerPage = Static<typeof AdminLearnerPage>;

export const AdminOrderKindName = Type.String();

export const AdminOrderListItem = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  userId: Type.Integer(),
  buyerName: Type.String(),
  phoneMasked: Type.String(),
  /** Order kind (decision 025) and spec order type. */
  kind: Type.Integer(),
  type: Type.Integer(),
  /** The registry's name of the order's kind (course, chapter, column, live, membership, group, …); '' when none claims it. */
  kindName: Type.String(),
  description: Type.String(),
  courseId: NullableInt,
  amountFen: Type.Integer(),
  status: OrderStatus,
  /** The latest whole-order refund's state, null when none. */
  refundStatus: NullableString,
  provider: Type.String(),
  transactionId: NullableString,
  createdAt: Type.Integer(),
  paidAt: NullableInt,
  closedAt: NullableInt,
});
export type AdminOrderListItem = Static<typeof AdminOrderListItem>;

export const AdminLearnerDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  phoneMasked: Type.String(),
  email: Type.String(),
  emailVerified: Type.Boolean(),
  company: Type.String(),
  department: Type.String(),
  position: Type.String(),
  userType: Type.Integer(),
  memberExpireAt: NullableInt,
  corporateId: NullableInt,
  auditStatus: Type.Integer(),
  auditRemark: Type.String(),
  auditSubmittedAt: NullableInt,
  auditSubmitCount: Type.Integer(),
  /** The spec §4 result code the learner's app sees (0, 262144..262148). */
  auditResult: Type.Integer(),
  /** Whether the review buttons apply: the profile was submitted. */
  reviewable: Type.Boolean(),
  locked: Type.Boolean(),
  blacklisted: Type.Boolean(),
  createdAt: Type.Integer(),
  memberships: Type.Array(AdminLearnerMembership),
  recentOrders: Type.Array(AdminOrderListItem),
  orderCount: Type.Integer(),
  /** Learning time the server credited (play sessions, decision 016). */
  learningSeconds: Type.Integer(),
});
export type AdminLearnerDetail = Static<typeof AdminLearnerDetail>;

export const AdminLearnerReviewBody = Type.Object(
  {
    pass: Type.Boolean(),
    /** Required when failing: the learner reads it. */
    remark: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type AdminLearnerReviewBody = Static<typeof AdminLearnerReviewBody>;

export const AdminLearnerLockBody = Type.Object({ locked: Type.Boolean(), reason: Reason }, { additionalProperties: false });
export type AdminLearnerLockBody = Static<typeof AdminLearnerLockBody>;

export const AdminLearnerBlacklistBody = Type.Object({ blacklisted: Type.Boolean(), reason: Reason }, { additionalProperties: false });
export type AdminLearnerBlacklistBody = Static<typeof AdminLearnerBlacklistBody>;

/** `POST /v1/admin/learners/:id/memberships`: grant a plan for `days` (the plan's own duration when omitted). */
export const AdminLearnerMembershipGrantBody = Type.Object(
  { planId: Id(), days: Type.Optional(Int({ minimum: 1, maximum: 3650 })), reason: Reason },
  { additionalProperties: false },
);
export type AdminLearnerMembershipGrantBody = Static<typeof AdminLearnerMembershipGrantBody>;

export const AdminLearnerMembershipRevokeBody = Type.Object({ reason: Reason }, { additionalProperties: false });
export type AdminLearnerMembershipRevokeBody = Static<typeof AdminLearnerMembershipRevokeBody>;

export const AdminLearnerGrantParams = Type.Object({ id: Id(), grantId: Id() });
export type AdminLearnerGrantParams = Static<typeof AdminLearnerGrantParams>;

/** What a membership grant or revoke answers: the learner's membership after it. */
export const AdminLearnerMembershipState = Type.Object({
  id: Type.Integer(),
  userType: Type.Integer(),
  memberExpireAt: NullableInt,
  grantId: Type.Integer(),
  memberships: Type.Array(AdminLearnerMembership),
});
export type AdminLearnerMembershipState = Static<typeof AdminLearnerMembershipState>;

/** What a learner write answers: the learner's state after it. */
export const AdminLearnerState = Type.Object({
  id: Type.Integer(),
  auditStatus: Type.Integer(),
  auditRemark: Type.String(),
  locked: Type.Boolean(),
  blacklisted: Type.Boolean(),
});
export type AdminLearnerState = Static<typeof AdminLearnerState>;

// ---- orders and money ----

export const AdminOrderListQuery = Type.Object({
  /** An order number, or a buyer's 11-digit phone. */
  q: Type.Optional(SearchText),
  status: Type.Optional(OrderStatus),
  kind: Type.Optional(Code(1, 999)),
  /** Created at or after / before (epoch ms). */
  from: Type.Optional(Timestamp()),
  to: Type.Optional(Timestamp()),
  sort: Type.Optional(Literals(['createdAt'])),
  ...paging,
});
export type AdminOrderListQuery = Static<typeof AdminOrderListQuery>;

export const AdminOrderPage = ConsolePage(AdminOrderListItem);
export type AdminOrderPage = Static<typeof AdminOrderPage>;

export const AdminRefundRequestStatus = Literals(['pending', 'approved', 'refused']);
export type AdminRefundRequestStatus = Static<typeof AdminRefundRequestStatus>;

export const AdminRefundRequestQuery = Type.Object({
  status: Type.Optional(AdminRefundRequestStatus),
  ...paging,
});
export type AdminRefundRequestQuery = Static<typeof AdminRefundRequestQuery>;

export const AdminRefundRequest = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  orderNo: Type.String(),
  userId: Type.Integer(),
  buyerName: Type.String(),
  phoneMasked: Type.String(),
  description: Type.String(),
  /** What the order was paid. */
  paidFen: Type.Integer(),
  /** What the learner asked back. */
  amountFen: Type.Integer(),
  reason: Type.String(),
  status: AdminRefundRequestStatus,
  createdAt: Type.Integer(),
  decidedAt: NullableInt,
  decidedBy: NullableInt,
  decisionReason: Type.String(),
  refundNo: NullableString,
  /** The refund's own state (processing, success, failed, abnormal), once approved. */
  refundStatus: NullableString,
  refundedFen: NullableInt,
});
export type AdminRefundRequest = Static<typeof AdminRefundRequest>;

export const AdminRefundRequestPage = ConsolePage(AdminRefundRequest);
export type AdminRefundRequestPage = Static<typeof AdminRefundRequestPage>;

export const AdminRefundApproveBody = Type.Object(
  {
    /** Less than the whole payment (fen, 1..paid); the whole payment when left out. */
    amountFen: Type.Optional(Int({ minimum: 1, maximum: MAX_MONEY_FEN })),
    reason: Type.Optional(Type.String({ maxLength: 80 })),
  },
  { additionalProperties: false },
);
export type AdminRefundApproveBody = Static<typeof AdminRefundApproveBody>;

export const AdminRefundRefuseBody = Type.Object({ reason: Reason }, { additionalProperties: false });
export type AdminRefundRefuseBody = Static<typeof AdminRefundRefuseBody>;

export const AdminPayAnomalyListQuery = Type.Object({ ...paging });
export type AdminPayAnomalyListQuery = Static<typeof AdminPayAnomalyListQuery>;

export const AdminPayAnomalyItem = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  orderId: NullableInt,
  orderNo: Type.String(),
  transactionId: Type.String(),
  /** appid | mchid | currency | amount */
  kind: Type.String(),
  received: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  expected: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  createdAt: Type.Integer(),
});
export type AdminPayAnomalyItem = Static<typeof AdminPayAnomalyItem>;

export const AdminPayAnomalyList = ConsolePage(AdminPayAnomalyItem);
export type AdminPayAnomalyList = Static<typeof AdminPayAnomalyList>;

// ---- reviews moderation ----

export const AdminReviewListQuery = Type.Object({
  hidden: Type.Optional(Type.Boolean()),
  courseId: Type.Optional(Id()),
  /** Words in the text. */
  q: Type.Optional(SearchText),
  sort: Type.Optional(Literals(['createdAt'])),
  ...paging,
});
export type AdminReviewListQuery = Static<typeof AdminReviewListQuery>;

export const AdminAppraisalItem = Type.Object({
  id: Type.Integer(),
  courseId: Type.Integer(),
  courseTitle: Type.String(),
  userId: Type.Integer(),
  userName: Type.String(),
  score: Type.Integer(),
  content: Type.String(),
  hidden: Type.Boolean(),
  hiddenReason: Type.String(),
  hiddenAt: NullableInt,
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type AdminAppraisalItem = Static<typeof AdminAppraisalItem>;
export const AdminAppraisalPage = ConsolePage(AdminAppraisalItem);
export type AdminAppraisalPage = Static<typeof AdminAppraisalPage>;

export const AdminCommentItem = Type.Object({
  id: Type.Integer(),
  courseId: Type.Integer(),
  courseTitle: Type.String(),
  userId: Type.Integer(),
  userName: Type.String(),
  content: Type.String(),
  hidden: Type.Boolean(),
  hiddenReason: Type.String(),
  hiddenAt: NullableInt,
  createdAt: Type.Integer(),
});
export type AdminCommentItem = Static<typeof AdminCommentItem>;
export const AdminCommentPage = ConsolePage(AdminCommentItem);
export type AdminCommentPage = Static<typeof AdminCommentPage>;

export const AdminHiddenBody = Type.Object({ hidden: Type.Boolean(), reason: Reason }, { additionalProperties: false });
export type AdminHiddenBody = Static<typeof AdminHiddenBody>;

export const AdminHiddenState = Type.Object({ id: Type.Integer(), hidden: Type.Boolean(), hiddenReason: Type.String() });
export type AdminHiddenState = Static<typeof AdminHiddenState>;
