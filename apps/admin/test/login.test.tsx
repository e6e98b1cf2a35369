import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGIN_REQUIRED, mockApi, operator, renderApp } from './support';

const DASHBOARD = {
  totals: { salesFen: 123000, orders: 12, paidOrders: 10, newLearners: 5, learningSeconds: 7200, refundsFen: 0 },
  series: [],
  topCourses: [],
  waiting: { profiles: 1, refunds: 2, anomalies: 0 },
};

async function fillAndSubmit(phone: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByTestId('admin-login-phone'), phone);
  await user.type(screen.getByTestId('admin-login-password'), password);
  await user.click(screen.getByTestId('admin-login-submit'));
  return user;
}

describe('sign-in page', () => {
  // Pages are lazy chunks; load them before the clock of the first assertion starts.
  beforeAll(() => Promise.all([import('../src/features/auth'), import('../src/features/dashboard')]), 30_000);

  it('sends a signed-out visitor to sign-in and keeps where they were going', async () => {
    mockApi({ 'GET /v1/admin/session': LOGIN_REQUIRED });
    renderApp('/admin/orders?page=2');
    await screen.findByTestId('admin-login-phone');
    expect(window.location.pathname).toBe('/admin/login');
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/orders?page=2');
    expect(document.title).toBe('登录 · 金法课堂 · 运营后台');
  });

  it('checks the form in Chinese before asking the server', async () => {
    const { calls } = mockApi({ 'GET /v1/admin/session': LOGIN_REQUIRED });
    renderApp('/admin/login');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('admin-login-submit'));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the server refusal in Chinese', async () => {
    mockApi({
      'GET /v1/admin/session': LOGIN_REQUIRED,
      'POST /v1/admin/session': { code: -10805, message: '手机号或密码错误', status: 401 },
    });
    renderApp('/admin/login');
    await fillAndSubmit('13800000000', 'wrong-pass1');
    const alert = await screen.findByTestId('admin-login-error');
    expect(alert.textContent).toContain('手机号或密码错误');
    expect(window.location.pathname).toBe('/admin/login');
  });

  it('says the account is locked', async () => {
    mockApi({
      'GET /v1/admin/session': LOGIN_REQUIRED,
      'POST /v1/admin/session': { code: -10804, message: '登录失败次数过多，请15分钟后再试', status: 429 },
    });
    renderApp('/admin/login');
    await fillAndSubmit('13800000000', 'wrong-pass1');
    const alert = await screen.findByTestId('admin-login-error');
    expect(alert.textContent).toContain('账号已锁定');
    expect(alert.textContent).toContain('15 分钟');
  });

  it('asks for the TOTP code when the server wants one, then signs in with it and opens the dashboard', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': LOGIN_REQUIRED,
      'POST /v1/admin/session': ({ body }) =>
        (body as { totp?: string }).totp === '123456'
          ? { code: 0, data: { operator: operator('owner', { totpEnabled: true }), csrfToken: 'csrf-1' } }
          : { code: -10806, message: '请输入动态验证码', status: 401 },
      'GET /v1/admin/dashboard': { code: 0, data: DASHBOARD },
    });
    renderApp('/admin/login');
    expect(screen.queryByTestId('admin-login-totp')).toBeNull();
    const user = await fillAndSubmit('13800000000', 'Admin12345');
    const totp = await screen.findByTestId('admin-login-totp');
    expect(screen.getByLabelText('动态验证码')).toBe(totp);
    await user.type(totp, '123456');
    await user.click(screen.getByTestId('admin-login-submit'));

    await waitFor(() => expect(window.location.pathname).toBe('/admin/'));
    expect(await screen.findByRole('heading', { name: '仪表盘' })).toBeTruthy();
    expect(screen.getByTestId('admin-operator-name').textContent).toBe('王小明');
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/v1/admin/session');
    expect(posts.map((c) => c.body)).toEqual([
      { phone: '13800000000', password: 'Admin12345' },
      { phone: '13800000000', password: 'Admin12345', totp: '123456' },
    ]);
  });
});
