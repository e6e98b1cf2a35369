import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderStatus } from '@jinfa/shared/schemas';
import { envelope, mockFetch, type Call } from '../../../../test/fetch-mock.ts';
import { courseCard } from '../../../../test/course-fixtures.ts';
import { payForSummary, sandboxPayParams } from '../../../../test/order-fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

const T = { timeout: 5000 };

function order(orderId: number, status: OrderStatus, overrides: Partial<Order> = {}): Order {
  return {
    orderId,
    orderNo: `JF${orderId}`,
    type: 1,
    kind: 1,
    status,
    totalPrice: 29900,
    orderPrice: '299.00',
    course: courseCard(orderId, { name: `课程${orderId}` }),
    createdAt: '2026-11-20T08:00:00+08:00',
    paidAt: status === 'paid' ? '2026-11-20T08:01:00+08:00' : null,
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  };
}


function server() {
  const rows = new Map<number, Order>([
    [3, order(3, 'pending')],
    [2, order(2, 'paid')],
    [1, order(1, 'refunded')],
  ]);
  const routes: Record<string, (call: Call) => Response> = {
    'GET /v1/orders/list/0': () => envelope({ rows: [...rows.values()], total: rows.size }),
    'GET /v1/orders/list/3': () => envelope({ rows: [order(9, 'closed', { type: 3 })], total: 1 }),
    'DELETE /v1/orders/3': () => {
      rows.set(3, { ...rows.get(3)!, status: 'closed' });
      return envelope(null);
    },
    'POST /v1/orders/3/order_web_wxpay': () => envelope(sandboxPayParams),
    'POST /v1/orders/3/sandbox_pay': () => {
      rows.set(3, { ...rows.get(3)!, status: 'paid', paidAt: new Date().toISOString() });
      return envelope({ status: 'paid' });
    },
    'POST /v1/orders/3/send_pay': () =>
      envelope({ orderId: 3, token: '3.mac_3', path: '/order/payFor?token=3.mac_3', expiresAt: rows.get(3)!.expiresAt }),
    '/v1/courses/3/check_order_progress': () => {
      const paid = rows.get(3)!.status === 'paid';
      return envelope({ orderId: 3, status: rows.get(3)!.status, paid, owned: paid });
    },
  };
  return { rows, routes };
}

function card(orderId: number) {
  return screen.getAllByTestId('order-card').find((el) => el.getAttribute('data-order-id') === String(orderId))!;
}

beforeEach(() => saveTokens({ accessToken: 'tok', userId: 7 }));
afterEach(() => {
  connectRouter(null);
  vi.restoreAllMocks();
});

