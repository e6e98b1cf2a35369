import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { getRefreshToken, getStoredToken, getStoredUserId } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

afterEach(() => connectRouter(null));

describe('/user/loginComplete', () => {
  it('stores the tokens from the callback and replaces the address with returnUrl', async () => {
    mockFetch({});
    const app = renderApp(
      '/user/loginComplete?returnUrl=%2Fexam%2Findex%3Fid%3D2&accessToken=at1&refreshToken=rt1&expiresIn=7200&businessType=3',
    );
    await waitFor(() => expect(app.location()).toBe('/exam/index?id=2&businessType=3'), { timeout: 5000 });
    expect(getStoredToken()).toBe('at1');
    expect(getRefreshToken()).toBe('rt1');
    // Replaced, not pushed: "back" does not return to the address holding the tokens.
    expect(app.router.state.historyAction).toBe('REPLACE');
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
    mockFetch({});
    const app = renderApp('/user/loginComplete?returnUrl=https%3A%2F%2Fevil.example%2F&accessToken=at1');
    await waitFor(() => expect(app.location()).toBe('/'), { timeout: 5000 });
  });

  it('explains when the callback carries no credentials', async () => {
    mockFetch({});
    renderApp('/user/loginComplete?returnUrl=%2Flives');
    expect(await screen.findByRole('heading', { name: '登录未完成' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新登录' }).getAttribute('href')).toBe('/user/login?redirect=%2Flives');
  });
});
