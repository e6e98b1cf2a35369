/**
 * The order kinds beyond the whole course (issue 4, spec §3 sign-up kinds, §7.4, decision 013):
 * chapter, column, early-bird and live-course orders, the signed auto-order link and the 代付
 * (pay-for-me) link of send_pay. Money is integer fen with a yuan string beside it.
 */
import { Type, type Static } from 'typebox';
import { Literals, NullableInt, NullableString } from './fragments.ts';
import { OrderItem, OrderStatus } from './schemas.ts';
import { Id, Int } from './numbers.ts';


/** Sign-up kind labels (spec §3 kinds 1..6; 7 membership is ours, decision 012). */
export const ORDER_KIND_LABELS: Readonly<Record<number, string>> = {
  1: '课程',
  2: '章节',
  3: '专栏',
  4: '返现课',
  5: '早鸟课',
  6: '直播课',
  7: '会员',
};

/** Order type labels (spec §3): the tabs of /userCenter/myOrder. */
export const ORDER_TYPE_LABELS: Readonly<Record<number, string>> = { 1: '普通', 2: '邀请', 3: '拼团', 4: '返现', 6: '直播' };

/** What the sign-up page can quote: a course (whole, early-bird…), one chapter, a column or a live. */
export const QuoteTarget = Literals(['course', 'chapter', 'column', 'live']);
export type QuoteTarget = Static<typeof QuoteTarget>;

/** `GET /v1/orders/quote/{target}/{id}`. */
export const OrderQuoteParams = Type.Object({ target: QuoteTarget, id: Id() });
export type OrderQuoteParams = Static<typeof OrderQuoteParams>;

/** The enrolment window of a course (null sides are open); `state` is where now falls. */
export const EnrolWindow = Type.Object({
  startAt: NullableString,
  endAt: NullableString,
  state: Literals(['open', 'not_started', 'ended']),
});
export type EnrolWindow = Static<typeof EnrolWindow>;

/**
 * What buying `target` would cost the caller right now, by the same rules order creation applies:
 * `code` 0 when it can be bought, else the rule's code (-1283 owned, -1284/-1285 window, -1366
 * column gone, -45092 off shelf, …) with its message.
 */
export const OrderQuote = Type.Object({
  target: QuoteTarget,
  /** The sign-up kind an order would have (1 course, 2 chapter, 3 column, 5 early-bird, 6 live). */
  kind: Type.Integer(),
  /** The order type (1 normal, 6 live). */
  type: Type.Integer(),
  targetId: Type.Integer(),
  /** The course a chapter belongs to / the course itself; null for columns and lives. */
  courseId: NullableInt,
  title: Type.String(),
  /** Course name of a chapter, lecturer of a column or live, subtitle of a course. */
  subtitle: Type.String(),
  cover: Type.String(),
  /** Fen the caller would pay (member, early-bird price applied). */
  price: Type.Integer(),
  priceYuan: Type.String(),
  /** The list price in fen, for a struck-through comparison. */
  originalPrice: Type.Integer(),
  originalPriceYuan: Type.String(),
  code: Type.Integer(),
  message: Type.String(),
  owned: Type.Boolean(),
  window: Type.Union([EnrolWindow, Type.Null()]),
  /** A hint under the price, e.g. the member price a non-member could get; '' when none. */
  note: Type.String(),
  /** Lives: when it starts (ISO); null otherwise. */
  startAt: NullableString,
});
export type OrderQuote = Static<typeof OrderQuote>;

/** `POST /v1/orders/{courseId}/auto_order?timestamp&sign`: timestamp in Unix seconds, sign hex HMAC-SHA256. */
export const AutoOrderQuery = Type.Object({
  timestamp: Int({ minimum: 0, maximum: 99_999_999_999 }),
  sign: Type.String({ minLength: 1, maxLength: 128 }),
});
export type AutoOrderQuery = Static<typeof AutoOrderQuery>;

/** `POST /v1/admin/orders/auto_order_link` (X-Ops-Token): makes a signed link for one course. */
export const AutoOrderLinkBody = Type.Object({ courseId: Id() });
export type AutoOrderLinkBody = Static<typeof AutoOrderLinkBody>;

export const AutoOrderLink = Type.Object({
  courseId: Type.Integer(),
  timestamp: Type.Integer(),
  sign: Type.String(),
  expiresAt: Type.String(),
  /** The H5 route (hash path) that opens the sign-up page with the signed link. */
  path: Type.String(),
});
export type AutoOrderLink = Static<typeof AutoOrderLink>;

/** `POST /v1/orders/{orderId}/send_pay`: a 代付 link for the caller's pending order. */
export const SendPayResult = Type.Object({
  orderId: Type.Integer(),
  token: Type.String(),
  /** The H5 route (hash path) the friend opens: /order/payFor?token=… */
  path: Type.String(),
  /** The link works while the order is pending, until it expires. */
  expiresAt: Type.String(),
});
export type SendPayResult = Static<typeof SendPayResult>;

/** `/v1/orders/pay_for/{token}…`: the 代付 token (order id and a MAC). */
export const PayForParams = Type.Object({ token: Type.String({ minLength: 3, maxLength: 80, pattern: '^[0-9]+\\.[A-Za-z0-9_-]+$' }) });
export type PayForParams = Static<typeof PayForParams>;

/** `GET /v1/orders/pay_for/{token}`: what the friend is asked to pay — no personal data beyond a nickname. */
export const PayForSummary = Type.Object({
  orderId: Type.Integer(),
  status: OrderStatus,
  totalPrice: Type.Integer(),
  orderPrice: Type.String(),
  item: OrderItem,
  /** The requester's nickname, e.g. "学员张" (never a mobile). */
  requesterName: Type.String(),
  /** The caller is the order's owner (paying their own order through the link). */
  isOwner: Type.Boolean(),
  expiresAt: Type.String(),
});
export type PayForSummary = Static<typeof PayForSummary>;
