/**
 * Refunds (issue 4, decision 015): the operator's refund call and list. A refund is written
 * before the pay provider is asked (status processing) and ends success, failed or abnormal;
 * the learner's order keeps its course until the money has actually gone back.
 */
import { Type, type Static } from 'typebox';
import { OrderStatus } from './schemas.ts';
import { PageNo, PageSize } from './numbers.ts';

export const RefundState = Type.Union([Type.Literal('processing'), Type.Literal('success'), Type.Literal('failed'), Type.Literal('abnormal')]);
export type RefundState = Static<typeof RefundState>;

/** Why money goes back: an operator asked, it came for an order that could not take it, a group failed, … */
export const RefundSource = Type.String({ maxLength: 32 });

/** `POST /v1/orders/{id}/refund` (X-Ops-Token): the order's refund, started or found. */
export const OrderRefund = Type.Object({
  orderId: Type.Integer(),
  /** The order's status: still `paid` while the refund is processing, `refunded` once it succeeded. */
  status: OrderStatus,
  /** Our refund number (the provider's idempotency key); the same for every call about this order. */
  refundNo: Type.String(),
  refundStatus: RefundState,
  /** Fen. */
  amountFen: Type.Integer(),
});
export type OrderRefund = Static<typeof OrderRefund>;

/** `GET /v1/admin/refunds?status=&pageIndex&pageSize` (X-Ops-Token). */
export const AdminRefundQuery = Type.Object({
  status: Type.Optional(RefundState),
  pageIndex: Type.Optional(PageNo({ default: 1 })),
  pageSize: Type.Optional(PageSize({ max: 100, default: 20 })),
});
export type AdminRefundQuery = Static<typeof AdminRefundQuery>;

export const AdminRefund = Type.Object({
  refundNo: Type.String(),
  orderId: Type.Integer(),
  orderNo: Type.String(),
  userId: Type.Integer(),
  /** The extra payment given back (needs_refund), null for a whole order. */
  transactionId: Type.Union([Type.String(), Type.Null()]),
  amountFen: Type.Integer(),
  amountText: Type.String(),
  reason: Type.String(),
  status: RefundState,
  source: RefundSource,
  providerRefundId: Type.Union([Type.String(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Integer(),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});
export type AdminRefund = Static<typeof AdminRefund>;

export const AdminRefundPage = Type.Object({ rows: Type.Array(AdminRefund), total: Type.Integer() });
export type AdminRefundPage = Static<typeof AdminRefundPage>;
