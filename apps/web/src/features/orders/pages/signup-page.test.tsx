import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '@jinfa/shared/schemas';
import type { OrderQuote } from '@jinfa/shared/order-kind-schemas';
import { courseDetail } from '../../../../test/course-fixtures.ts';
import { envelope, mockFetch, type Call } from '../../../../test/fetch-mock.ts';
import { payRoutes, pendingOrder } from '../../../../test/order-fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

const T = { timeout: 5000 };

const course = courseDetail(12, {
  name: '商业银行授信业务合规要点',
  detail: '<p>授信合规</p>',
  courseLevel: 2,
  vipPrice: 19900,
  vipPriceYuan: '199.00',
  originalPrice: 29900,
  originalPriceYuan: '299.00',
  lecturerPosition: '合伙人',
  isFavorite: false,
});

const me = { userId: 7, name: '张三', nickname: '', mobile: '13800138000' } as UserProfile;

/** GET /v1/orders/quote/course/12: what the page shows; -1283 once owned. */
function quoteOf(owned: boolean, overrides: Partial<OrderQuote> = {}): OrderQuote {
  return {
    target: 'course',
    kind: 1,
    type: 1,
    targetId: 12,
    courseId: 12,
    title: course.name,
    subtitle: '王律师 · 合伙人',
    cover: '',
    price: 29900,
    priceYuan: '299.00',
    originalPrice: 29900,
    originalPriceYuan: '299.00',
    code: owned ? -1283 : 0,
    message: owned ? '您已报名' : '',
    owned,
    window: null,
    note: owned ? '' : '会员价 ¥199.00，开通会员后购买更优惠',
    startAt: null,
    ...overrides,
  };
}

/** A tiny server: one pending order that sandbox_pay pays; the course is owned once it is. */
function server() {
  const state = { paid: false, orders: 0 };
  const routes: Record<string, (call: Call) => Response> = {
    '/v1/users/me': () => envelope(me),
    '/v1/courses/12': () => envelope({ ...course, owned: state.paid }),
    '/v1/orders/quote/course/12': () => envelope(quoteOf(state.paid)),
    '/v1/courses/12/check_user_audit_status': () => envelope({ code: 0, canBuy: true, needsVerifiedProfile: false }),
    '/v1/courses/12/related/5': () => envelope([]),
    '/v1/courses/12/users': () => envelope({ rows: [], total: 0 }),
    'GET /v1/courses/12/appraisals': () => envelope({ rows: [], total: 0, averageScore: null }),
    'GET /v1/comment/12': () => envelope({ rows: [], hasMore: false }),
    'POST /v1/courses/12/visit': () => envelope(null),
    'POST /v1/orders/12': () => {
      state.orders += 1;
      return envelope({ order: pendingOrder(), created: state.orders === 1 });
    },
    ...payRoutes(state),
  };
  return { state, routes };
}

beforeEach(() => saveTokens({ accessToken: 'tok', userId: 7 }));
afterEach(() => connectRouter(null));

