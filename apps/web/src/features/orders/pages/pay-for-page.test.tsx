import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayForSummary } from '@jinfa/shared/order-kind-schemas';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { payForSummary, sandboxPayParams } from '../../../../test/order-fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

const T = { timeout: 5000 };
const TOKEN = '41.AbC_d-9';
const BASE = `/v1/orders/pay_for/${TOKEN}`;

/** The link's server: pending until the sandbox confirm pays it. */
function server(initial: PayForSummary = payForSummary('pending')) {
  let current = initial;
  return mockFetch({
    [`GET ${BASE}`]: () => envelope(current),
    [`POST ${BASE}/order_web_wxpay`]: () => envelope(sandboxPayParams),
    [`POST ${BASE}/sandbox_pay`]: () => {
      current = { ...current, status: 'paid' };
      return envelope({ status: 'paid' });
    },
  });
}

beforeEach(() => saveTokens({ accessToken: 'tok', userId: 8 }));
afterEach(() => {
  connectRouter(null);
  vi.restoreAllMocks();
});

describe('/order/payFor', () => {
  it('shows who asks, the item, the price and the countdown, then pays it through the link in the sandbox sheet', async () => {
    const { calls } = server();
    renderApp(`/order/payFor?token=${TOKEN}`);
    expect((await screen.findByTestId('pay-for-requester', undefined, T)).textContent).toBe('学员张 请你帮忙付款');
    expect(screen.getByRole('heading', { name: '商业银行授信业务合规要点' })).toBeTruthy();
    expect(screen.getByTestId('pay-for-price').textContent).toBe('¥299.00');
    expect(screen.getByTestId('pay-for-countdown').textContent).toMatch(/订单将在 (20:00|19:5\d) 后关闭/);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '帮TA付款' }));
    expect((await screen.findByTestId('sandbox-pay-amount', undefined, T)).textContent).toBe('¥299.00');
    await user.click(screen.getByTestId('sandbox-pay-confirm'));

    const done = await screen.findByTestId('pay-for-paid', undefined, T);
    expect(done.textContent).toContain('已帮 学员张 付款 ¥299.00');
    expect(screen.queryByRole('button', { name: '帮TA付款' })).toBeNull();
    // Paid through the link's own calls, and the payer's profile review is not asked.
    const paths = calls.map((c) => `${c.method} ${c.path}`);
    expect(paths).toContain(`POST ${BASE}/order_web_wxpay`);
    expect(paths).toContain(`POST ${BASE}/sandbox_pay`);
    expect(paths.some((p) => p.includes('/v1/orders/41/') || p.includes('check_user_audit_status'))).toBe(false);
  });

  it('keeps the order payable when the friend closes the cashier', async () => {
    const { calls } = server();
    renderApp(`/order/payFor?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '帮TA付款' }, T));
    await user.click(await screen.findByRole('button', { name: '取消' }, T));
    expect(await screen.findByText(/已取消支付/, undefined, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: '帮TA付款' })).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/sandbox_pay'))).toBe(false);
  });

  it('back from WeChat’s H5 cashier (&back=1), waits for the payment instead of offering to pay again', async () => {
    let asked = 0;
    mockFetch({
      // The notification lands while the page is asking.
      [`GET ${BASE}`]: () => envelope(payForSummary((asked += 1) >= 3 ? 'paid' : 'pending')),
    });
    renderApp(`/order/payFor?token=${TOKEN}&back=1`);
    expect(await screen.findByTestId('pay-for-checking', undefined, T)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '帮TA付款' })).toBeNull();
    expect((await screen.findByTestId('pay-for-paid', undefined, T)).textContent).toContain('付款成功');
  });

  it.each([
    ['paid by someone else', payForSummary('paid'), 'pay-for-done', '该订单已支付'],
    ['closed', payForSummary('closed'), 'pay-for-closed', '订单已关闭'],
    ['past its expiry but not yet swept', payForSummary('pending', { expiresAt: new Date(Date.now() - 1000).toISOString() }), 'pay-for-closed', '订单已关闭'],
    ['refunded', payForSummary('refunded'), 'pay-for-closed', '订单已退款'],
  ])('says so when the order is %s, with nothing to pay', async (_label, state, testId, title) => {
    server(state);
    renderApp(`/order/payFor?token=${TOKEN}`);
    expect((await screen.findByTestId(testId, undefined, T)).textContent).toContain(title);
    expect(screen.queryByRole('button', { name: '帮TA付款' })).toBeNull();
  });

  it('says the link is bad for a forged token (-10102), and never asks about a malformed one', async () => {
    const { calls } = mockFetch({ [`GET ${BASE}`]: () => envelope(null, -10102, '代付链接无效或订单已失效，请让好友重新发送') });
    const payForCalls = () => calls.filter((c) => c.path.startsWith('/v1/orders/pay_for/'));
    const forged = renderApp(`/order/payFor?token=${TOKEN}`);
    expect(await screen.findByText('代付链接无效', undefined, T)).toBeTruthy();
    expect(payForCalls()).toHaveLength(1);
    forged.unmount();

    renderApp('/order/payFor?token=41');
    expect(await screen.findByText('代付链接无效', undefined, T)).toBeTruthy();
    expect(payForCalls()).toHaveLength(1);
  });

  it('tells the owner opening their own link how to send it, and copies the link outside WeChat', async () => {
    server(payForSummary('pending', { isOwner: true }));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderApp(`/order/payFor?token=${TOKEN}`);
    expect((await screen.findByTestId('pay-for-requester', undefined, T)).textContent).toBe('找人帮你付款');
    expect(screen.getByTestId('pay-for-share-hint').textContent).toMatch(/复制链接/);
    expect(screen.queryByRole('button', { name: '帮TA付款' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '复制代付链接' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/#/order/payFor?token=${TOKEN}`), T);
    expect(await screen.findByText('代付链接已复制，发给帮你付款的人吧', undefined, T)).toBeTruthy();
  });

  it('points the owner at WeChat’s top-right menu inside WeChat', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.47');
    server(payForSummary('pending', { isOwner: true }));
    renderApp(`/order/payFor?token=${TOKEN}`);
    expect((await screen.findByTestId('pay-for-share-hint', undefined, T)).textContent).toContain('点击右上角「···」');
  });
});
