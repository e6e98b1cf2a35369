import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, operator, renderApp } from './support';

const OTPAUTH = 'otpauth://totp/%E9%87%91%E6%B3%95:13800000000?secret=JBSWY3DPEHPK3PXP&issuer=%E9%87%91%E6%B3%95';

describe('账号安全 page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await import('../src/features/account');
  }, 60_000);

  it('is reached from the header, turns two-step verification on with a code, and shows the coded error first', async () => {
    let totpEnabled = false;
    const { calls } = mockApi({
      'GET /v1/admin/session': () => ({ code: 0, data: { operator: operator('finance', { totpEnabled }), csrfToken: 'csrf-1' } }),
      'GET /v1/admin/dashboard': { code: 0, data: { totals: { salesFen: 0, orders: 0, paidOrders: 0, newLearners: 0, learningSeconds: 0, refundsFen: 0 }, series: [], topCourses: [], waiting: { profiles: 0, refunds: 0, anomalies: 0 } } },
      'POST /v1/admin/me/totp/setup': { code: 0, data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: OTPAUTH } },
      'POST /v1/admin/me/totp/enable': (call) => {
        if ((call.body as { code: string }).code !== '123456') return { code: -10807, message: '动态验证码错误，请重新输入', status: 401 };
        totpEnabled = true;
        return { code: 0, data: null };
      },
    });
    renderApp('/admin/');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('admin-account-link'));
    expect(window.location.pathname).toBe('/admin/account');
    expect((await screen.findByTestId('account-totp-status')).textContent).toBe('未开启');
    expect(screen.getByRole('button', { name: '全部设备退出' })).toBeTruthy();

    await user.click(screen.getByTestId('account-totp-start'));
    expect(await screen.findByRole('img', { name: /两步验证二维码/ })).toBeTruthy();
    expect(screen.getByTestId('account-totp-qr').querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(screen.getByTestId('account-totp-secret').textContent).toContain('JBSWY3DPEHPK3PXP');

    // Not six digits: refused in the page, nothing sent.
    const code = screen.getByLabelText('动态验证码');
    await user.type(code, '12a');
    await user.click(screen.getByTestId('account-totp-submit'));
    expect(await screen.findByText('动态验证码为 6 位数字')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/totp/enable'))).toBe(false);

    // A wrong code: the server's message.
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByTestId('account-totp-submit'));
    expect((await screen.findByTestId('account-totp-error')).textContent).toContain('动态验证码错误');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByTestId('account-totp-submit'));
    expect(await screen.findByText('两步验证已开启，下次登录需要输入动态验证码')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('account-totp-status').textContent).toBe('已开启'));
    const enable = calls.filter((c) => c.url.endsWith('/totp/enable')).at(-1)!;
    expect(enable.body).toEqual({ code: '123456' });
    expect(enable.headers['X-CSRF-Token'] ?? enable.headers['x-csrf-token']).toBe('csrf-1');
  });

  it('turns two-step verification off with a current code', async () => {
    let totpEnabled = true;
    const { calls } = mockApi({
      'GET /v1/admin/session': () => ({ code: 0, data: { operator: operator('owner', { totpEnabled }), csrfToken: 'csrf-2' } }),
      'POST /v1/admin/me/totp/disable': () => {
        totpEnabled = false;
        return { code: 0, data: null };
      },
    });
    renderApp('/admin/account');
    expect((await screen.findByTestId('account-totp-status')).textContent).toBe('已开启');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('动态验证码'), '246810');
    await user.click(screen.getByTestId('account-totp-disable'));
    expect(await screen.findByText('两步验证已关闭')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('account-totp-status').textContent).toBe('未开启'));
    expect(calls.find((c) => c.url.endsWith('/totp/disable'))!.body).toEqual({ code: '246810' });
  });
});