describe('/userCenter/myOrder', () => {
  it('lists orders with status, amount and a countdown on the pending one; tabs switch the type', async () => {
    const { calls } = mockFetch(server().routes);
    const { location } = renderApp('/userCenter/myOrder');
    await screen.findAllByTestId('order-card', undefined, T);
    expect(within(card(3)).getByTestId('order-status').textContent).toMatch(/^待支付 · 剩余 (10:00|09:5\d)$/);
    expect(within(card(2)).getByTestId('order-status').textContent).toBe('已支付');
    expect(within(card(1)).getByTestId('order-status').textContent).toBe('已退款');
    expect(within(card(3)).getByTestId('order-price').textContent).toBe('¥299.00');
    expect(within(card(3)).getByRole('button', { name: '去支付' })).toBeTruthy();
    expect(within(card(2)).queryByRole('button', { name: '去支付' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: '拼团' }));
    expect(await screen.findByText('课程9', undefined, T)).toBeTruthy();
    expect(location()).toBe('/userCenter/myOrder?type=3');
    expect(calls.filter((c) => c.path.startsWith('/v1/orders/list/')).map((c) => c.path)).toEqual(['/v1/orders/list/0', '/v1/orders/list/3']);
  });

  it('cancels a pending order after confirmation', async () => {
    const { calls } = mockFetch(server().routes);
    renderApp('/userCenter/myOrder');
    await screen.findAllByTestId('order-card', undefined, T);
    // antd-mobile's dialog animates in with pointer-events off; jsdom never finishes the animation.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(within(card(3)).getByRole('button', { name: '取消订单' }));
    // Asked first: "再想想" keeps it.
    await user.click(await screen.findByRole('button', { name: '再想想' }, T));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(card(3)).getByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('dialog', undefined, T);
    await user.click(within(dialog).getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(within(card(3)).getByTestId('order-status').textContent).toBe('已关闭'), T);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/v1/orders/3']);
    expect(within(card(3)).queryByRole('button', { name: '去支付' })).toBeNull();
  });

  it('pays a pending order again through the sandbox sheet', async () => {
    mockFetch(server().routes);
    renderApp('/userCenter/myOrder');
    await screen.findAllByTestId('order-card', undefined, T);
    const user = userEvent.setup();
    await user.click(within(card(3)).getByRole('button', { name: '去支付' }));
    await user.click(await screen.findByTestId('sandbox-pay-confirm', undefined, T));
    await waitFor(() => expect(within(card(3)).getByTestId('order-status').textContent).toBe('已支付'), T);
    expect(await screen.findByText('支付成功', undefined, T)).toBeTruthy();
  });

  it('keeps 全部 and 普通 apart in the address (普通 is type 1, 全部 has no type)', async () => {
    mockFetch({ ...server().routes, 'GET /v1/orders/list/1': () => envelope({ rows: [order(5, 'paid')], total: 1 }) });
    const { location } = renderApp('/userCenter/myOrder');
    await screen.findAllByTestId('order-card', undefined, T);
    expect(screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: '普通' }));
    expect(await screen.findByText('课程5', undefined, T)).toBeTruthy();
    expect(location()).toBe('/userCenter/myOrder?type=1');
    expect(screen.getByRole('tab', { name: '普通' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: '全部' }));
    expect(location()).toBe('/userCenter/myOrder');
  });

  it('找人代付 on a pending order asks for its 代付 link and copies it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { calls } = mockFetch(server().routes);
    renderApp('/userCenter/myOrder');
    await screen.findAllByTestId('order-card', undefined, T);
    expect(within(card(2)).queryByRole('button', { name: '找人代付' })).toBeNull();
    await userEvent.click(within(card(3)).getByRole('button', { name: '找人代付' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/#/order/payFor?token=3.mac_3`), T);
    expect(await screen.findByText('代付链接已复制，发给帮你付款的人吧', undefined, T)).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/send_pay')).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/orders/3/send_pay']);
  });

  it('找人代付 inside WeChat opens the link’s page, which says to share it from the top-right menu', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.47');
    mockFetch({
      ...server().routes,
      'GET /v1/orders/pay_for/3.mac_3': () =>
        envelope(payForSummary('pending', { orderId: 3, item: { targetId: 3, title: '课程3', cover: '', kindLabel: '课程', typeLabel: '普通' }, requesterName: '学员王', isOwner: true })),
    });
    const { location } = renderApp('/userCenter/myOrder');
    await screen.findAllByTestId('order-card', undefined, T);
    await userEvent.click(within(card(3)).getByRole('button', { name: '找人代付' }));
    await waitFor(() => expect(location()).toBe('/order/payFor?token=3.mac_3'), T);
    expect((await screen.findByTestId('pay-for-share-hint', undefined, T)).textContent).toContain('点击右上角「···」');
  });

  it('says so when there are no orders', async () => {
    mockFetch({ 'GET /v1/orders/list/0': () => envelope({ rows: [], total: 0 }) });
    renderApp('/userCenter/myOrder');
    expect(await screen.findByText('暂无订单', undefined, T)).toBeTruthy();
  });
});

describe('/userCenter/myBill', () => {
  it('shows paid orders by month with the month’s total, with an apptoken in place of a login', async () => {
    window.localStorage.clear();
    // The native app opens the page with its token in the real address (lib/session reads it there).
    window.history.replaceState(null, '', '/userCenter/myBill?apptoken=app-tok');
    const { calls } = mockFetch({
      'GET /v1/orders/list/0': () =>
        envelope({
          rows: [order(3, 'pending'), order(2, 'paid', { totalPrice: 100, orderPrice: '1.00' }), order(1, 'paid')],
          total: 3,
        }),
    });
    renderApp('/userCenter/myBill?apptoken=app-tok');
    const month = await screen.findByTestId('bill-month', undefined, T);
    expect(within(month).getByRole('heading').textContent).toBe('2026年11月支出 ¥300.00');
    expect(within(month).getAllByTestId('bill-row')).toHaveLength(2);
    expect(calls[0]?.headers['access-token']).toBe('app-tok');
  });
});

describe('/gotoApp', () => {
  it('explains that the course plays only in the App and offers open / download', async () => {
    mockFetch({});
    renderApp('/gotoApp');
    expect(await screen.findByText('该课程仅支持在金法课堂App中播放', undefined, T)).toBeTruthy();
    expect(screen.getByRole('link', { name: '打开App' }).getAttribute('href')).toMatch(/^https:\/\//);
    expect(screen.getByRole('link', { name: '下载App' }).getAttribute('href')).toMatch(/^https:\/\//);
  });
});
