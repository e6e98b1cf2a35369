/**
 * Refunds (issue 4, decision 015): the operator's refund call and list. A refund is written
 * before the pay provider is asked (status processing) and ends success, failed or abnormal;
 * the learner's order keeps its course until the money has actually gone back.
 */
import { Type, type Static } from 'typebox';
import { adminPaging, Literals, NullableString, Page } from './fragments.ts';
import { OrderStatus } from './schemas.ts';

export const RefundState = Literals(['processing', 'success', 'failed', 'abnormal']);
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

/** `GET /v1/ops/refunds?status=&pageIndex&pageSize` (X-Ops-Token). */
export const AdminRefundQuery = Type.Object({
  status: Type.Optional(RefundState),
  ...adminPaging,
});
export type AdminRefundQuery = Static<typeof AdminRefundQuery>;

export const AdminRefund = Type.Object({
  refundNo: Type.String(),
  orderId: Type.Integer(),
  orderNo: Type.String(),
  userId: Type.Integer(),
  /** The extra payment given back (needs_refund), null for a whole order. */
  transactionId: NullableString,
  amountFen: Type.Integer(),
  amountText: Type.String(),
  reason: Type.String(),
  status: RefundState,
  source: RefundSource,
  providerRefundId: NullableString,
  lastError: NullableString,
  attempts: Type.Integer(),
  createdAt: Type.String(),
  finishedAt: NullableString,
});
export type AdminRefund = Static<typeof AdminRefund>;

export const AdminRefundPage = Page(AdminRefund);
export type AdminRefundPage = Static<typeof AdminRefundPage>;
