import { describe, expect, it } from 'vitest';
import type { Order } from '@jinfa/shared/schemas';
import { ORDER_TABS, effectiveStatus, groupByMonth, parseOrderType, timeLeft } from './order-labels.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('order labels', () => {
  it('counts down to expiry and calls an expired pending order closed', () => {
    expect(timeLeft('2026-11-22T12:29:05Z', NOW)).toBe('29:05');
    expect(timeLeft('2026-11-22T13:00:01Z', NOW)).toBe('1:00:01');
    expect(timeLeft('2026-11-22T11:59:59Z', NOW)).toBeNull();
    expect(effectiveStatus({ status: 'pending', expiresAt: '2026-11-22T11:00:00Z' }, NOW)).toBe('closed');
    expect(effectiveStatus({ status: 'paid', expiresAt: '2026-11-22T11:00:00Z' }, NOW)).toBe('paid');
  });

  it('only accepts the spec order types in the address', () => {
    expect(parseOrderType('6')).toBe(6);
    expect(parseOrderType('5')).toBe(0);
    expect(parseOrderType(null)).toBe(0);
    expect(parseOrderType('')).toBe(0);
    expect(parseOrderType('0')).toBe(0);
    expect(parseOrderType('1')).toBe(1);
    expect(ORDER_TABS[0]).toEqual({ type: 0, label: '全部' });
    expect(ORDER_TABS.map((tab) => tab.type)).toEqual([0, 1, 2, 3, 4, 6]);
  });

  it('sums paid orders by month in fen', () => {
    const order = (orderId: number, paidAt: string, totalPrice: number) => ({ orderId, paidAt, createdAt: paidAt, totalPrice }) as Order;
    const groups = groupByMonth([order(3, '2026-11-20T08:00:00', 29900), order(2, '2026-11-02T08:00:00', 1), order(1, '2026-10-02T08:00:00', 9900)]);
    expect(groups.map((g) => [g.month, g.totalFen, g.orders.length])).toEqual([
      ['2026年11月', 29901, 2],
      ['2026年10月', 9900, 1],
    ]);
  });
});
