/**
 * Order upkeep (issue 4): what happens when the provider's notification never comes, refunds, and
 * money that arrived for an order that could not take it.
 *
 * - `reconcilePendingOrders`: pending orders with a prepay older than RECONCILE_AFTER_MS are looked
 *   up with `provider.queryOrder`. SUCCESS → fulfilled through `fulfilPayment`, the notify
 *   handler's own path (keyed by transaction id, so a notification arriving afterwards is a replay
 *   and changes nothing). Unpaid past expiry → closed at the provider, then here; if the provider
 *   answers ORDERPAID (paid a moment ago) it is queried again and fulfilled instead.
 * - Refunds live in refund-service.ts (decision 015): the row first, then the provider, ended
 *   by its answer, its REFUND.* notification or the finisher.
 * - `processNeedsRefund`: pays back the notifications fulfilPayment recorded as needs_refund, with a
 *   refund number derived from the transaction (needs_refund → refunding → refunded | refund_failed).
 * - `runOrderUpkeep`: the sweep timer's round — reconcile BEFORE closing expired orders, so an order
 *   that was paid but not notified is never closed; then pay back, then finish stuck refunds.
 *   jobs/order-upkeep.ts runs it every minute on one instance at a time.
 */
import type { Db } from '../../db/conn.ts';
import type { OrderRow } from '../../db/schema.ts';
import { PayProviderError, type PayOrderStatus, type PaymentProvider } from '../../adapters/pay/payment-provider.ts';
import { closeExpiredOrders, fulfilPayment, PaymentRejectedError, type FulfilOutcome } from './order-service.ts';
import { markClosed } from './order-repository.ts';
import { listNeedsRefund, listStalePendingWithPrepay } from './upkeep-repository.ts';
import { finishProcessingRefunds, refundExtraPayment } from './refund-service.ts';

export { refundNoOfOrder, refundNoOfTransaction } from './refund-service.ts';

/** A pending order with a prepay is asked about after this long without a notification. */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;

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

/** Pays back every needs_refund notification (one provider refund each, idempotent by number). Answers how many succeeded now. */
export async function processNeedsRefund(db: Db, provider: PaymentProvider, opts: { batch?: number; log?: Log; now?: number } = {}): Promise<number> {
  const log = opts.log ?? silent;
  let settled = 0;
  for (const n of await listNeedsRefund(db, opts.batch ?? 100)) {
    const refund = await refundExtraPayment(db, provider, n, opts.now ?? Date.now());
    if (refund?.status === 'success') settled += 1;
    else if (refund && refund.status !== 'processing') log.warn({ transactionId: n.transaction_id, err: refund.last_error }, 'needs_refund not refunded');
  }
  return settled;
}

/** One round of the sweep timer. Reconciles first, so a paid-but-unnotified order is never closed. */
export async function runOrderUpkeep(db: Db, provider: PaymentProvider, now: number, log: Log = silent): Promise<void> {
  await reconcilePendingOrders(db, provider, now, { log });
  await closeExpiredOrders(db, provider, now);
  await processNeedsRefund(db, provider, { log, now });
  await finishProcessingRefunds(db, provider, now, { log });
}
