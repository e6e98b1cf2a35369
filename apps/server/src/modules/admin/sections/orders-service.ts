/**
 * 订单 Orders and money in the console (issue 13): orders of every kind, their CSV export, refund
 * requests decided by finance, and payment anomalies.
 *
 * Approving a refund REUSES the refund service of decision 015: the request moves pending →
 * approved and the refund row (`openOrderRefund`, number R + order number, the provider's
 * idempotency key) is written in the same transaction as the audit row; then `refundWholeOrder`
 * asks the provider, exactly as the operator call and the finisher do. Two approvals racing: the
 * conditional pending → approved lets one through, the other answers -10841; and even a second
 * ask of the provider names the same refund, so money goes back once. A crash after the commit
 * leaves a processing refund the finisher completes.
 */
import { Readable } from 'node:stream';
import {
  ErrorCodes,
  type AdminOrderListItem,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type AdminPayAnomalyList,
  type AdminRefundRequest,
  type AdminRefundRequestPage,
  type AdminRefundRequestStatus,
} from '@jinfa/shared';
import { ConsoleErrorCodes } from '@jinfa/shared';
import type { Db } from '../../../db/conn.ts';
import type { OrderRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/errors.ts';
import { maskMobile } from '../../../lib/mask.ts';
import type { PaymentProvider } from '../../../adapters/pay/payment-provider.ts';
import { orderKinds } from '../../orders/kinds/registry.ts';
import { findOrderById } from '../../orders/order-repository.ts';
import { openOrderRefund, refundWholeOrder } from '../../orders/refund-service.ts';
import { adminPayAnomalyPage } from '../../orders/pay-anomalies.ts';
import {
  decideRefundRequest,
  findRefundRequest,
  latestRefundsOf,
  listOrdersForConsole,
  listRefundRequests,
  orderExportBatch,
  type ConsoleOrderRow,
  type ConsoleRefundRequestRow,
  type OrderFilter,
} from '../../orders/order-admin-repository.ts';
import { pageOf, paging, type AuditFn } from './section-kit.ts';

/** The CSV export stops here; the console asks for a narrower filter beyond it. */
export const ORDER_EXPORT_MAX_ROWS = 50_000;
const EXPORT_BATCH = 1_000;

function kindNameOf(o: Pick<OrderRow, 'id' | 'kind' | 'type'>): string {
  try {
    return orderKinds.resolve(o).name;
  } catch {
    return '';
  }
}

const buyerName = (r: { buyer_name: string; buyer_nickname: string }) => r.buyer_name || r.buyer_nickname;

export async function presentOrders(db: Db, rows: ConsoleOrderRow[]): Promise<AdminOrderListItem[]> {
  const refunds = await latestRefundsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((o) => ({
    id: o.id,
    orderNo: o.order_no,
    userId: o.user_id,
    buyerName: buyerName(o),
    phoneMasked: maskMobile(o.buyer_mobile),
    kind: o.kind,
    type: o.type,
    kindName: kindNameOf(o),
    description: o.description,
    courseId: o.course_id,
    amountFen: o.amount_fen,
    status: o.status,
    refundStatus: refunds.get(o.id)?.status ?? null,
    provider: o.provider,
    transactionId: o.transaction_id,
    createdAt: o.created_at,
    paidAt: o.paid_at,
    closedAt: o.closed_at,
  }));
}

function orderFilter(q: Omit<AdminOrderListQuery, 'page' | 'pageSize' | 'order' | 'sort'>): OrderFilter {
  const text = q.q?.trim();
  return { q: text ? text : undefined, status: q.status, kind: q.kind, from: q.from, to: q.to };
}

export async function orderPage(db: Db, query: AdminOrderListQuery): Promise<AdminOrderPage> {
  const { page, pageSize, offset, ascending } = paging(query);
  const { rows, total } = await listOrdersForConsole(db, orderFilter(query), { offset, limit: pageSize, ascending });
  return pageOf(await presentOrders(db, rows), total, page, pageSize);
}

// ---- CSV ----

const STATUS_LABELS: Record<string, string> = { pending: '待支付', paid: '已支付', closed: '已关闭', refunded: '已退款' };
const KIND_LABELS: Record<string, string> = {
  course: '课程',
  chapter: '章节',
  column: '专栏',
  live: '直播',
  membership: '会员',
  invite: '邀请购买',
  group: '拼团',
  'cash-back': '分享返现',
};
const REFUND_LABELS: Record<string, string> = { processing: '退款中', success: '已退款', failed: '退款失败', abnormal: '退款异常' };

export const ORDER_CSV_HEADERS = ['订单号', '下单时间', '支付时间', '状态', '类型', '商品', '金额（元）', '退款状态', '买家', '手机号', '支付渠道', '交易号'];

const shanghai = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
const timeText = (ms: number | null) => (ms === null ? '' : shanghai.format(new Date(ms)));
const yuanText = (fen: number) => (fen / 100).toFixed(2);

/** One CSV cell: quoted when it must be, and never read by a spreadsheet as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

async function* orderCsvLines(db: Db, f: OrderFilter): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(ORDER_CSV_HEADERS)}`;
  let after: { createdAt: number; id: number } | null = null;
  let sent = 0;
  while (sent < ORDER_EXPORT_MAX_ROWS) {
    const rows = await orderExportBatch(db, f, after, Math.min(EXPORT_BATCH, ORDER_EXPORT_MAX_ROWS - sent));
    if (rows.length === 0) return;
    const refunds = await latestRefundsOf(
      db,
      rows.map((r) => r.id),
    );
    let chunk = '';
    for (const o of rows) {
      const kindName = kindNameOf(o);
      const refund = refunds.get(o.id)?.status;
      chunk += csvLine([
        o.order_no,
        timeText(o.created_at),
        timeText(o.paid_at),
        STATUS_LABELS[o.status] ?? o.status,
        KIND_LABELS[kindName] ?? kindName,
        o.description,
        yuanText(o.amount_fen),
        refund ? (REFUND_LABELS[refund] ?? refund) : '',
        buyerName(o),
        maskMobile(o.buyer_mobile),
        o.provider,
        o.transaction_id ?? '',
      ]);
    }
    yield chunk;
    sent += rows.length;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** `GET /v1/admin/orders.csv`: the list's filters, newest first, UTF-8 with a BOM (Excel), streamed in batches. */
export function orderCsvStream(db: Db, query: Omit<AdminOrderListQuery, 'page' | 'pageSize' | 'order' | 'sort'>): Readable {
  return Readable.from(orderCsvLines(db, orderFilter(query)));
}

// ---- refund requests ----

function presentRequest(r: ConsoleRefundRequestRow, refund: { status: string; amount_fen: number } | undefined): AdminRefundRequest {
  return {
    id: r.id,
    orderId: r.order_id,
    orderNo: r.order_no,
    userId: r.user_id,
    buyerName: buyerName(r),
    phoneMasked: maskMobile(r.buyer_mobile),
    description: r.description,
    paidFen: r.order_amount_fen,
    amountFen: r.amount_fen,
    reason: r.reason,
    status: r.status,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    decidedBy: r.decided_by,
    decisionReason: r.decision_reason,
    refundNo: r.refund_no,
    refundStatus: r.status === 'approved' ? (refund?.status ?? null) : null,
    refundedFen: r.status === 'approved' && refund ? refund.amount_fen : null,
  };
}

export async function refundRequestPage(
  db: Db,
  query: { status?: AdminRefundRequestStatus; page?: number; pageSize?: number; order?: 'ascend' | 'descend' },
): Promise<AdminRefundRequestPage> {
  const { page, pageSize, offset, ascending } = paging(query);
  const { rows, total } = await listRefundRequests(db, { status: query.status, offset, limit: pageSize, ascending });
  const refunds = await latestRefundsOf(
    db,
    rows.map((r) => r.order_id),
  );
  return pageOf(
    rows.map((r) => presentRequest(r, refunds.get(r.order_id))),
    total,
    page,
    pageSize,
  );
}

async function requestView(db: Db, id: number): Promise<AdminRefundRequest> {
  const { rows } = await listRefundRequests(db, { id, offset: 0, limit: 1, ascending: false });
  const row = rows[0];
  if (!row) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
  const refunds = await latestRefundsOf(db, [row.order_id]);
  return presentRequest(row, refunds.get(row.order_id));
}

/**
 * Approve: the whole payment, or `amountFen` of it (1..paid). Exactly once: see the file comment.
 * A provider refusal leaves the refund failed (visible in the list) and answers -10062.
 */
export async function approveRefundRequest(
  db: Db,
  provider: PaymentProvider,
  audit: AuditFn,
  operatorId: number,
  id: number,
  body: { amountFen?: number; reason?: string },
  now: number,
): Promise<AdminRefundRequest> {
  const request = await findRefundRequest(db, id);
  if (!request) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
  if (request.status !== 'pending') throw new AppError(ConsoleErrorCodes.ADMIN_REFUND_DECIDED);
  const order = await findOrderById(db, request.order_id);
  if (!order) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
  const amountFen = body.amountFen ?? request.amount_fen;
  if (amountFen < 1 || amountFen > order.amount_fen) throw new AppError(ConsoleErrorCodes.ADMIN_REFUND_AMOUNT);
  if (order.status !== 'paid') throw new AppError(ErrorCodes.ORDER_NOT_PAID);
  const reason = (body.reason ?? '').trim() || request.reason;
  await db.transaction().execute(async (trx) => {
    const refund = await openOrderRefund(trx, order, { source: 'operator', reason, amountFen, now });
    if (!(await decideRefundRequest(trx, id, { status: 'approved', operatorId, reason, refundNo: refund.refund_no, now }))) {
      throw new AppError(ConsoleErrorCodes.ADMIN_REFUND_DECIDED);
    }
    await audit(trx, {
      action: 'refund.approve',
      targetType: 'refund_request',
      targetId: id,
      before: { status: 'pending', orderId: order.id, orderNo: order.order_no, paidFen: order.amount_fen, askedFen: request.amount_fen },
      after: { status: 'approved', refundNo: refund.refund_no, amountFen: refund.amount_fen, reason },
    });
  });
  const refund = await refundWholeOrder(db, provider, order, { source: 'operator', reason, amountFen, now });
  if (refund.status === 'failed') throw new AppError(ErrorCodes.PAY_UNAVAILABLE, `退款失败：${refund.last_error ?? '支付渠道拒绝'}`);
  return requestView(db, id);
}

export async function refuseRefundRequest(db: Db, audit: AuditFn, operatorId: number, id: number, body: { reason: string }, now: number): Promise<AdminRefundRequest> {
  const reason = body.reason.trim();
  if (!reason) throw new AppError(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
  const request = await findRefundRequest(db, id);
  if (!request) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
  if (request.status !== 'pending') throw new AppError(ConsoleErrorCodes.ADMIN_REFUND_DECIDED);
  await db.transaction().execute(async (trx) => {
    if (!(await decideRefundRequest(trx, id, { status: 'refused', operatorId, reason, refundNo: null, now }))) throw new AppError(ConsoleErrorCodes.ADMIN_REFUND_DECIDED);
    await audit(trx, { action: 'refund.refuse', targetType: 'refund_request', targetId: id, before: { status: 'pending', orderId: request.order_id }, after: { status: 'refused', reason } });
  });
  return requestView(db, id);
}

// ---- payment anomalies ----

export async function payAnomalyList(db: Db, query: { page?: number; pageSize?: number }): Promise<AdminPayAnomalyList> {
  const { page, pageSize } = paging(query);
  const { rows, total } = await adminPayAnomalyPage(db, { pageIndex: page, pageSize });
  return pageOf(
    rows.map((r) => ({
      id: r.anomalyId,
      provider: r.provider,
      orderId: r.orderId,
      orderNo: r.orderNo,
      transactionId: r.transactionId,
      kind: r.kind,
      received: r.received,
      expected: r.expected,
      createdAt: Date.parse(r.createdAt),
    })),
    total,
    page,
    pageSize,
  );
}
