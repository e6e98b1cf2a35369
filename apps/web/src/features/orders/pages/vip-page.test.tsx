import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MembershipPlan, VipInfo } from '@jinfa/shared/membership-schemas';
import type { Order, OrderProgress, PayParams } from '@jinfa/shared/schemas';
import { envelope, mockFetch, type Call } from '../../../../test/fetch-mock.ts';
import { courseCard } from '../../../../test/course-fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { clearTokens, saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

const T = { timeout: 5000 };

const right = (icon: string, title: string) => ({ icon, title, description: `${title}说明` });

function plan(planId: number, overrides: Partial<MembershipPlan>): MembershipPlan {
  return {
    planId,
    code: `p${planId}`,
    name: `套餐${planId}`,
    subtitle: '',
    userType: 3,
    userTypeLabel: '基础会员',
    billingType: 3,
    durationDays: 30,
    price: 3900,
    priceYuan: '39.00',
    originalPrice: 6900,
    originalPriceYuan: '69.00',
    rights: [right('free', '会员免费课程'), right('price', '会员专享价')],
    ...overrides,
  };
}

const MONTHLY = [
  plan(1, { name: '基础会员·月卡', subtitle: '30天畅学会员专区' }),
  plan(2, { name: '专题会员·月卡', userType: 4, userTypeLabel: '专题会员', price: 6900, priceYuan: '69.00', originalPrice: 9900, originalPriceYuan: '99.00', rights: [right('column', '专栏8折'), right('exam', '专题测评')] }),
];
const YEARLY = [plan(3, { name: '基础会员·年卡', billingType: 1, durationDays: 365, price: 36500, priceYuan: '365.00', originalPrice: 58800, originalPriceYuan: '588.00', rights: [right('certificate', '学习证书')] })];

const ordinary: VipInfo = { member: false, userType: 1, kindName: '普通用户', expireAt: null, expired: false, daysLeft: null, savedFen: 0, savedYuan: '0.00', corporate: null };

function pendingOrder(planId: number, amount: string): Order {
  return {
    orderId: 900 + planId,
    orderNo: `JF${planId}`,
    type: 1,
    kind: 7,
    status: 'pending',
    totalPrice: Math.round(Number(amount) * 100),
    orderPrice: amount,
    course: null,
    createdAt: new Date().toISOString(),
    paidAt: null,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  };
}

const sandboxParams: PayParams = { provider: 'sandbox', timestamp: '1', nonceStr: 'n', prepayId: 'sbx_1', signType: 'RSA', sign: 's' };

/** A tiny server: plans by billing type, my vip_info, and membership orders that sandbox_pay pays. */
function server(initial: VipInfo = ordinary) {
  const state = { info: initial, paid: new Set<number>(), polls: 0 };
  const routes: Record<string, (call: Call) => Response> = {
    'GET /v1/course_members/rights/list': (call) => {
      const type = Number(call.url.searchParams.get('type'));
      return envelope({ type, plans: type === 1 ? YEARLY : MONTHLY });
    },
    'GET /v1/course_members/vip_info': () => envelope(state.info),
    'GET /v1/users/me': () => envelope({ userId: 7, name: '张三' }),
  };
  for (const p of [...MONTHLY, ...YEARLY]) {
    const order = pendingOrder(p.planId, p.priceYuan);
    routes[`POST /v1/orders/member/${p.planId}`] = () => envelope({ order, created: true });
    routes[`POST /v1/orders/${order.orderId}/order_web_wxpay`] = () => envelope(sandboxParams);
    routes[`POST /v1/orders/${order.orderId}/sandbox_pay`] = () => envelope({ status: 'paid' });
    routes[`GET /v1/course_members/orders/${order.orderId}`] = () => {
      // The sheet says paid, but the order reads paid only from the second poll: the page must wait for it.
      state.polls += 1;
      if (state.polls >= 2 && !state.paid.has(order.orderId)) {
        state.paid.add(order.orderId);
        state.info = { ...ordinary, member: true, userType: p.userType, kindName: p.userTypeLabel, expireAt: '2027-01-15T10:00:00+08:00', daysLeft: p.durationDays };
      }
      const paid = state.paid.has(order.orderId);
      return envelope({ orderId: order.orderId, status: paid ? 'paid' : 'pending', paid, owned: paid } satisfies OrderProgress);
    };
  }
  return { state, routes };
}

afterEach(() => {
  connectRouter(null);
  clearTokens();
});

