/**
 * Order upkeep (issue 4): what happens when the provider's notification never comes, refunds, and
 * money that arrived for an order that could not take it.
 *
 * - `reconcilePendingOrders`: pending orders with a prepay older than RECONCILE_AFTER_MS are looked
 *   up with `provider.queryOrder`. SUCCESS → fulfilled through `fulfilPayment`, the notify
 *   handler's own path (keyed by transaction id, so a notification arriving afterwards is a replay
 *   and changes nothing). Unpaid past expiry → closed at the provider, then here; if the provider
 *   answers ORDERPAID (paid a moment ago) it is queried again and fulfilled instead.
 * - `refundOrder` (operator): refunds a PAID order with a refund number derived from the order
 *   (retries reuse it, so the provider refunds once), then ONE transaction moves paid → refunded
 *   and deletes the 'order' grant. A second or concurrent call answers the same result.
 * - `processNeedsRefund`: pays back the notifications fulfilPayment recorded as needs_refund, with a
 *   refund number derived from the transaction, and marks them refunded.
 * - `runOrderUpkeep`: the sweep timer's round — reconcile BEFORE closing expired orders, so an order
 *   that was paid but not notified is never closed.
 */
import { ErrorCodes, type RefundOrderResult } from '@jinfa/shared';
import type { Db } from '../users/user-repository.ts';
import type { OrderRow } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { PayProviderError, type PayOrderStatus, type PaymentProvider } from '../../adapters/pay/payment-provider.ts';
import { closeExpiredOrders, fulfilPayment, PaymentRejectedError, type FulfilOutcome } from './order-service.ts';
import { findOrderById, markClosed } from './order-repository.ts';
import { listNeedsRefund, listStalePendingWithPrepay, markRefunded, settleNeedsRefund } from './upkeep-repository.ts';
import { revokeOrder } from './fulfilment.ts';

/** A pending order with a prepay is asked about after this long without a notification. */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;

/** Our refund number for an order: derived, so every retry asks for the same refund. ≤ 64 chars. */
export function refundNoOfOrder(orderNo: string): string {
  return `R${orderNo}`.slice(0, 64);
}

/** Our refund number for money that came in for an order that could not take it (per transaction). */
export function refundNoOfTransaction(transactionId: string): string {
  return `N${transactionId}`.slice(0, 64);
}

type Log = { warn: (obj: object, msg: string) => void };
const silent: Log = { warn: () => undefined };

export interface ReconcileReport {
  fulfilled: number;
  closed: number;
}

/** Fulfils from a query answer through the notify handler's path. */
async function fulfilFromQuery(db: Db, provider: PaymentProvider, order: OrderRow, status: PayOrderStatus, now: number): Promise<FulfilOutcome> {
  if (!status.transactionId || status.amountFen === undefined) throw new PayProviderError('protocol', 'paid order without transaction or amount');
  return fulfilPayment(
    db,
    provider.name,
    {
      eventId: `query:${status.transactionId}`,
      orderNo: order.order_no,
      transactionId: status.transactionId,
      tradeState: 'SUCCESS',
      amountFen: status.amountFen,
      paidAt: status.paidAt ?? null,
    },
    now,
  );
}

