/**
 * Refunds, done so that a crash at any step loses nothing (decision 015).
 *
 * 1. The refund row is written FIRST (status processing) with our refund number, which the
 *    provider treats as an idempotency key: asking again never refunds twice.
 * 2. Then the provider is asked. SUCCESS ends the refund at once; PROCESSING (WeChat's usual
 *    answer) leaves it processing until the REFUND.* notification (`applyRefundNotification`) or
 *    the finisher's query (`finishProcessingRefunds`, from the upkeep sweep) ends it; CLOSED →
 *    failed, ABNORMAL → abnormal; a definitive refusal → failed; a network failure leaves it
 *    processing for the finisher.
 * 3. Ending is ONE transaction: processing → success (conditional) and, for the one caller that
 *    moved it, the order's paid → refunded with its grant revoked (its kind's `refund`), or the
 *    needs_refund notification's refunding → refunded.
 *
 * While a refund is processing the order stays `paid` and the learner keeps the course: access goes
 * when the money has actually gone back, never before (a refund that fails must not leave a
 * learner who paid without the course).
 */
import { ErrorCodes, type AdminRefund, type AdminRefundPage, type OrderRefund } from '@jinfa/shared';
import type { Conn, Db } from '../../db/conn.ts';
import type { OrderRow, RefundRow, RefundStatusValue } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { yuan } from '../courses/course-card.ts';
import { PayProviderError, type PaymentProvider, type RefundNotification, type RefundResult } from '../../adapters/pay/payment-provider.ts';
import { findOrderById } from './order-repository.ts';
import { beginNeedsRefund, markRefunded, settleNeedsRefund } from './upkeep-repository.ts';
import { orderKinds } from './kinds/registry.ts';
import { endRefund, findRefundByNo, insertRefund, listRefunds, listStaleProcessingRefunds, reopenFailedRefund, touchRefund } from './refund-repository.ts';

/** A processing refund is asked about again after this long without news. */
export const REFUND_FINISH_AFTER_MS = 60 * 1000;

/** Our refund number for a whole order: derived, so every retry asks for the same refund. ≤ 64 chars. */
export function refundNoOfOrder(orderNo: string): string {
  return `R${orderNo}`.slice(0, 64);
}

/** Our refund number for money that came in for an order that could not take it (per transaction). */
export function refundNoOfTransaction(transactionId: string): string {
  return `N${transactionId}`.slice(0, 64);
}

/** Why money goes back. Kinds with their own reason (group buying) add theirs. */
export type RefundSource = 'operator' | 'needs_refund' | 'group_failed' | (string & {});

type Log = { warn: (obj: object, msg: string) => void };
const silent: Log = { warn: () => undefined };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A refund's provider answer applied to our row, once. Answers the row as it now stands. */
export async function applyRefundState(db: Db, refundNo: string, answer: Pick<RefundResult, 'status' | 'refundId'>, now: number): Promise<RefundRow> {
  if (answer.status === 'PROCESSING') {
    await touchRefund(db, refundNo, { providerRefundId: answer.refundId, lastError: null, now });
  } else if (answer.status === 'SUCCESS') {
    await db.transaction().execute(async (trx) => {
      if (!(await endRefund(trx, refundNo, 'success', { providerRefundId: answer.refundId, lastError: null, now }))) return;
      const refund = (await findRefundByNo(trx, refundNo)) as RefundRow;
      if (refund.source === 'needs_refund') {
        if (refund.transaction_id) await settleNeedsRefund(trx, refund.transaction_id, 'refunded');
        return;
      }
      const order = await findOrderById(trx, refund.order_id);
      if (!order) return;
      // Resolved before the order moves: an order no kind claims throws and the refund stays processing.
      const kind = orderKinds.resolve(order);
      // Only the caller whose paid → refunded won revokes: each refund takes back once.
      if (await markRefunded(trx, order.id)) await kind.refund(trx, order, now);
    });
  } else {
    const status = answer.status === 'ABNORMAL' ? 'abnormal' : 'failed';
    await endFailed(db, refundNo, status, `provider answered ${answer.status}`, answer.refundId, now);
  }
  return (await findRefundByNo(db, refundNo)) as RefundRow;
}

async function endFailed(db: Db, refundNo: string, status: 'failed' | 'abnormal', lastError: string, providerRefundId: string | null, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await endRefund(trx, refundNo, status, { providerRefundId, lastError: lastError.slice(0, 500), now }))) return;
    const refund = (await findRefundByNo(trx, refundNo)) as RefundRow;
    if (refund.source === 'needs_refund' && refund.transaction_id) await settleNeedsRefund(trx, refund.transaction_id, 'refund_failed');
  });
}