describe('/userCenter/vip', () => {
  it('shows my status, the monthly and yearly plans with prices in yuan, and the picked plan’s rights', async () => {
    saveTokens({ accessToken: 'tok', userId: 7 });
    const { calls } = mockFetch(server().routes);
    const { location } = renderApp('/userCenter/vip');
    expect(await screen.findByText('您还不是会员', undefined, T)).toBeTruthy();
    const cards = await screen.findAllByTestId('vip-plan', undefined, T);
    expect(cards.map((c) => c.getAttribute('data-plan-code'))).toEqual(['p1', 'p2']);
    expect(within(cards[0]!).getByText('69', { exact: false }).tagName).toBe('S');
    expect(cards[0]!.getAttribute('aria-checked')).toBe('true');
    expect(within(screen.getByTestId('vip-rights')).getByText('会员免费课程')).toBeTruthy();
    expect(screen.getByTestId('vip-total').textContent).toBe('¥39.00');
    expect(screen.getByTestId('vip-buy').textContent).toBe('立即开通');

    const user = userEvent.setup();
    await user.click(cards[1]!);
    expect(within(screen.getByTestId('vip-rights')).getByText('专栏8折')).toBeTruthy();
    expect(screen.getByTestId('vip-total').textContent).toBe('¥69.00');

    await user.click(screen.getByRole('tab', { name: '年卡' }));
    await waitFor(() => expect(screen.getAllByTestId('vip-plan').map((c) => c.getAttribute('data-plan-code'))).toEqual(['p3']), T);
    expect(location()).toBe('/userCenter/vip?type=1');
    expect(screen.getByTestId('vip-total').textContent).toBe('¥365.00');
    expect(within(screen.getByTestId('vip-rights')).getByText('学习证书')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/course_members/rights/list').map((c) => c.url.searchParams.get('type'))).toEqual(['3', '1']);
  });

  it('buys a plan in the sandbox sheet, waits until the membership order is paid, then shows the new status', async () => {
    saveTokens({ accessToken: 'tok', userId: 7 });
    const { routes, state } = server();
    const { calls } = mockFetch(routes);
    renderApp('/userCenter/vip');
    const user = userEvent.setup();
    await screen.findAllByTestId('vip-plan', undefined, T);
    await user.click(screen.getByTestId('vip-buy'));

    const sheet = await screen.findByRole('dialog', undefined, T);
    expect(within(sheet).getByTestId('sandbox-pay-amount').textContent).toBe('¥39.00');
    await user.click(within(sheet).getByTestId('sandbox-pay-confirm'));

    await waitFor(() => expect(screen.getByTestId('vip-status-title').textContent).toBe('基础会员'), T);
    expect(screen.getByTestId('vip-status-line').textContent).toBe('有效期至 2027-01-15 · 剩余 30 天');
    expect(screen.getByTestId('vip-buy').textContent).toBe('立即续费');
    expect(state.polls).toBeGreaterThanOrEqual(2);
    const flow = calls.map((c) => `${c.method} ${c.path}`).filter((p) => p.includes('/orders/'));
    expect(flow.slice(0, 4)).toEqual([
      'POST /v1/orders/member/1',
      'POST /v1/orders/901/order_web_wxpay',
      'POST /v1/orders/901/sandbox_pay',
      'GET /v1/course_members/orders/901',
    ]);
  }, 10_000);

  it('shows an expired membership as expired and offers to renew it', async () => {
    saveTokens({ accessToken: 'tok', userId: 7 });
    mockFetch(server({ ...ordinary, userType: 3, kindName: '基础会员', expired: true, expireAt: '2026-01-01T10:00:00+08:00', savedFen: 14000, savedYuan: '140.00' }).routes);
    renderApp('/userCenter/vip');
    expect(await screen.findByText('基础会员（已过期）', undefined, T)).toBeTruthy();
    expect(screen.getByText('会员价已为您节省 ¥140.00')).toBeTruthy();
    expect((await screen.findByTestId('vip-buy', undefined, T)).textContent).toBe('续费开通');
  });

  it('lets a visitor see the plans, and sends them to log in to buy', async () => {
    const { calls } = mockFetch(server().routes);
    const { location } = renderApp('/userCenter/vip');
    expect(await screen.findByText('登录后查看您的会员状态', undefined, T)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('vip-buy', undefined, T));
    await waitFor(() => expect(location()).toMatch(/^\/user\/login\?/), T);
    expect(calls.some((c) => c.path === '/v1/course_members/vip_info' || c.path.startsWith('/v1/orders/'))).toBe(false);
  });
});

describe('/userCenter/corVip', () => {
  it('shows my corporate membership and the corporate’s courses', async () => {
    saveTokens({ accessToken: 'tok', userId: 7 });
    const corporate = { corporateId: 5, name: '青溪农村商业银行', kindName: '企业年度会员', expireAt: '2027-03-01T10:00:00+08:00', expired: false };
    const { calls } = mockFetch({
      'GET /v1/course_members/vip_info': () => envelope({ ...ordinary, member: true, userType: 7, kindName: '企业年度会员', corporate }),
      'GET /v1/courses/query/corporates_vip/type': () => envelope({ rows: [courseCard(40, { name: '授信尽调实务' })], total: 1 }),
    });
    renderApp('/userCenter/corVip');
    expect(await screen.findByText('青溪农村商业银行', undefined, T)).toBeTruthy();
    expect(screen.getByText('企业年度会员 · 有效期至 2027-03-01')).toBeTruthy();
    expect(await screen.findByText('授信尽调实务', undefined, T)).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/courses/query/corporates_vip/type')?.url.searchParams.get('corporateId')).toBe('5');
  });

  it('explains enterprise membership and links to activation when I have none', async () => {
    saveTokens({ accessToken: 'tok', userId: 7 });
    mockFetch({ 'GET /v1/course_members/vip_info': () => envelope(ordinary) });
    renderApp('/userCenter/corVip');
    expect(await screen.findByText('您还没有加入企业会员', undefined, T)).toBeTruthy();
    expect(screen.getByTestId('corvip-activate').getAttribute('href')).toContain('/corporate/activate');
  });
});
