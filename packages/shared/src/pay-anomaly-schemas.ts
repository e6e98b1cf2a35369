/**
 * Payment anomalies (issue 11 §9, decision 019): correctly signed payment notifications naming
 * another app, merchant, currency or amount than the order's. Nothing was granted for them; the
 * operator lists them with `GET /v1/admin/pay_anomalies` (X-Ops-Token).
 */
import { Type, type Static } from 'typebox';
import { adminPaging, Literals, NullableInt, Page } from './fragments.ts';

export const PayAnomalyKind = Literals(['appid', 'mchid', 'currency', 'amount']);
export type PayAnomalyKind = Static<typeof PayAnomalyKind>;

export const AdminPayAnomalyQuery = Type.Object(adminPaging);
export type AdminPayAnomalyQuery = Static<typeof AdminPayAnomalyQuery>;

export const AdminPayAnomaly = Type.Object({
  anomalyId: Type.Integer(),
  provider: Type.String(),
  /** Our order, when the notification named one of ours. */
  orderId: NullableInt,
  orderNo: Type.String(),
  transactionId: Type.String(),
  kind: PayAnomalyKind,
  /** What came and what was expected: app id, merchant id, currency, amount in fen, trade state. */
  received: Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer(), Type.Null()])),
  expected: Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer(), Type.Null()])),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AdminPayAnomaly = Static<typeof AdminPayAnomaly>;

export const AdminPayAnomalyPage = Page(AdminPayAnomaly);
export type AdminPayAnomalyPage = Static<typeof AdminPayAnomalyPage>;