/**
 * Asks the provider for a processing refund (idempotent by its number) and applies the answer.
 * A retryable failure (network, timeout, 5xx) leaves it processing for the finisher; a refusal
 * ends it failed. Answers the row as it now stands.
 */
export async function driveRefund(db: Db, provider: PaymentProvider, refund: RefundRow, now: number): Promise<RefundRow> {
  let answer: RefundResult;
  try {
    answer = await provider.refund({
      orderNo: refund.order_no,
      refundNo: refund.refund_no,
      amountFen: refund.amount_fen,
      totalFen: refund.total_fen,
      reason: refund.reason || undefined,
    });
  } catch (err) {
    if (!(err instanceof PayProviderError)) throw err;
    if (err.retryable) await touchRefund(db, refund.refund_no, { lastError: err.message.slice(0, 500), now });
    else await endFailed(db, refund.refund_no, 'failed', err.message, null, now);
    return (await findRefundByNo(db, refund.refund_no)) as RefundRow;
  }
  return applyRefundState(db, refund.refund_no, answer, now);
}

/**
 * Refunds a whole paid order (the operator's call; a failed group uses it too): the refund row
 * first, then the provider. Any number of calls, concurrent or later, ask for the one refund
 * `refundNoOfOrder` names. A failed refund is tried again; an abnormal one waits for an operator
 * at the provider's merchant platform.
 */
export async function refundWholeOrder(
  db: Db,
  provider: PaymentProvider,
  order: OrderRow,
  opts: { source: RefundSource; reason?: string; amountFen?: number; now: number },
): Promise<RefundRow> {
  const row = await openOrderRefund(db, order, opts);
  const refundNo = row.refund_no;
  if (row.status === 'success' || row.status === 'abnormal') return row;
  if (row.status === 'failed' && !(await reopenFailedRefund(db, refundNo, opts.now))) return (await findRefundByNo(db, refundNo)) as RefundRow;
  return driveRefund(db, provider, row, opts.now);
}

/**
 * The order's refund row, written now (status processing) unless it exists: step 1 of
 * `refundWholeOrder`, for a caller that writes it in its own transaction (the console's approval)
 * and then calls `refundWholeOrder`, which finds it and asks the provider. `amountFen` refunds
 * less than was paid (the console's partial refund); the order still ends refunded.
 */
export async function openOrderRefund(db: Conn, order: OrderRow, opts: { source: RefundSource; reason?: string; amountFen?: number; now: number }): Promise<RefundRow> {
  const refundNo = refundNoOfOrder(order.order_no);
  const found = await findRefundByNo(db, refundNo);
  if (found) return found;
  if (order.status !== 'paid') throw new AppError(ErrorCodes.ORDER_NOT_PAID);
  const amountFen = opts.amountFen ?? order.amount_fen;
  if (!Number.isSafeInteger(amountFen) || amountFen < 1 || amountFen > order.amount_fen) throw new AppError(ErrorCodes.VALIDATION, '退款金额不能超过实付金额');
  const { row } = await insertRefund(db, {
    refund_no: refundNo,
    order_id: order.id,
    order_no: order.order_no,
    transaction_id: null,
    amount_fen: amountFen,
    total_fen: order.amount_fen,
    reason: (opts.reason ?? '').slice(0, 80),
    status: 'processing',
    source: opts.source,
    provider: order.provider,
    provider_refund_id: null,
    last_error: null,
    created_at: opts.now,
    updated_at: opts.now,
    finished_at: null,
  });
  return row;
}

/** `POST /v1/orders/{id}/refund` (operator). A refusal by the provider answers -10062; the row stays failed for the list. */
export async function operatorRefund(db: Db, provider: PaymentProvider, orderId: number, reason: string | undefined, now: number): Promise<OrderRefund> {
  const order = await findOrderById(db, orderId);
  if (!order) throw new NotFoundError('订单不存在');
  const refund = await refundWholeOrder(db, provider, order, { source: 'operator', reason, now });
  if (refund.status === 'failed') throw new AppError(ErrorCodes.PAY_UNAVAILABLE, `退款失败：${refund.last_error ?? '支付渠道拒绝'}`);
  const after = (await findOrderById(db, orderId)) as OrderRow;
  return { orderId, status: after.status, refundNo: refund.refund_no, refundStatus: refund.status, amountFen: refund.amount_fen };
}

