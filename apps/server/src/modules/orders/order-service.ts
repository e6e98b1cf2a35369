/**
 * Orders and exactly-once fulfilment (issue 4, spec §7.4). Money is integer fen throughout.
 *
 * - Creating: one PENDING order per user, kind and target (a partial unique index); a double tap
 *   or 50 concurrent taps answer the same order.
 * - Paying: the configured provider turns a pending order into pay parameters.
 * - Fulfilment (`fulfilPayment`): ONE transaction records the notification by transaction id
 *   (a replay finds it and changes nothing), moves pending → paid with a conditional update and
 *   lets the order's kind write its grants (kinds/registry.ts, decision 025). So paid ⇔ exactly
 *   one entitlement, however many notifications arrive and in whatever order.
 * - Money for an order that is no longer pending (closed by timeout or cancel, or paid by another
 *   transaction) is recorded with outcome `needs_refund` and NOT fulfilled: the learner cancelled
 *   or let it lapse, so the money goes back.
 *   `processNeedsRefund` (reconcile-service.ts) pays them back from the sweep timer.
 * - Closing: cancel (owner) and the timeout sweep (`closeExpiredOrders`) move pending → closed.
 */
import crypto from 'node:crypto';
import { AuditResult, ErrorCodes, type Order, type OrderPage, type OrderProgress, type PayParams, type PayScene, type ProfileCheck } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import type { OrderRow, UserRow } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { findCardsByIds, withStatics, type CourseRowCard } from '../courses/course-card-repository.ts';
import { readListCount } from '../learning/list-count-repository.ts';
import { toCourseCard, yuan } from '../courses/course-card.ts';
import { findUserCourse } from '../access/access-repository.ts';
import { auditResultOf } from '../users/profile-service.ts';
import { orderKinds, type OrderDraft, type OrderKind } from './kinds/registry.ts';
import { orderItems } from './order-items.ts';
import { refundStatesOfOrders } from './refund-repository.ts';
import { PayProviderError, type PayNotification, type PaymentProvider } from '../../adapters/pay/payment-provider.ts';
import {
  findCourseForOrder,
  findLatestCourseOrder,
  findOrderById,
  findOrderByNo,
  findOpenidOfUser,
  findPendingOrder,
  insertPayNotification,
  findOrderWithOwnerOpenid,
  insertPendingOrderRow,
  listExpiredPending,
  listOrdersOfUser,
  markClosed,
  markPaid,
  setNotificationOutcome,
  setPrepayId,
  type NewPendingOrder,
} from './order-repository.ts';

/** Unpaid orders close after this; the provider is told the same expiry at prepay. */
export const ORDER_TTL_MS = 30 * 60 * 1000;
/** Spec §9: a profile submitted for review gives a temporary right for 12 hours. */
export const PROFILE_REVIEW_WINDOW_MS = 12 * 60 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** 32 hex characters: random, unguessable, within WeChat's out_trade_no alphabet and length. */
export function newOrderNo(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** A notification that is signed but wrong for our order (unknown order, wrong amount). Nothing changes. */
export class PaymentRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentRejectedError';
  }
}

/**
 * The purchase gate for a course that needs a verified profile (spec §4, §8), from the same
 * audit result `/users/me/audit_status` answers:
 * passed → buy; failed or never submitted → 262148 (resubmit in /userCenter/myInfo);
 * first submission under review → buy within 12 hours of submitting (the temporary right of
 * 262146), 262149 after; a re-application under review → 262147 (enrol after approval).
 */
export function assertProfileAllowsPurchase(user: UserRow, now: number): void {
  const { result } = auditResultOf(user);
  if (result === AuditResult.OK) return;
  if (result === AuditResult.FIRST_AUDIT) {
    if (user.audit_submitted_at !== null && now - user.audit_submitted_at <= PROFILE_REVIEW_WINDOW_MS) return;
    throw new AppError(ErrorCodes.AUDIT_EXPIRED_ORDER);
  }
  if (result === AuditResult.NOT_FIRST_APPLIED) throw new AppError(ErrorCodes.AUDIT_PENDING);
  throw new AppError(ErrorCodes.AUDIT_FAILED);
}

export function profileCheck(user: UserRow): ProfileCheck {
  const { result } = auditResultOf(user);
  const complete = Boolean(user.mobile) && user.name.trim() !== '' && user.email.trim() !== '' && user.audit_status !== 2;
  return { auditCode: result, complete };
}