describe('/course/signup', () => {
  it('shows the order summary: course, lecturer, price, VIP note and the learner’s phone', async () => {
    mockFetch(server().routes);
    renderApp('/course/signup?courseId=12');
    expect(await screen.findByRole('heading', { name: course.name }, T)).toBeTruthy();
    expect(screen.getByText('王律师 · 合伙人')).toBeTruthy();
    expect(screen.getByTestId('signup-price').textContent).toBe('¥299.00');
    expect(screen.getByText(/会员价 ¥199.00/)).toBeTruthy();
    expect((await screen.findByText('138****8000', undefined, T)).getAttribute('data-testid')).toBe('signup-mobile');
  });

  it('pays in the sandbox sheet, waits for the payment, and the course unlocks (buy button gone)', async () => {
    const { routes, state } = server();
    const { calls } = mockFetch(routes);
    const { location } = renderApp('/course/signup?courseId=12');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '确认支付' }, T));

    const sheet = await screen.findByRole('dialog', undefined, T);
    expect(within(sheet).getByText('金法课堂')).toBeTruthy();
    expect(within(sheet).getByTestId('sandbox-pay-amount').textContent).toBe('¥299.00');
    expect(within(sheet).getByText('零钱')).toBeTruthy();
    expect(state.paid).toBe(false);
    await user.click(within(sheet).getByTestId('sandbox-pay-confirm'));

    await waitFor(() => expect(location()).toBe('/course/detail?courseId=12'), T);
    expect(await screen.findByTestId('study-button', undefined, T)).toBeTruthy();
    expect(screen.queryByTestId('buy-button')).toBeNull();
    expect(await screen.findByText('支付成功', undefined, T)).toBeTruthy();
    const order = calls.map((c) => `${c.method} ${c.path}`).filter((p) => (p.includes('/orders/') && !p.includes('/quote/')) || p.includes('check_order'));
    expect(order.slice(0, 4)).toEqual([
      'POST /v1/orders/12',
      'POST /v1/orders/501/order_web_wxpay',
      'POST /v1/orders/501/sandbox_pay',
      'GET /v1/courses/12/check_order_progress',
    ]);
  });

  it('keeps the pending order when the learner cancels, and pays the same order on the next try', async () => {
    const { routes, state } = server();
    const { calls } = mockFetch(routes);
    const { location } = renderApp('/course/signup?courseId=12');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '确认支付' }, T));
    await user.click(within(await screen.findByRole('dialog', undefined, T)).getByRole('button', { name: '取消' }));

    expect(await screen.findByText(/已取消支付/, undefined, T)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/course/signup?courseId=12');
    expect(calls.some((c) => c.path.endsWith('/sandbox_pay'))).toBe(false);
    expect(state.paid).toBe(false);

    await user.click(await screen.findByRole('button', { name: '确认支付' }, T));
    await user.click(within(await screen.findByRole('dialog', undefined, T)).getByTestId('sandbox-pay-confirm'));
    await waitFor(() => expect(location()).toBe('/course/detail?courseId=12'), T);
    // The same order 501 both times: the server reuses the pending one.
    expect(calls.filter((c) => c.path === '/v1/orders/501/order_web_wxpay')).toHaveLength(2);
  });

  it('opens one cashier for a double tap', async () => {
    const { routes } = server();
    const { calls } = mockFetch(routes);
    renderApp('/course/signup?courseId=12');
    const pay = await screen.findByRole('button', { name: '确认支付' }, T);
    const user = userEvent.setup();
    await user.dblClick(pay);
    await screen.findByRole('dialog', undefined, T);
    expect(screen.getAllByTestId('sandbox-pay-confirm')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/v1/orders/12')).toHaveLength(1);
  });

  it('tells an owner there is nothing to buy', async () => {
    const { routes, state } = server();
    state.paid = true;
    mockFetch(routes);
    renderApp('/course/signup?courseId=12');
    expect(await screen.findByText('您已拥有这门课程', undefined, T)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认支付' })).toBeNull();
  });

  it('shows an early-bird price with its window, and a window not yet open as a disabled button', async () => {
    const { routes } = server();
    const open = quoteOf(false, { kind: 5, price: 9900, priceYuan: '99.00', window: { startAt: null, endAt: '2099-01-01T00:00:00.000Z', state: 'open' } });
    mockFetch({ ...routes, '/v1/orders/quote/course/12': () => envelope(open) });
    renderApp('/course/signup?courseId=12');
    expect(await screen.findByText('早鸟价', undefined, T)).toBeTruthy();
    expect(screen.getByTestId('signup-price').textContent).toBe('¥99.00¥299.00');
    expect(screen.getByTestId('signup-window').textContent).toMatch(/^报名截止 2099-01-01/);
  });

  it('disables paying before the enrolment window opens (-1284)', async () => {
    const { routes } = server();
    const soon = quoteOf(false, { code: -1284, message: '报名尚未开始，请耐心等待', window: { startAt: '2099-01-01T00:00:00.000Z', endAt: null, state: 'not_started' } });
    const { calls } = mockFetch({ ...routes, '/v1/orders/quote/course/12': () => envelope(soon) });
    renderApp('/course/signup?courseId=12');
    const button = await screen.findByRole('button', { name: '报名未开始' }, T);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('signup-window').textContent).toMatch(/^报名将于 2099-01-01/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('buys one chapter with ?chapterId= and a column with ?columnId= through their own calls', async () => {
    const { routes } = server();
    const chapterOrder = { ...pendingOrder(), kind: 2 };
    const { calls } = mockFetch({
      ...routes,
      '/v1/orders/quote/chapter/88': () => envelope(quoteOf(false, { target: 'chapter', kind: 2, targetId: 88, title: '第2讲 付费', price: 4900, priceYuan: '49.00', note: '' })),
      'POST /v1/orders/chapter/88': () => envelope({ order: chapterOrder, created: true }),
      '/v1/orders/quote/column/5': () => envelope(quoteOf(false, { target: 'column', kind: 3, targetId: 5, courseId: null, title: '反洗钱专栏', note: '' })),
    });
    renderApp('/course/signup?chapterId=88');
    expect(await screen.findByRole('heading', { name: '第2讲 付费' }, T)).toBeTruthy();
    expect(screen.getByText('单节购买')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '确认支付' }));
    await screen.findByRole('dialog', undefined, T);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/orders/chapter/88')).toBe(true);
  });

  it('uses the signed auto-order link when the address carries timestamp and sign', async () => {
    const { routes } = server();
    const { calls } = mockFetch({ ...routes, 'POST /v1/orders/12/auto_order': () => envelope({ order: pendingOrder(), created: true }) });
    renderApp('/course/signup?courseId=12&timestamp=1700000000&sign=abc123');
    await userEvent.setup().click(await screen.findByRole('button', { name: '确认支付' }, T));
    await screen.findByRole('dialog', undefined, T);
    const post = calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/orders/12'));
    expect(post?.path).toBe('/v1/orders/12/auto_order');
    expect(post?.url.searchParams.get('timestamp')).toBe('1700000000');
  });
});
