/**
 * The console's reads of orders of every kind and the refund requests finance decides (issue 13,
 * migration 028). Lists walk the orders_console_* indexes newest first; the CSV export reads in
 * keyset batches so a big export never holds more than one batch.
 */
import type { Insertable } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import type { OrderRow, OrderStatusValue, RefundRequestRow, RefundRequestStatusValue, RefundRequestsTable, RefundStatusValue } from '../../db/schema.ts';
import { countRows } from '../../db/paging.ts';

export interface OrderFilter {
  /** An order number, or (when it looks like a phone) the buyer's phone. */
  q?: string;
  status?: OrderStatusValue;
  kind?: number;
  from?: number;
  to?: number;
}

export interface ConsoleOrderRow extends OrderRow {
  buyer_name: string;
  buyer_nickname: string;
  buyer_mobile: string | null;
}

const PHONE = /^1\d{10}$/;

function filtered(db: Conn, f: OrderFilter) {
  let q = db.selectFrom('orders');
  if (f.q !== undefined) {
    const text = f.q;
    q = PHONE.test(text)
      ? q.where((eb) => eb.or([eb('orders.order_no', '=', text), eb('orders.user_id', '=', eb.selectFrom('users').select('users.id').where('users.mobile', '=', text))]))
      : q.where('orders.order_no', '=', text);
  }
  if (f.status !== undefined) q = q.where('orders.status', '=', f.status);
  if (f.kind !== undefined) q = q.where('orders.kind', '=', f.kind);
  if (f.from !== undefined) q = q.where('orders.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('orders.created_at', '<', f.to);
  return q;
}

function withBuyer(db: Conn, f: OrderFilter) {
  return filtered(db, f)
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['users.name as buyer_name', 'users.nickname as buyer_nickname', 'users.mobile as buyer_mobile']);
}

export async function listOrdersForConsole(
  db: Conn,
  f: OrderFilter,
  page: { offset: number; limit: number; ascending: boolean },
): Promise<{ rows: ConsoleOrderRow[]; total: number }> {
  const dir = page.ascending ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    withBuyer(db, f).orderBy('orders.created_at', dir).orderBy('orders.id', dir).offset(page.offset).limit(page.limit).execute(),
    countRows(filtered(db, f)),
  ]);
  return { rows, total };
}

/** One batch of the export, newest first, strictly after the (created_at, id) cursor when given. */
export function orderExportBatch(db: Conn, f: OrderFilter, after: { createdAt: number; id: number } | null, limit: number): Promise<ConsoleOrderRow[]> {
  let q = withBuyer(db, f);
  if (after) {
    q = q.where((eb) => eb.or([eb('orders.created_at', '<', after.createdAt), eb.and([eb('orders.created_at', '=', after.createdAt), eb('orders.id', '<', after.id)])]));
  }
  return q.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
}

/** A learner's latest orders, newest first (orders_user_created). */
export function recentOrdersOfUser(db: Conn, userId: number, limit: number): Promise<ConsoleOrderRow[]> {
  return withBuyer(db, {}).where('orders.user_id', '=', userId).orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
}

/** The latest whole-order refund (amount and state) of each order; needs_refund paybacks left out. */
export async function latestRefundsOf(db: Conn, orderIds: readonly number[]): Promise<Map<number, { status: RefundStatusValue; amount_fen: number; refund_no: string }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('refunds')
    .select(['order_id', 'status', 'amount_fen', 'refund_no'])
    .where('order_id', 'in', [...orderIds])
    .where('source', '!=', 'needs_refund')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, r]));
}

// ---- refund requests ----

export type NewRefundRequest = Insertable<RefundRequestsTable>;

export async function insertRefundRequest(db: Conn, r: NewRefundRequest): Promise<RefundRequestRow> {
  return db.insertInto('refund_requests').values(r).returningAll().executeTakeFirstOrThrow();
}

export function findRefundRequest(db: Conn, id: number): Promise<RefundRequestRow | undefined> {
  return db.selectFrom('refund_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ConsoleRefundRequestRow extends RefundRequestRow {
  order_no: string;
  order_amount_fen: number;
  description: string;
  buyer_name: string;
  buyer_nickname: string;
  buyer_mobile: string | null;
}

export async function listRefundRequests(
  db: Conn,
  q: { status?: RefundRequestStatusValue; id?: number; offset: number; limit: number; ascending: boolean },
): Promise<{ rows: ConsoleRefundRequestRow[]; total: number }> {
  let base = db.selectFrom('refund_requests as r');
  if (q.status) base = base.where('r.status', '=', q.status);
  if (q.id !== undefined) base = base.where('r.id', '=', q.id);
  const dir = q.ascending ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    base
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select(['o.order_no', 'o.amount_fen as order_amount_fen', 'o.description', 'u.name as buyer_name', 'u.nickname as buyer_nickname', 'u.mobile as buyer_mobile'])
      .orderBy('r.id', dir)
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    countRows(base),
  ]);
  return { rows, total };
}

/** pending → approved | refused, by one operator. True only for the caller that moved it. */
export async function decideRefundRequest(
  db: Conn,
  id: number,
  d: { status: Exclude<RefundRequestStatusValue, 'pending'>; operatorId: number; reason: string; refundNo: string | null; now: number },
): Promise<boolean> {
  const res = await db
    .updateTable('refund_requests')
    .set({ status: d.status, decided_at: d.now, decided_by: d.operatorId, decision_reason: d.reason, refund_no: d.refundNo })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
