/**
 * Refund records (migration 015, decision 015). A row is inserted BEFORE the provider is asked
 * and every later change is conditional on `status = 'processing'`, so a refund ends once however
 * many callers (the operator call, the notification, the finisher) race to end it.
 */
import type { Insertable } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import { countRows } from '../../db/paging.ts';
import type { RefundRow, RefundStatusValue, RefundsTable } from '../../db/schema.ts';

export type NewRefund = Insertable<RefundsTable>;

/** Inserts the refund unless one with the same number exists; answers the stored row either way. */
export async function insertRefund(db: Conn, refund: NewRefund): Promise<{ row: RefundRow; created: boolean }> {
  const inserted = await db.insertInto('refunds').values(refund).onConflict((oc) => oc.column('refund_no').doNothing()).returning('id').executeTakeFirst();
  const row = await findRefundByNo(db, refund.refund_no);
  if (!row) throw new Error(`refund ${refund.refund_no} vanished`);
  return { row, created: inserted !== undefined };
}

export function findRefundByNo(db: Conn, refundNo: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
}

/** processing → `status` (success, failed, abnormal). True only for the caller that moved it. */
export async function endRefund(
  db: Conn,
  refundNo: string,
  status: Exclude<RefundStatusValue, 'processing'>,
  fields: { providerRefundId?: string | null; lastError?: string | null; now: number },
): Promise<boolean> {
  const res = await db
    .updateTable('refunds')
    .set({
      status,
      updated_at: fields.now,
      finished_at: status === 'success' ? fields.now : null,
      ...(fields.providerRefundId ? { provider_refund_id: fields.providerRefundId } : {}),
      ...(fields.lastError !== undefined ? { last_error: fields.lastError } : {}),
    })
    .where('refund_no', '=', refundNo)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A processing refund was asked about (or asking failed): note it, so the finisher waits before asking again. */
export async function touchRefund(db: Conn, refundNo: string, fields: { providerRefundId?: string | null; lastError?: string | null; now: number }): Promise<void> {
  await db
    .updateTable('refunds')
    .set((eb) => ({
      updated_at: fields.now,
      attempts: eb('attempts', '+', 1),
      ...(fields.providerRefundId ? { provider_refund_id: fields.providerRefundId } : {}),
      ...(fields.lastError !== undefined ? { last_error: fields.lastError } : {}),
    }))
    .where('refund_no', '=', refundNo)
    .where('status', '=', 'processing')
    .execute();
}

/** failed → processing, for an operator asking again. True only for the caller that moved it. */
export async function reopenFailedRefund(db: Conn, refundNo: string, now: number): Promise<boolean> {
  const res = await db.updateTable('refunds').set({ status: 'processing', updated_at: now }).where('refund_no', '=', refundNo).where('status', '=', 'failed').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Refunds still processing whose last word is older than `before`, oldest first (the finisher's work). */
export function listStaleProcessingRefunds(db: Conn, before: number, limit: number): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('status', '=', 'processing').where('updated_at', '<=', before).orderBy('updated_at').orderBy('id').limit(limit).execute();
}

export interface AdminRefundRow extends RefundRow {
  user_id: number;
}

/** The operator list, newest first; `status` filters. */
export async function listRefunds(db: Conn, q: { status?: RefundStatusValue; offset: number; limit: number }): Promise<{ rows: AdminRefundRow[]; total: number }> {
  let base = db.selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id');
  if (q.status) base = base.where('r.status', '=', q.status);
  const [rows, total] = await Promise.all([base.selectAll('r').select('o.user_id').orderBy('r.id', 'desc').limit(q.limit).offset(q.offset).execute(), countRows(base)]);
  return { rows, total };
}

/** The latest whole-order refund of each order (not the needs_refund ones), for the learner's order list. */
export async function refundStatesOfOrders(db: Conn, orderIds: number[]): Promise<Map<number, RefundStatusValue>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('refunds')
    .select(['order_id', 'status', 'id'])
    .where('order_id', 'in', orderIds)
    .where('source', '!=', 'needs_refund')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, r.status]));
}
