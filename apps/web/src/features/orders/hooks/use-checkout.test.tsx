import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseAuditStatus, PayParams } from '@jinfa/shared/schemas';
import { envelope, mockFetch, type Call } from '../../../../test/fetch-mock.ts';
import { payRoutes, pendingOrder, sandboxPayParams as sandbox } from '../../../../test/order-fixtures.ts';
import { saveTokens } from '../../../lib/auth-store.ts';
import { resetErrorPopup } from '../../../lib/error-popup.ts';
import { useCheckout, type CheckoutOptions, type CheckoutOutcome } from './use-checkout.tsx';

const T = { timeout: 5000 };

const wechat = { provider: 'wechatpay', timestamp: '', nonceStr: '', prepayId: '', signType: '', sign: '' } satisfies PayParams;

/** A tiny server: the audit gate answers `audit`, pay params answer `params`; the order is paid once `state.paid`. */
function server(audit: CourseAuditStatus, params: PayParams) {
  const state = { paid: false };
  const { calls } = mockFetch({ '/v1/courses/12/check_user_audit_status': () => envelope(audit), ...payRoutes(state, params) });
  return { state, calls };
}

function Harness({ options, onDone }: { options: CheckoutOptions; onDone: (o: CheckoutOutcome | null) => void }) {
  const checkout = useCheckout(options);
  return (
    <>
      <button type="button" onClick={() => void checkout.pay(pendingOrder()).then(onDone)}>
        pay
      </button>
      <span data-testid="phase">{checkout.phase}</span>
      {checkout.sheet}
    </>
  );
}

function renderCheckout(options: CheckoutOptions = {}) {
  const done = vi.fn<(o: CheckoutOutcome | null) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness options={options} onDone={done} />
    </QueryClientProvider>,
  );
  return { done };
}

const payCalls = (calls: Call[]) => calls.filter((c) => c.path === '/v1/orders/501/order_web_wxpay');
const ok = (code = 0): CourseAuditStatus => ({ code, canBuy: true, needsVerifiedProfile: code !== 0 });
const stop = (code: number): CourseAuditStatus => ({ code, canBuy: false, needsVerifiedProfile: true });

beforeEach(() => {
  saveTokens({ accessToken: 'tok', refreshToken: 'ref', expiresIn: 3600 } as never);
});
afterEach(() => {
  resetErrorPopup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useCheckout — the profile-review gate (check_user_audit_status)', () => {
  it('262147 (under review) shows its popup and never asks for pay parameters', async () => {
    const { calls } = server(stop(262147), sandbox);
    const { done } = renderCheckout();
    await userEvent.click(screen.getByRole('button', { name: 'pay' }));
    const popup = await screen.findByTestId('error-popup', {}, T);
    expect(within(popup).getByText('资料审核中')).toBeTruthy();
    expect(within(popup).getByText('您的资料正在审核中，审核通过后即可报名')).toBeTruthy();
    await waitFor(() => expect(done).toHaveBeenCalledWith(null));
    expect(payCalls(calls)).toHaveLength(0);
    expect(screen.getByTestId('phase').textContent).toBe('idle');
  });

  it.each([
    [262148, '审核未通过'],
    [262149, '订单已失效'],
  ])('%i offers the way to /userCenter/myInfo', async (code, title) => {
    const { calls } = server(stop(code), sandbox);
    renderCheckout();
    await userEvent.click(screen.getByRole('button', { name: 'pay' }));
    const popup = await screen.findByTestId('error-popup', {}, T);
    expect(within(popup).getByText(title)).toBeTruthy();
    expect(within(popup).getByRole('button', { name: '去完善资料' })).toBeTruthy();
    expect(payCalls(calls)).toHaveLength(0);
  });

  it('262145 (blacklisted) shows the support phone and stops', async () => {
    const { calls } = server(stop(262145), sandbox);
    renderCheckout();
    await userEvent.click(screen.getByRole('button', { name: 'pay' }));
    const popup = await screen.findByTestId('error-popup', {}, T);
    expect(within(popup).getByText('无法操作')).toBeTruthy();
    expect(popup.querySelector('a[href^="tel:"]')).not.toBeNull();
    expect(payCalls(calls)).toHaveLength(0);
  });

  it('262146 (first review, temporary right) goes on to pay, and says so once paid', async () => {
    const { state } = server(ok(262146), sandbox);
    const { done } = renderCheckout({ scene: 'h5' });
    await userEvent.click(screen.getByRole('button', { name: 'pay' }));
    await userEvent.click(await screen.findByTestId('sandbox-pay-confirm', {}, T));
    await waitFor(() => expect(done).toHaveBeenCalled(), T);
    expect(state.paid).toBe(true);
    const popup = await screen.findByTestId('error-popup', {}, T);
    expect(within(popup).getByText('报名成功！您的资料正在审核中，审核期间可临时收听课程')).toBeTruthy();
  });
});