/**
 * Pays back one needs_refund notification: the caller that moves it needs_refund → refunding
 * writes the refund row in the same transaction, then asks the provider. Answers the row, or
 * null when another caller took it.
 */
export async function refundExtraPayment(
  db: Db,
  provider: PaymentProvider,
  n: { transaction_id: string; provider: string; order_id: number | null; order_no: string; amount_fen: number; order_amount_fen: number | null },
  now: number,
): Promise<RefundRow | null> {
  if (n.order_id === null) return null;
  const orderId = n.order_id;
  const row = await db.transaction().execute(async (trx) => {
    if (!(await beginNeedsRefund(trx, n.transaction_id))) return null;
    return (
      await insertRefund(trx, {
        refund_no: refundNoOfTransaction(n.transaction_id),
        order_id: orderId,
        order_no: n.order_no,
        transaction_id: n.transaction_id,
        amount_fen: n.amount_fen,
        total_fen: n.order_amount_fen ?? n.amount_fen,
        reason: '订单已关闭或重复支付，原路退回',
        status: 'processing',
        source: 'needs_refund',
        provider: n.provider,
        provider_refund_id: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
    ).row;
  });
  return row ? driveRefund(db, provider, row, now) : null;
}

/**
 * A REFUND.* notification (verified by the provider adapter). An unknown refund number is not
 * ours to act on (a refund made by hand at the merchant platform): 'ignored'. A wrong amount is
 * not believed. Ending is conditional, so replays change nothing.
 */
export async function applyRefundNotification(db: Db, n: RefundNotification, now: number): Promise<'applied' | 'replay' | 'ignored' | 'rejected'> {
  const refund = await findRefundByNo(db, n.refundNo);
  if (!refund) return 'ignored';
  if (refund.order_no !== n.orderNo || refund.amount_fen !== n.amountFen) return 'rejected';
  if (refund.status !== 'processing') return 'replay';
  await applyRefundState(db, refund.refund_no, { status: n.status, refundId: n.refundId }, now);
  return 'applied';
}

/**
 * The finisher (upkeep sweep): refunds left processing — by a crash between the provider and our
 * database, a network failure, or a PROCESSING answer whose notification never came — are asked
 * about with `queryRefund`; one the provider never heard of is asked for again (same number).
 */
export async function finishProcessingRefunds(
  db: Db,
  provider: PaymentProvider,
  now: number,
  opts: { olderThanMs?: number; batch?: number; log?: Log } = {},
): Promise<{ ended: number; waiting: number }> {
  const log = opts.log ?? silent;
  const report = { ended: 0, waiting: 0 };
  for (const refund of await listStaleProcessingRefunds(db, now - (opts.olderThanMs ?? REFUND_FINISH_AFTER_MS), opts.batch ?? 100)) {
    if (refund.provider !== provider.name) continue;
    try {
      const known = await provider.queryRefund(refund.refund_no);
      const after = known ? await applyRefundState(db, refund.refund_no, known, now) : await driveRefund(db, provider, refund, now);
      if (after.status === 'processing') report.waiting += 1;
      else report.ended += 1;
    } catch (err) {
      if (!(err instanceof PayProviderError)) throw err;
      await touchRefund(db, refund.refund_no, { lastError: err.message.slice(0, 500), now });
      log.warn({ refundNo: refund.refund_no, err: err.message }, 'refund not finished');
      report.waiting += 1;
    }
  }
  return report;
}

function presentAdmin(r: RefundRow & { user_id: number }): AdminRefund {
  return {
    refundNo: r.refund_no,
    orderId: r.order_id,
    orderNo: r.order_no,
    userId: r.user_id,
    transactionId: r.transaction_id,
    amountFen: r.amount_fen,
    amountText: yuan(r.amount_fen),
    reason: r.reason,
    status: r.status,
    source: r.source,
    providerRefundId: r.provider_refund_id,
    lastError: r.last_error,
    attempts: r.attempts,
    createdAt: iso(r.created_at) as string,
    finishedAt: iso(r.finished_at),
  };
}

/** `GET /v1/ops/refunds` (operator): newest first, optionally one status. */
export async function adminRefundPage(db: Db, q: { status?: RefundStatusValue; pageIndex: number; pageSize: number }): Promise<AdminRefundPage> {
  const { rows, total } = await listRefunds(db, { status: q.status, offset: (q.pageIndex - 1) * q.pageSize, limit: q.pageSize });
  return { rows: rows.map(presentAdmin), total };
}