export async function reconcilePendingOrders(
  db: Db,
  provider: PaymentProvider,
  now: number,
  opts: { olderThanMs?: number; batch?: number; log?: Log } = {},
): Promise<ReconcileReport> {
  const log = opts.log ?? silent;
  const report: ReconcileReport = { fulfilled: 0, closed: 0 };
  for (const order of await listStalePendingWithPrepay(db, now - (opts.olderThanMs ?? RECONCILE_AFTER_MS), opts.batch ?? 100)) {
    try {
      const status = await provider.queryOrder(order.order_no);
      if (status.tradeState === 'SUCCESS') {
        if ((await fulfilFromQuery(db, provider, order, status, now)) === 'fulfilled') report.fulfilled += 1;
        continue;
      }
      if (order.expires_at > now || status.tradeState === 'USERPAYING') continue;
      try {
        await provider.closeOrder(order.order_no);
      } catch (err) {
        if (!(err instanceof PayProviderError && err.code === 'ORDERPAID')) throw err;
        // Paid between the query and the close: fulfil, never close under the money.
        const again = await provider.queryOrder(order.order_no);
        if (again.tradeState === 'SUCCESS' && (await fulfilFromQuery(db, provider, order, again, now)) === 'fulfilled') report.fulfilled += 1;
        continue;
      }
      if (await markClosed(db, order.id, now)) report.closed += 1;
    } catch (err) {
      // One order's trouble (provider down, a wrong amount) must not stop the others; the next round retries.
      if (!(err instanceof PayProviderError || err instanceof PaymentRejectedError)) throw err;
      log.warn({ orderNo: order.order_no, err: err.message }, 'order reconciliation skipped');
    }
  }
  return report;
}

/** `POST /v1/orders/{id}/refund` (operator): refund a paid order and revoke its course, once. */
export async function refundOrder(db: Db, provider: PaymentProvider, orderId: number, reason: string | undefined): Promise<RefundOrderResult> {
  const order = await findOrderById(db, orderId);
  if (!order) throw new NotFoundError('订单不存在');
  const refundNo = refundNoOfOrder(order.order_no);
  if (order.status === 'refunded') return { orderId: order.id, status: 'refunded', refundNo };
  if (order.status !== 'paid') throw new AppError(ErrorCodes.ORDER_NOT_PAID);
  let result;
  try {
    result = await provider.refund({ orderNo: order.order_no, refundNo, amountFen: order.amount_fen, totalFen: order.amount_fen, reason });
  } catch (err) {
    if (err instanceof PayProviderError) throw new AppError(ErrorCodes.PAY_UNAVAILABLE);
    throw err;
  }
  if (result.status !== 'SUCCESS' && result.status !== 'PROCESSING') throw new AppError(ErrorCodes.PAY_UNAVAILABLE);
  await revokeRefundedOrder(db, order);
  return { orderId: order.id, status: 'refunded', refundNo };
}

/** ONE transaction: paid → refunded (conditional) and, for the one caller that moved it, the grant goes. */
async function revokeRefundedOrder(db: Db, order: OrderRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await markRefunded(trx, order.id)) await revokeOrder(trx, order, Date.now());
  });
}

/** Pays back every needs_refund notification (one provider refund each, idempotent by number). Answers how many it settled. */
export async function processNeedsRefund(db: Db, provider: PaymentProvider, opts: { batch?: number; log?: Log } = {}): Promise<number> {
  const log = opts.log ?? silent;
  let settled = 0;
  for (const n of await listNeedsRefund(db, opts.batch ?? 100)) {
    try {
      await provider.refund({
        orderNo: n.order_no,
        refundNo: refundNoOfTransaction(n.transaction_id),
        amountFen: n.amount_fen,
        totalFen: n.order_amount_fen ?? n.amount_fen,
        reason: '订单已关闭或重复支付，原路退回',
      });
      if (await settleNeedsRefund(db, n.transaction_id, 'refunded')) settled += 1;
    } catch (err) {
      if (!(err instanceof PayProviderError)) throw err;
      log.warn({ transactionId: n.transaction_id, err: err.message }, 'needs_refund not refunded');
      // The provider refused for good: leave it for an operator instead of asking forever.
      if (!err.retryable) await settleNeedsRefund(db, n.transaction_id, 'refund_failed');
    }
  }
  return settled;
}

/** One round of the sweep timer. Reconciles first, so a paid-but-unnotified order is never closed. */
export async function runOrderUpkeep(db: Db, provider: PaymentProvider, now: number, log: Log = silent): Promise<void> {
  await reconcilePendingOrders(db, provider, now, { log });
  await closeExpiredOrders(db, provider, now);
  await processNeedsRefund(db, provider, { log });
}