/** `courseRows`: the course rows of the cards, when the caller read them already (the checkout). */
export async function present(db: Db, rows: OrderRow[], courseRows?: readonly CourseRowCard[]): Promise<Order[]> {
  const ids = rows.flatMap((r) => (r.course_id === null ? [] : [r.course_id]));
  const known = courseRows && ids.every((id) => courseRows.some((c) => c.id === id));
  // The cards and the refund states are read together (one round trip less on a page of orders).
  // Refund rows exist only for orders that were paid: a pending order (a fresh checkout) needs no read.
  const [cardRows, refunds] = await Promise.all([
    known ? withStatics(db, courseRows) : findCardsByIds(db, ids),
    refundStatesOfOrders(db, rows.filter((r) => r.status !== 'pending').map((r) => r.id)),
  ]);
  const cards = new Map(cardRows.map((c) => [c.id, c]));
  const items = await orderItems(db, rows, cards);
  return rows.map((r) => {
    const card = r.course_id === null ? undefined : cards.get(r.course_id);
    return {
      orderId: r.id,
      orderNo: r.order_no,
      type: r.type,
      kind: r.kind,
      status: r.status,
      totalPrice: r.amount_fen,
      orderPrice: yuan(r.amount_fen),
      course: card ? toCourseCard(card) : null,
      item: items.get(r.id),
      createdAt: iso(r.created_at),
      paidAt: r.paid_at === null ? null : iso(r.paid_at),
      expiresAt: iso(r.expires_at),
      refundStatus: refunds.get(r.id) ?? null,
    };
  });
}

export async function presentOne(db: Db, row: OrderRow, courseRows?: readonly CourseRowCard[]): Promise<Order> {
  return (await present(db, [row], courseRows))[0] as Order;
}

type PlaceOpts = { provider: string; now: number };
type Placed = { order: Order; created: boolean };

/** The pending order row of `draft` for `userId`: what every kind's checkout inserts. */
export function pendingOrderRow(userId: number, draft: OrderDraft, opts: { provider: string; now: number; expiresAt?: number }): NewPendingOrder {
  const { now } = opts;
  return {
    order_no: newOrderNo(),
    user_id: userId,
    type: draft.type,
    kind: draft.kind,
    target_id: draft.targetId,
    course_id: draft.courseId,
    chapter_id: draft.chapterId,
    column_id: draft.columnId,
    amount_fen: draft.amountFen,
    status: 'pending',
    provider: opts.provider,
    description: draft.description,
    prepay_id: null,
    transaction_id: null,
    created_at: now,
    paid_at: null,
    expires_at: opts.expiresAt ?? now + ORDER_TTL_MS,
    closed_at: null,
    payer_id: null,
  };
}

/**
 * The caller's pending order for `draft`, made or reused: one pending order per user, kind and
 * target (the partial unique index), so double taps and concurrent taps share one order.
 */
export async function placeOrder(
  db: Db,
  userId: number,
  draft: OrderDraft,
  opts: { provider: string; now: number },
): Promise<{ order: Order; created: boolean }> {
  const { now } = opts;
  const known = draft.courseRow ? [draft.courseRow] : undefined;
  const fresh = () => pendingOrderRow(userId, draft, opts);
  // The common case is one statement: the insert takes the free pending slot and answers the row.
  const inserted = await insertPendingOrderRow(db, fresh());
  if (inserted) return { order: await presentOne(db, inserted, known), created: true };
  // The slot is taken: a double tap (or a concurrent one) answers that order …
  const existing = await findPendingOrder(db, userId, draft.kind, draft.targetId);
  if (existing && existing.expires_at > now) return { order: await presentOne(db, existing, known), created: false };
  // … unless it lapsed and was not swept yet: close it so a fresh one can take the slot.
  if (existing) await markClosed(db, existing.id, now);
  const again = await insertPendingOrderRow(db, fresh());
  if (again) return { order: await presentOne(db, again, known), created: true };
  // Lost the race to a concurrent tap: theirs is the order.
  const row = await findPendingOrder(db, userId, draft.kind, draft.targetId);
  if (!row) throw new AppError(ErrorCodes.ORDER_NOT_PENDING);
  return { order: await presentOne(db, row, known), created: false };
}

/**
 * The checkout of every kind (`POST /v1{kind.checkoutPath}`, order-kind-routes.ts): the kind's
 * draft — its rules and price, throwing the rule's code — then the one `placeOrder`.
 */
export async function placeKindOrder(db: Db, user: UserRow, kind: OrderKind, targetId: number, opts: PlaceOpts): Promise<Placed> {
  if (!kind.draft) throw new Error(`order kind ${kind.name} has no draft`);
  return placeOrder(db, user.id, await kind.draft(db, user, targetId, opts.now), opts);
}

/** The caller's own order, or not found (another user's order is indistinguishable from none). */
export async function ownOrder(db: Db, userId: number, orderId: number): Promise<OrderRow> {
  const order = await findOrderById(db, orderId);
  if (!order || order.user_id !== userId) throw new NotFoundError('订单不存在');
  return order;
}

