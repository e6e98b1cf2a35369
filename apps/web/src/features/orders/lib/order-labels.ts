import type { Order, OrderStatus } from '@jinfa/shared/schemas';
import type { OrderType } from '../api/get-orders.ts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款',
};

/** What a paid order's refund adds to its status (decision 015): the course stays until the money is back. */
export const REFUND_LABELS: Record<NonNullable<Order['refundStatus']>, string | null> = {
  processing: '退款中',
  success: null,
  failed: '退款异常，客服处理中',
  abnormal: '退款异常，客服处理中',
};

/** The tabs of /userCenter/myOrder: 全部 (type 0, every type) first, then one per order type (spec §3). */
export const ORDER_TABS: readonly { type: OrderType; label: string }[] = [
  { type: 0, label: '全部' },
  { type: 1, label: '普通' },
  { type: 2, label: '邀请' },
  { type: 3, label: '拼团' },
  { type: 4, label: '返现' },
  { type: 6, label: '直播' },
];

export function parseOrderType(raw: string | null): OrderType {
  const n = Number(raw);
  // Missing or unknown → 全部.
  return raw === null || raw === '' ? 0 : (ORDER_TABS.find((tab) => tab.type === n)?.type ?? 0);
}

/** "mm:ss" (or "h:mm:ss") left until a pending order closes; null once it has. */
export function timeLeft(expiresAt: string, now: number): string | null {
  const ms = Date.parse(expiresAt) - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** A pending order past its expiry is closed for the learner even before the server's sweep. */
export function effectiveStatus(order: Pick<Order, 'status' | 'expiresAt'>, now: number): OrderStatus {
  if (order.status === 'pending' && timeLeft(order.expiresAt, now) == null) return 'closed';
  return order.status;
}

/** Paid orders grouped by month ("2026年11月"), newest first, with the month's total in fen. */
export function groupByMonth(orders: readonly Order[]): { month: string; totalFen: number; orders: Order[] }[] {
  const groups = new Map<string, Order[]>();
  for (const order of orders) {
    const at = new Date(order.paidAt ?? order.createdAt);
    const key = Number.isNaN(at.getTime()) ? '—' : `${at.getFullYear()}年${at.getMonth() + 1}月`;
    const list = groups.get(key) ?? [];
    list.push(order);
    groups.set(key, list);
  }
  return [...groups].map(([month, list]) => ({ month, totalFen: list.reduce((sum, o) => sum + o.totalPrice, 0), orders: list }));
}
