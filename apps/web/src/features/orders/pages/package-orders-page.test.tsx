import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { saveTokens } from '../../../lib/auth-store.ts';

const T = { timeout: 5000 };

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('/userCenter/packageOrders', () => {
  it('asks a visitor who is not logged in to log in instead of loading forever', async () => {
    const { calls } = mockFetch({});
    renderApp('/userCenter/packageOrders');
    expect(await screen.findByText('您还没有登录', undefined, T)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toContain('packageOrders');
    expect(screen.queryByRole('status', { name: '加载中' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/v1/orders'))).toBe(false);
  });

  it('lists a logged-in learner’s bundle orders', async () => {
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    mockFetch({ 'GET /v1/orders/list/0': () => envelope({ rows: [], total: 0 }) });
    renderApp('/userCenter/packageOrders');
    expect(await screen.findByText('暂无套餐订单', undefined, T)).toBeTruthy();
  });
});