export async function ownPendingOrder(db: Db, userId: number, orderId: number, now: number): Promise<OrderRow> {
  return assertOwnPending(db, userId, await findOrderById(db, orderId), now);
}

async function assertOwnPending(db: Db, userId: number, order: OrderRow | undefined, now: number): Promise<OrderRow> {
  if (!order || order.user_id !== userId) throw new NotFoundError('订单不存在');
  if (order.status !== 'pending') throw new AppError(ErrorCodes.ORDER_NOT_PENDING);
  if (order.expires_at <= now) {
    await markClosed(db, order.id, now);
    throw new AppError(ErrorCodes.ORDER_NOT_PENDING);
  }
  return order;
}

/** `POST /v1/orders/{id}/order_web_wxpay`: pay parameters for the caller's pending order. */
export async function payParams(
  db: Db,
  provider: PaymentProvider,
  user: UserRow,
  orderId: number,
  opts: { wechatAppId: string; clientIp: string; now: number; scene?: PayScene },
): Promise<PayParams> {
  // The order and its owner's openid in one read (the checkout budget).
  const found = await findOrderWithOwnerOpenid(db, orderId, opts.wechatAppId);
  const order = await assertOwnPending(db, user.id, found?.order, opts.now);
  return prepayOrder(db, provider, order, user.id, { ...opts, payerOpenid: found?.openid ?? null });
}

/** Pay parameters for a pending order, paid from `payerId`'s WeChat identity (the owner, or a 代付 friend). */
export async function prepayOrder(
  db: Db,
  provider: PaymentProvider,
  order: OrderRow,
  payerId: number,
  opts: { wechatAppId: string; clientIp: string; scene?: PayScene; payerOpenid?: string | null },
): Promise<PayParams> {
  // Already read with the order (payParams), or looked up for the payer (a 代付 friend).
  const openid = opts.payerOpenid !== undefined ? (opts.payerOpenid ?? undefined) : await findOpenidOfUser(db, payerId, opts.wechatAppId);
  const scene = opts.scene ?? 'jsapi';
  let result;
  try {
    result = await provider.prepay({
      orderNo: order.order_no,
      description: order.description || '金法课堂课程',
      amountFen: order.amount_fen,
      // jsapi inside WeChat; h5 (a mobile browser) and native (a QR code) outside it. The sandbox ignores it.
      scene,
      openid,
      clientIp: opts.clientIp,
      expiresAt: new Date(order.expires_at),
    });
  } catch (err) {
    if (err instanceof PayProviderError) {
      if (err.code === 'ORDERPAID' || err.code === 'ORDER_CLOSED') throw new AppError(ErrorCodes.ORDER_NOT_PENDING);
      throw new AppError(ErrorCodes.PAY_UNAVAILABLE);
    }
    throw err;
  }
  // H5 and Native have no prepay id: the order is marked prepaid all the same, so reconciliation asks about it.
  await setPrepayId(db, order.id, result.prepayId || `${result.scene}:${order.order_no}`);
  if (result.h5Url || result.codeUrl) {
    return { provider: provider.name, scene: result.scene, timestamp: '', nonceStr: '', prepayId: '', signType: '', sign: '', h5Url: result.h5Url, codeUrl: result.codeUrl };
  }
  const b = result.bridge;
  if (!b) throw new AppError(ErrorCodes.PAY_UNAVAILABLE);
  return {
    provider: provider.name,
    timestamp: b.timeStamp,
    nonceStr: b.nonceStr,
    prepayId: result.prepayId,
    signType: b.signType,
    sign: b.paySign,
    package: b.package,
    appId: b.appId,
  };
}

/** `DELETE /v1/orders/{id}`: the caller cancels their own pending order. */
export async function cancelOrder(db: Db, provider: PaymentProvider, userId: number, orderId: number, now: number): Promise<Order> {
  const order = await ownOrder(db, userId, orderId);
  if (order.status !== 'pending') throw new AppError(ErrorCodes.ORDER_NOT_PENDING);
  // Ask the provider first: if the learner paid a moment ago, the order must not close under the money.
  await closeAtProvider(provider, order.order_no, () => {
    throw new AppError(ErrorCodes.ORDER_NOT_PENDING);
  });
  if (!(await markClosed(db, order.id, now))) throw new AppError(ErrorCodes.ORDER_NOT_PENDING);
  return presentOne(db, (await findOrderById(db, order.id)) as OrderRow);
}

/** Closes at the provider; `onPaid` decides what a paid order means; other failures do not block (money arriving later is recorded as needs_refund). */
async function closeAtProvider(provider: PaymentProvider, orderNo: string, onPaid: () => void): Promise<void> {
  try {
    await provider.closeOrder(orderNo);
  } catch (err) {
    if (err instanceof PayProviderError && err.code === 'ORDERPAID') onPaid();
  }
}

