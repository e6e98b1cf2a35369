import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { courseCard } from '../../../../test/course-fixtures.ts';
import { clearTokens, saveTokens } from '../../../lib/auth-store.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';

function offer(overrides: Record<string, unknown> = {}) {
  return {
    course: courseCard(5, { price: 12900, priceYuan: '129.00', activityType: 1 }),
    rebate: 2000,
    rebateYuan: '20.00',
    price: 12900,
    priceYuan: '129.00',
    owned: false,
    sharerRewarded: true,
    sharerNickname: '分享人',
    blockedCode: 0,
    ...overrides,
  };
}

describe('cash-back page (decision 019: links count through the server’s token)', () => {
  afterEach(() => {
    clearTokens();
    vi.unstubAllGlobals();
  });

  it('sends the link’s suid and invitation token with the offer and the order', async () => {
    saveTokens({ accessToken: 'token-1', userId: 9 });
    const { calls } = mockFetch({
      'GET /v1/activities/cashback/5': () => envelope(offer()),
      'POST /v1/activities/cashback/5/order': () => envelope(null, -10001, 'stop here'),
    });
    renderApp(`/activity/cashBack?id=5&suid=7&it=${TOKEN}&source=rebate`);
    await screen.findByText('分享人', undefined, { timeout: 5000 });
    const get = calls.find((c) => c.path === '/v1/activities/cashback/5');
    expect(Object.fromEntries(get!.url.searchParams)).toEqual({ suid: '7', it: TOKEN });
    await userEvent.click(screen.getByTestId('cashback-buy'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/activities/cashback/5/order')?.body).toEqual({ suid: 7, it: TOKEN });
  });

  it('drops a token that is not one of ours', async () => {
    saveTokens({ accessToken: 'token-1', userId: 9 });
    const { calls } = mockFetch({ 'GET /v1/activities/cashback/5': () => envelope(offer({ sharerRewarded: false, sharerNickname: '' })) });
    renderApp(`/activity/cashBack?id=5&suid=7&it=${encodeURIComponent("x' or 1=1")}`);
    await screen.findByTestId('cashback-buy', undefined, { timeout: 5000 });
    expect(Object.fromEntries(calls.find((c) => c.path === '/v1/activities/cashback/5')!.url.searchParams)).toEqual({ suid: '7' });
  });

  it('an owner’s share asks the server for a token and puts it in the link', async () => {
    saveTokens({ accessToken: 'token-1', userId: 9 });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { calls } = mockFetch({
      'GET /v1/activities/cashback/5': () => envelope(offer({ owned: true, sharerRewarded: false, sharerNickname: '' })),
      'POST /v1/activities/invite/5/link': () => envelope({ courseId: 5, token: TOKEN, suid: 9, expiresAt: '2026-12-25T00:00:00.000Z' }),
    });
    renderApp('/activity/cashBack?id=5');
    await userEvent.click(await screen.findByTestId('cashback-share', undefined, { timeout: 5000 }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/activities/invite/5/link')).toBe(true);
    const link = new URL(String((writeText.mock.calls[0] as unknown[])[0]));
    expect(link.searchParams.get('it')).toBe(TOKEN);
    expect(link.searchParams.get('suid')).toBe('9');
  });
});
