import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrderListItem, AdminPayAnomalyItem, AdminRefundRequest } from '@jinfa/shared/admin-people-schemas';
import { mockApi, operator, renderApp } from './support';

const T = Date.UTC(2026, 10, 20, 2, 0);
const session = { code: 0, data: { operator: operator('finance'), csrfToken: 'csrf-f' } };

function order(over: Partial<AdminOrderListItem>): AdminOrderListItem {
  return {
    id: 1,
    orderNo: 'JF202611200001',
    userId: 5,
    buyerName: '张三',
    phoneMasked: '138****0001',
    kind: 1,
    type: 1,
    kindName: 'course',
    description: '商业银行法实务',
    courseId: 3,
    amountFen: 29900,
    status: 'paid',
    refundStatus: null,
    provider: 'sandbox',
    transactionId: 'T1',
    createdAt: T,
    paidAt: T + 60000,
    closedAt: null,
    ...over,
  };
}

function refund(over: Partial<AdminRefundRequest> = {}): AdminRefundRequest {
  return {
    id: 11,
    orderId: 1,
    orderNo: 'JF202611200001',
    userId: 5,
    buyerName: '张三',
    phoneMasked: '138****0001',
    description: '商业银行法实务',
    paidFen: 9900,
    amountFen: 9900,
    reason: '买错了',
    status: 'pending',
    createdAt: T,
    decidedAt: null,
    decidedBy: null,
    decisionReason: '',
    refundNo: null,
    refundStatus: null,
    refundedFen: null,
    ...over,
  };
}

const page = <T,>(items: T[], total = items.length) => ({ code: 0, data: { items, total, page: 1, pageSize: 20 } });

describe('订单 pages', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await import('../src/features/orders');
  }, 60_000);

  it('lists orders, and the CSV link carries the filters and sort but not the page', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': session,
      'GET /v1/admin/orders': page([order({}), order({ id: 2, orderNo: 'JF2', kind: 5, status: 'pending', paidAt: null, amountFen: 19900 })], 45),
    });
    renderApp('/admin/orders?status=paid&kind=1&q=13800000001&from=1763568000000&to=1764172800000&page=2');
    const row = (await screen.findByText('JF202611200001')).closest('tr')!;
    expect(within(row).getByText('¥299.00')).toBeTruthy();
    expect(within(row).getByText('已支付')).toBeTruthy();
    expect(within(row).getByText('课程')).toBeTruthy();
    const row2 = screen.getByText('JF2').closest('tr')!;
    expect(within(row2).getByText('早鸟')).toBeTruthy();
    expect(within(row2).getByText('未支付')).toBeTruthy();

    const sent = Object.fromEntries(new URL(calls.find((c) => c.url.startsWith('/v1/admin/orders'))!.url, 'http://x').searchParams);
    expect(sent).toMatchObject({ status: 'paid', kind: '1', q: '13800000001', from: '1763568000000', to: '1764172800000', page: '2' });

    const csv = screen.getByTestId('orders-csv');
    const href = new URL(csv.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/v1/admin/orders.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      status: 'paid',
      kind: '1',
      q: '13800000001',
      from: '1763568000000',
      to: '1764172800000',
      sort: 'createdAt',
      order: 'descend',
    });
    expect(csv.hasAttribute('download')).toBe(true);

    // Changing a filter changes the link.
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText('搜索订单号或手机号'));
    await user.type(screen.getByLabelText('搜索订单号或手机号'), 'JF9{Enter}');
    await waitFor(() => expect(screen.getByTestId('orders-csv').getAttribute('href')).toContain('q=JF9'));
  });

  it('a partial refund must not exceed what was paid; one click refunds once and the row updates', async () => {
    let posts = 0;
    const { calls } = mockApi({
      'GET /v1/admin/session': session,
      'GET /v1/admin/refunds': page([refund()]),
      'POST /v1/admin/refunds/11/approve': (c) => {
        posts += 1;
        const amountFen = (c.body as { amountFen: number }).amountFen;
        return { code: 0, data: refund({ status: 'approved', decidedAt: T + 1000, refundNo: 'RJF1', refundStatus: 'success', refundedFen: amountFen }) };
      },
    });
    renderApp('/admin/refunds');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('refund-approve-11'));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('退款金额（元）');
    expect((amount as HTMLInputElement).value).toBe('99.00');

    await user.clear(amount);
    await user.type(amount, '120');
    await user.click(within(dialog).getByRole('button', { name: /确认退款/ }));
    expect(await within(dialog).findByText('退款金额不能超过实付金额 ¥99.00')).toBeTruthy();
    expect(posts).toBe(0);

    await user.clear(amount);
    await user.type(amount, '30.5');
    await user.type(within(dialog).getByLabelText('备注'), '部分退款');
    const ok = within(dialog).getByRole('button', { name: /确认退款/ });
    await user.dblClick(ok);
    await waitFor(() => expect(posts).toBe(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ amountFen: 3050, reason: '部分退款' });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-f');

    const row = (await screen.findByText('已同意', { selector: '.ant-tag' })).closest('tr')!;
    expect(within(row).getByText('实退 ¥30.50')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /同意/ })).toBeNull();
    expect(posts).toBe(1);
  });

  it('when the provider refuses the money, the list is reloaded and shows the refund failed', async () => {
    let item = refund();
    mockApi({
      'GET /v1/admin/session': session,
      'GET /v1/admin/refunds': () => page([item]),
      'POST /v1/admin/refunds/11/approve': () => {
        item = refund({ status: 'approved', decidedAt: T, refundNo: 'RJF1', refundStatus: 'failed', refundedFen: 9900 });
        return { code: -10062, message: '退款失败：order not paid', status: 503 };
      },
    });
    renderApp('/admin/refunds?tab=all');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('refund-approve-11'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确认退款/ }));
    expect(await screen.findByText('退款失败：order not paid')).toBeTruthy();
    const row = (await screen.findByText('退款失败', { selector: '.ant-tag' })).closest('tr')!;
    expect(within(row).getByText('已同意')).toBeTruthy();
  });

  it('refusing a refund requires a reason', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': session,
      'GET /v1/admin/refunds': page([refund()]),
      'POST /v1/admin/refunds/11/refuse': { code: 0, data: refund({ status: 'refused', decidedAt: T, decisionReason: '课程已学完' }) },
    });
    renderApp('/admin/refunds');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('refund-refuse-11'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('拒绝原因'), '课程已学完');
    await user.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: '课程已学完' }));
    expect(await screen.findByText('已拒绝', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('lists payment anomalies with what came against what was expected', async () => {
    const anomaly: AdminPayAnomalyItem = {
      id: 1,
      provider: 'wechatpay',
      orderId: 1,
      orderNo: 'JF202611200001',
      transactionId: '4200000001',
      kind: 'amount',
      received: { appid: 'wx1', mchid: '1', currency: 'CNY', amountFen: 100, tradeState: 'SUCCESS' },
      expected: { appid: 'wx1', mchid: '1', currency: 'CNY', amountFen: 29900 },
      createdAt: T,
    };
    mockApi({ 'GET /v1/admin/session': session, 'GET /v1/admin/pay-anomalies': page([anomaly]) });
    renderApp('/admin/anomalies');
    const row = (await screen.findByText('金额不符')).closest('tr')!;
    expect(within(row).getByText('¥1.00')).toBeTruthy();
    expect(within(row).getByText('¥299.00')).toBeTruthy();
    expect(within(row).getByText('微信支付')).toBeTruthy();
  });
});