describe('useCheckout — WeChat Pay outside WeChat', () => {
  it('a mobile browser asks for scene=h5 and leaves for h5_url with redirect_url back to the pay result page', async () => {
    const h5Url = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1';
    const { calls } = server(ok(), { ...wechat, scene: 'h5', h5Url });
    const redirect = vi.fn();
    const { done } = renderCheckout({ scene: 'h5', redirect });
    await userEvent.click(screen.getByRole('button', { name: 'pay' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1), T);
    const target = new URL(redirect.mock.calls[0]![0] as string);
    expect(target.origin + target.pathname).toBe('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb');
    const back = new URL(target.searchParams.get('redirect_url')!);
    // Over http the app routes by hash (spec §2).
    expect(back.origin).toBe(window.location.origin);
    const route = new URL(back.hash.slice(1), 'http://app.invalid');
    expect(route.pathname).toBe('/order/payResult');
    expect(Object.fromEntries(route.searchParams)).toEqual({ orderId: '501', courseId: '12' });
    expect(payCalls(calls)[0]?.url.searchParams.get('scene')).toBe('h5');
    const outcome = done.mock.calls[0]?.[0];
    expect(outcome?.result.errCode).toBe(0);
    expect(outcome?.result.leaving).toBe(true);
  });

  it('a desktop browser asks for scene=native, shows code_url as a QR code, and closes it once the order is paid', async () => {
    const { state, calls } = server(ok(), { ...wechat, scene: 'native', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc1234' });
    const onPaid = vi.fn();
    const { done } = renderCheckout({ scene: 'native', onPaid });
    await userEvent.click(screen.getByRole('button', { name: 'pay' }));
    const qr = await screen.findByTestId('native-pay-qr', {}, T);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('¥')).toBeTruthy();
    expect(payCalls(calls)[0]?.url.searchParams.get('scene')).toBe('native');
    // The learner scans and pays on the phone; the sheet notices on its next poll.
    act(() => {
      state.paid = true;
    });
    await waitFor(() => expect(screen.queryByTestId('native-pay-sheet')).toBeNull(), { timeout: 8000 });
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1), T);
    expect(done.mock.calls[0]?.[0]).toMatchObject({ result: { errCode: 0 }, confirmed: 'paid' });
  }, 15_000);

  it('closing the QR sheet keeps the order and answers -1093 (cancelled)', async () => {
    server(ok(), { ...wechat, scene: 'native', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc1234' });
    const { done } = renderCheckout({ scene: 'native' });
    await userEvent.click(screen.getByRole('button', { name: 'pay' }));
    await screen.findByTestId('native-pay-qr', {}, T);
    await userEvent.click(screen.getByRole('button', { name: '暂不支付' }));
    await waitFor(() => expect(done).toHaveBeenCalled(), T);
    expect(done.mock.calls[0]?.[0]?.result).toMatchObject({ errCode: -1093, cancelled: true });
    expect(screen.queryByTestId('native-pay-sheet')).toBeNull();
  });

  it('the sandbox keeps its own sheet whatever the scene', async () => {
    const { calls } = server(ok(), sandbox);
    renderCheckout({ scene: 'native' });
    await userEvent.click(screen.getByRole('button', { name: 'pay' }));
    expect(await screen.findByTestId('sandbox-cashier', {}, T)).toBeTruthy();
    expect(screen.queryByTestId('native-pay-sheet')).toBeNull();
    expect(payCalls(calls)).toHaveLength(1);
  });
});

describe('useCheckout — another channel (a 代付 link)', () => {
  it('asks the channel for pay parameters and comes back where the channel says, never through the owner’s calls', async () => {
    const h5Url = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2';
    const { calls } = server(ok(), sandbox);
    const payParams = vi.fn(() => Promise.resolve<PayParams>({ ...wechat, scene: 'h5', h5Url }));
    const redirect = vi.fn();
    const channel = { payParams, sandboxPay: vi.fn(), returnTo: () => '/order/payFor?token=501.mac&back=1' };
    renderCheckout({ scene: 'h5', redirect, channel });
    await userEvent.click(screen.getByRole('button', { name: 'pay' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1), T);
    expect(payParams).toHaveBeenCalledWith(expect.objectContaining({ orderId: 501 }), 'h5');
    const back = new URL(new URL(redirect.mock.calls[0]![0] as string).searchParams.get('redirect_url')!);
    expect(back.hash).toBe('#/order/payFor?token=501.mac&back=1');
    expect(payCalls(calls)).toHaveLength(0);
  });
});
