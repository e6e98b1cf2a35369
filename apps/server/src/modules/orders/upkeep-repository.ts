/**
 * Queries of the order upkeep (reconcile-service.ts): stale pending orders to ask the provider
 * about, paid → refunded (the order's kind revokes its grant), and the needs_refund notifications
 * to pay back (needs_refund → refunding while its refund runs → refunded | refund_failed).
 * Every change is conditional on the current state, so concurrent callers move a row once.
 */
import type { Conn } from '../../db/conn.ts';
import type { OrderRow } from '../../db/schema.ts';

/** Pending orders that have a prepay (the learner may have paid) and were created before `createdBefore`, oldest first. */
export function listStalePendingWithPrepay(db: Conn, createdBefore: number, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('prepay_id', 'is not', null)
    .where('created_at', '<=', createdBefore)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** paid → refunded. True only for the one caller that moved it. */
export async function markRefunded(db: Conn, id: number): Promise<boolean> {
  const res = await db.updateTable('orders').set({ status: 'refunded' }).where('id', '=', id).where('status', '=', 'paid').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export interface NeedsRefundRow {
  transaction_id: string;
  provider: string;
  order_id: number | null;
  order_no: string;
  amount_fen: number;
  order_amount_fen: number | null;
}

/** Money we must give back (late payment for a closed order, a second payment), oldest first. */
export function listNeedsRefund(db: Conn, limit: number): Promise<NeedsRefundRow[]> {
  return db
    .selectFrom('pay_notifications as n')
    .leftJoin('orders as o', 'o.order_no', 'n.order_no')
    .select(['n.transaction_id', 'n.provider', 'o.id as order_id', 'n.order_no', 'n.amount_fen', 'o.amount_fen as order_amount_fen'])
    .where('n.outcome', '=', 'needs_refund')
    .orderBy('n.id')
    .limit(limit)
    .execute();
}

/**
 * needs_refund → refunding: the caller that moves it writes the refund row and asks the provider.
 * True only for that caller.
 */
export async function beginNeedsRefund(db: Conn, transactionId: string): Promise<boolean> {
  const res = await db
    .updateTable('pay_notifications')
    .set({ outcome: 'refunding' })
    .where('transaction_id', '=', transactionId)
    .where('outcome', '=', 'needs_refund')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** refunding → `outcome` ('refunded' or 'refund_failed'), when its refund ended. True only for the caller that moved it. */
export async function settleNeedsRefund(db: Conn, transactionId: string, outcome: 'refunded' | 'refund_failed'): Promise<boolean> {
  const res = await db
    .updateTable('pay_notifications')
    .set({ outcome })
    .where('transaction_id', '=', transactionId)
    .where('outcome', '=', 'refunding')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
