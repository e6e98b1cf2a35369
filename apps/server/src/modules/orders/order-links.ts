/**
 * Two signed links of the order path (decision 013). Both are HMAC-SHA256 with the server's
 * TOKEN_SECRET, each over its own labelled message so one link can never pass as the other.
 *
 * - Auto-order (`POST /v1/orders/{courseId}/auto_order?timestamp&sign`): a link operations send
 *   out (made by `POST /v1/admin/orders/auto_order_link`, X-Ops-Token) that creates — or reuses —
 *   the holder's pending order for that one course in one step. `timestamp` is Unix seconds when
 *   the link was made; it works for 24 hours. A changed course id or timestamp, a foreign
 *   signature or a timestamp more than 5 minutes in the future answers -10100; an old link -10101.
 *   Every course rule still applies (the link signs the offer, not a price).
 * - 代付 (`POST /v1/orders/{orderId}/send_pay`): the owner of a pending order gets a link a friend
 *   (a colleague, the branch paying for training) opens to pay it. The token is the order id and a
 *   MAC over the id and the order's random number, so it cannot be made for another order; it
 *   works while the order is pending. The friend sees the item, price and the owner's nickname,
 *   pays from their own WeChat identity, and the OWNER gets the course (fulfilment is unchanged).
 *   The friend cannot cancel, refund or list the order.
 */
import crypto from 'node:crypto';
import { ErrorCodes, type AutoOrderLink, type PayScene, type PayForSummary, type PayParams, type SendPayResult } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import type { OrderRow, UserRow } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { hmacHex, safeEqual } from '../../lib/crypto.ts';
import type { PaymentProvider } from '../../adapters/pay/payment-provider.ts';
import { findCourseForKinds, findUserNickname, setOrderPayer } from './order-kinds-repository.ts';
import { findOrderById, markClosed } from './order-repository.ts';
import { ownPendingOrder, prepayOrder, presentOne } from './order-service.ts';

/** An auto-order link works this long after it was made. */
export const AUTO_ORDER_TTL_S = 24 * 60 * 60;
/** Clock skew allowed for a link made on another machine. */
const AUTO_ORDER_SKEW_S = 5 * 60;

export function signAutoOrder(secret: string, courseId: number, timestamp: number): string {
  return hmacHex(secret, `auto_order\n${courseId}\n${timestamp}`);
}

/** A signed link for one course, valid for AUTO_ORDER_TTL_S from `now`. */
export async function makeAutoOrderLink(db: Db, secret: string, courseId: number, now: number): Promise<AutoOrderLink> {
  if (!(await findCourseForKinds(db, courseId))) throw new NotFoundError('课程不存在');
  const timestamp = Math.floor(now / 1000);
  const sign = signAutoOrder(secret, courseId, timestamp);
  return {
    courseId,
    timestamp,
    sign,
    expiresAt: new Date((timestamp + AUTO_ORDER_TTL_S) * 1000).toISOString(),
    path: `/course/signup?courseId=${courseId}&timestamp=${timestamp}&sign=${sign}`,
  };
}

/** Throws -10100 for a link we did not sign as it is, -10101 for one older than 24 hours. */
export function verifyAutoOrder(secret: string, courseId: number, q: { timestamp: number; sign: string }, now: number): void {
  const expected = signAutoOrder(secret, courseId, q.timestamp);
  if (!safeEqual(q.sign.toLowerCase(), expected)) throw new AppError(ErrorCodes.AUTO_ORDER_LINK_INVALID);
  const nowS = Math.floor(now / 1000);
  if (q.timestamp > nowS + AUTO_ORDER_SKEW_S) throw new AppError(ErrorCodes.AUTO_ORDER_LINK_INVALID);
  if (nowS - q.timestamp > AUTO_ORDER_TTL_S) throw new AppError(ErrorCodes.AUTO_ORDER_LINK_EXPIRED);
}

function payForMac(secret: string, order: Pick<OrderRow, 'id' | 'order_no'>): string {
  return crypto.createHmac('sha256', secret).update(`send_pay\n${order.id}\n${order.order_no}`).digest('base64url');
}

/** `POST /v1/orders/{id}/send_pay`: the 代付 link of the caller's own pending order (the same link every time). */
export async function sendPay(db: Db, secret: string, user: UserRow, orderId: number, now: number): Promise<SendPayResult> {
  const order = await ownPendingOrder(db, user.id, orderId, now);
  const token = `${order.id}.${payForMac(secret, order)}`;
  return { orderId: order.id, token, path: `/order/payFor?token=${token}`, expiresAt: new Date(order.expires_at).toISOString() };
}

/** The order a 代付 token names, or -10102 (unknown order, wrong MAC). */
async function orderOfToken(db: Db, secret: string, token: string): Promise<OrderRow> {
  const [idText = '', mac = ''] = token.split('.');
  const id = Number(idText);
  const order = Number.isSafeInteger(id) && id > 0 ? await findOrderById(db, id) : undefined;
  if (!order || !safeEqual(mac, payForMac(secret, order))) throw new AppError(ErrorCodes.PAY_FOR_LINK_INVALID);
  return order;
}

/** A 代付 order that can still be paid; a lapsed one is closed on the way (-10061). */
async function pendingOfToken(db: Db, secret: string, token: string, now: number): Promise<OrderRow> {
  const order = await orderOfToken(db, secret, token);
  if (order.status !== 'pending') throw new AppError(ErrorCodes.ORDER_NOT_PENDING);
  if (order.expires_at <= now) {
    await markClosed(db, order.id, now);
    throw new AppError(ErrorCodes.ORDER_NOT_PENDING);
  }
  return order;
}

/** `GET /v1/orders/pay_for/{token}`: what the friend is asked to pay, and its state. */
export async function payForSummary(db: Db, secret: string, caller: UserRow, token: string): Promise<PayForSummary> {
  const row = await orderOfToken(db, secret, token);
  const order = await presentOne(db, row);
  const nickname = (await findUserNickname(db, row.user_id)) ?? '学员';
  return {
    orderId: row.id,
    status: row.status,
    totalPrice: row.amount_fen,
    orderPrice: order.orderPrice,
    item: order.item ?? { targetId: row.target_id, title: row.description, cover: '', kindLabel: '订单', typeLabel: '普通' },
    requesterName: nickname,
    isOwner: row.user_id === caller.id,
    expiresAt: order.expiresAt,
  };
}

/** `POST /v1/orders/pay_for/{token}/order_web_wxpay`: pay parameters from the friend's own identity. */
export async function payForParams(
  db: Db,
  provider: PaymentProvider,
  secret: string,
  caller: UserRow,
  token: string,
  opts: { wechatAppId: string; clientIp: string; now: number; scene?: PayScene },
): Promise<PayParams> {
  const order = await pendingOfToken(db, secret, token, opts.now);
  if (order.user_id !== caller.id) await setOrderPayer(db, order.id, caller.id);
  return prepayOrder(db, provider, order, caller.id, opts);
}

/** The 代付 order the sandbox cashier charges (`/pay_for/{token}/sandbox_pay`). */
export async function payForSandboxOrder(db: Db, secret: string, caller: UserRow, token: string, now: number): Promise<OrderRow> {
  const order = await pendingOfToken(db, secret, token, now);
  if (order.user_id !== caller.id) await setOrderPayer(db, order.id, caller.id);
  return order;
}
