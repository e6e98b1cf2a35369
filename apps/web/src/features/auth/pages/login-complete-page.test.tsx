import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { getRefreshToken, getStoredToken, getStoredUserId, saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

afterEach(() => connectRouter(null));

describe('/user/loginComplete', () => {
  it('exchanges the one-time code (POST, same browser) for the tokens and replaces the address with returnUrl', async () => {
    const { calls } = mockFetch({
      'POST /v1/users/login_code': () => envelope({ accessToken: 'at1', refreshToken: 'rt1', expiresIn: 7200, refreshExpiresIn: 1, userId: 5, isNewUser: false }),
    });
    const app = renderApp('/user/loginComplete?returnUrl=%2Fexam%2Findex%3Fid%3D2&code=one-time-code&businessType=3');
    await waitFor(() => expect(app.location()).toBe('/exam/index?id=2&businessType=3'), { timeout: 5000 });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/users/login_code', body: { code: 'one-time-code' } });
    // The exchange is anonymous: no token of whoever was signed in before.
    expect(calls[0]?.headers['access-token']).toBeUndefined();
    expect(getStoredToken()).toBe('at1');
    expect(getRefreshToken()).toBe('rt1');
    expect(getStoredUserId()).toBe(5);
    // Replaced, not pushed: "back" does not return to the address holding the code.
    expect(app.router.state.historyAction).toBe('REPLACE');
  });

  it('ignores tokens carried by the address (a forged link signs nobody in)', async () => {
    const { calls } = mockFetch({});
    saveTokens({ accessToken: 'mine', refreshToken: 'my-refresh' });
    renderApp('/user/loginComplete?returnUrl=%2Flives&accessToken=attacker-at&refreshToken=attacker-rt&expiresIn=7200&userId=66');
    expect(await screen.findByRole('heading', { name: '登录未完成' }, { timeout: 5000 })).toBeTruthy();
    expect(getStoredToken()).toBe('mine');
    expect(getRefreshToken()).toBe('my-refresh');
    expect(calls.some((c) => c.path === '/v1/users/login_code')).toBe(false);
  });

  it('shows the server’s reason when the code was used already or belongs to another browser', async () => {
    mockFetch({
      'POST /v1/users/login_code': () => envelope(null, -10211, '请在发起登录的同一浏览器中完成登录'),
    });
    renderApp('/user/loginComplete?returnUrl=%2Flives&code=foreign');
    expect(await screen.findByText('请在发起登录的同一浏览器中完成登录', {}, { timeout: 5000 })).toBeTruthy();
    expect(getStoredToken()).toBeNull();
  });

  it('exchanges a test-mode userId through token2', async () => {
    const { calls } = mockFetch({
      '/v1/wechat/token2': () =>
        envelope({ accessToken: 'at9', refreshToken: 'rt9', expiresIn: 1, refreshExpiresIn: 1, userId: 9, isNewUser: false }),
    });
    const app = renderApp('/user/loginComplete?returnUrl=%2Flives&userId=9');
    await waitFor(() => expect(app.location()).toBe('/lives'), { timeout: 5000 });
    expect(calls[0]?.url.search).toBe('?userId=9&productType=0');
    expect(getStoredUserId()).toBe(9);
  });

  it('refuses to return to another origin', async () => {
    mockFetch({
      'POST /v1/users/login_code': () => envelope({ accessToken: 'at1', refreshToken: 'rt1', expiresIn: 1, refreshExpiresIn: 1, userId: 1, isNewUser: false }),
    });
    const app = renderApp('/user/loginComplete?returnUrl=https%3A%2F%2Fevil.example%2F&code=c1');
    await waitFor(() => expect(app.location()).toBe('/'), { timeout: 5000 });
  });

  it('explains when the callback carries no credentials', async () => {
    mockFetch({});
    renderApp('/user/loginComplete?returnUrl=%2Flives');
    expect(await screen.findByRole('heading', { name: '登录未完成' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新登录' }).getAttribute('href')).toBe('/user/login?redirect=%2Flives');
  });
});
