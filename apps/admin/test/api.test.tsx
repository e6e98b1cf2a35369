import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setCsrfToken } from '../src/lib/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, operator, renderApp } from './support';

describe('lib/api', () => {
  beforeAll(() => Promise.all([import('../src/features/auth'), import('../src/features/dashboard')]), 30_000);

  it('sends the session CSRF token on writes, not on reads, with the cookie', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/things': { code: 0, data: { ok: 1 } },
      'POST /v1/admin/things': { code: 0, data: { id: 7 } },
      'PATCH /v1/admin/things/7': { code: 0, data: null },
    });
    setCsrfToken('tok-123');
    expect(await api.get('/v1/admin/things', { page: 2, q: '', status: undefined })).toEqual({ ok: 1 });
    expect(await api.post('/v1/admin/things', { title: '课' })).toEqual({ id: 7 });
    await api.patch('/v1/admin/things/7', { title: '新' });
    setCsrfToken(null);

    expect(calls[0]!.url).toBe('/v1/admin/things?page=2');
    expect(calls[0]!.headers['X-CSRF-Token']).toBeUndefined();
    expect(calls[1]!.headers['X-CSRF-Token']).toBe('tok-123');
    expect(calls[1]!.headers['Content-Type']).toBe('application/json');
    expect(calls[1]!.body).toEqual({ title: '课' });
    expect(calls[2]!.headers['X-CSRF-Token']).toBe('tok-123');
    const init = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[1]![1];
    expect(init.credentials).toBe('same-origin');
  });

  it('throws an ApiError with the code and message of the envelope', async () => {
    mockApi({ 'POST /v1/admin/refunds/1/approve': { code: -10801, message: '您的角色无权进行此操作', status: 403 } });
    const error = await api.post('/v1/admin/refunds/1/approve').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -10801, message: '您的角色无权进行此操作', status: 403 });
  });

  it('turns a non-JSON answer (a proxy error page) into a coded error, not a crash', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>502</html>', { status: 502 }));
    await expect(api.get('/v1/admin/dashboard')).rejects.toMatchObject({ code: -50000, status: 502 });
  });

  it('sends the operator to sign-in when the session has expired', async () => {
    window.history.replaceState(null, '', '/admin/refunds?page=3');
    mockApi({ 'GET /v1/admin/refunds': { code: -10800, message: '请先登录管理后台', status: 401 } });
    await expect(api.get('/v1/admin/refunds')).rejects.toMatchObject({ code: -10800 });
    expect(window.location.pathname).toBe('/admin/login');
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/refunds?page=3');
  });

  it('uses the token from GET /v1/admin/session for the app’s writes (sign-out)', async () => {
    const { calls } = mockApi({
      'GET /v1/admin/session': { code: 0, data: { operator: operator('owner'), csrfToken: 'from-session' } },
      'GET /v1/admin/dashboard': {
        code: 0,
        data: {
          totals: { salesFen: 0, orders: 0, paidOrders: 0, newLearners: 0, learningSeconds: 0, refundsFen: 0 },
          series: [],
          topCourses: [],
          waiting: { profiles: 0, refunds: 0, anomalies: 0 },
        },
      },
      'DELETE /v1/admin/session': { code: 0, data: null },
    });
    renderApp('/admin/');
    await userEvent.setup().click(await screen.findByRole('button', { name: /退出登录/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    const del = calls.find((c) => c.method === 'DELETE');
    expect(del?.headers['X-CSRF-Token']).toBe('from-session');
    expect(await screen.findByTestId('admin-login-phone')).toBeTruthy();
  });
});