/**
 * The timeout sweep: pending orders past expiry become closed. Runs from the app's timer and from
 * tests. An order the provider reports paid is left pending for its notification (or
 * reconciliation) to fulfil. Answers how many it closed.
 */
export async function closeExpiredOrders(db: Db, provider: PaymentProvider, now: number, batch = 100): Promise<number> {
  let closed = 0;
  for (const order of await listExpiredPending(db, now, batch)) {
    let paid = false;
    await closeAtProvider(provider, order.order_no, () => {
      paid = true;
    });
    // The sweep runs reconcilePendingOrders (reconcile-service.ts) first: paid-but-unnotified orders are fulfilled there.
    if (!paid && (await markClosed(db, order.id, now))) closed += 1;
  }
  return closed;
}

export type FulfilOutcome = 'fulfilled' | 'replay' | 'needs_refund' | 'ignored';

/**
 * The one fulfilment path for every provider (module comment). Throws PaymentRejectedError for
 * an unknown order or a wrong amount — the transaction rolls back and nothing is recorded.
 */
export async function fulfilPayment(db: Db, providerName: string, n: PayNotification, now: number): Promise<FulfilOutcome> {
  if (n.tradeState !== 'SUCCESS') return 'ignored';
  return db.transaction().execute(async (trx) => {
    const order = await findOrderByNo(trx, n.orderNo);
    if (!order || order.provider !== providerName) throw new PaymentRejectedError(`unknown order ${n.orderNo}`);
    if (n.amountFen !== order.amount_fen) throw new PaymentRejectedError(`amount ${n.amountFen} != order ${order.amount_fen}`);
    const fresh = await insertPayNotification(trx, {
      provider: providerName,
      transactionId: n.transactionId,
      orderNo: n.orderNo,
      eventId: n.eventId,
      amountFen: n.amountFen,
      outcome: 'fulfilled',
      now,
    });
    if (!fresh) return 'replay';
    // Resolved before anything moves: an order no kind claims throws, and the notification is not recorded.
    const kind = orderKinds.resolve(order);
    const paidAt = n.paidAt ? n.paidAt.getTime() : now;
    if (await markPaid(trx, order.id, n.transactionId, paidAt)) {
      // Only the caller whose pending → paid won: each paid order is fulfilled once.
      await kind.fulfil(trx, order, now);
      return 'fulfilled';
    }
    await setNotificationOutcome(trx, n.transactionId, 'needs_refund');
    return 'needs_refund';
  });
}

/** `POST /v1/orders/{id}/sandbox_pay`: the caller's pending order, for the sandbox cashier to charge. */
export async function orderForSandboxPay(db: Db, userId: number, orderId: number, now: number): Promise<OrderRow> {
  return ownPendingOrder(db, userId, orderId, now);
}

export async function reloadOrder(db: Db, orderId: number): Promise<Order> {
  const row = await findOrderById(db, orderId);
  if (!row) throw new NotFoundError('订单不存在');
  return presentOne(db, row);
}

export async function orderPage(db: Db, userId: number, q: { type: number; pageIndex: number; pageSize: number }): Promise<OrderPage> {
  const offset = (q.pageIndex - 1) * q.pageSize;
  // The total is the learner's trigger-kept counter (migration 025), not a count of their orders.
  const list = q.type === 0 ? 'orders' : (`orders:${q.type}` as const);
  const [rows, total] = await Promise.all([listOrdersOfUser(db, userId, q.type, offset, q.pageSize), readListCount(db, userId, list)]);
  return { rows: await present(db, rows), total };
}

/**
 * `GET /v1/courses/{id}/check_order_progress`. `owned` is the grant the paid order writes, read
 * through the access module (a membership that opens the course is no order progress).
 */
export async function orderProgress(db: Db, userId: number, courseId: number): Promise<OrderProgress> {
  const course = await findCourseForOrder(db, courseId);
  if (!course) throw new NotFoundError('课程不存在');
  const [order, owned] = await Promise.all([findLatestCourseOrder(db, userId, courseId), findUserCourse(db, userId, courseId)]);
  return { orderId: order?.id ?? null, status: order?.status ?? null, paid: order?.status === 'paid', owned: owned !== undefined };
}

/** `GET /v1/courses/{id}/simple_order`: the course's tracking id (spec §3) and the caller's latest order. */
export async function simpleOrder(db: Db, userId: number, courseId: number): Promise<{ trackingId: string; orderId: number | null }> {
  const course = await findCourseForOrder(db, courseId);
  if (!course) throw new NotFoundError('课程不存在');
  const order = await findLatestCourseOrder(db, userId, courseId);
  return { trackingId: `course-${courseId}`, orderId: order?.id ?? null };
}
