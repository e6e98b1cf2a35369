import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { saveTokens } from '../../../lib/auth-store.ts';
import { getCorporateVipState, reloadCorporateVip, resetCorporateVip } from './corporate-vip-store.ts';

const T0 = 1_700_000_000_000;
const paths = (calls: { path: string }[]) => calls.map((c) => c.path);

afterEach(() => resetCorporateVip());

describe('corporate VIP reload', () => {
  it('does nothing for visitors who are not logged in', async () => {
    const { calls } = mockFetch({});
    await reloadCorporateVip(T0);
    expect(calls).toHaveLength(0);
  });

  it('asks for the last visited corporate and stops there when there is one', async () => {
    saveTokens({ accessToken: 't' });
    const { calls } = mockFetch({ '/v1/corporates/last_visit_corporate': () => envelope(12) });
    await reloadCorporateVip(T0);
    expect(getCorporateVipState()).toMatchObject({ currentCorId: 12, expireKnown: false });
    expect(paths(calls)).toEqual(['/v1/corporates/last_visit_corporate']);
    // Known now: later navigations do not ask again.
    await reloadCorporateVip(T0 + 1000);
    expect(calls).toHaveLength(1);
  });

  it('asks for the last expired corporate when none was visited and expiry is unknown', async () => {
    saveTokens({ accessToken: 't' });
    const { calls } = mockFetch({
      '/v1/corporates/last_visit_corporate': () => envelope(null),
      '/v1/corporates/last_expired_corporate': () => envelope({ corporateId: 7 }),
    });
    await reloadCorporateVip(T0);
    expect(getCorporateVipState()).toEqual({ currentCorId: null, expireCorId: 7, expireKnown: true });
    // Asked again later, but the expiry is known by then.
    await reloadCorporateVip(T0 + 61_000);
    expect(paths(calls)).toEqual([
      '/v1/corporates/last_visit_corporate',
      '/v1/corporates/last_expired_corporate',
      '/v1/corporates/last_visit_corporate',
    ]);
  });

  it('tolerates 404s and 403s silently, without starting a login', async () => {
    saveTokens({ accessToken: 't' });
    const { calls } = mockFetch({ '/v1/corporates/last_visit_corporate': () => envelope(null, 403, '请先登录', 403) });
    await expect(reloadCorporateVip(T0)).resolves.toBeUndefined();
    expect(document.querySelector('[data-testid="error-popup"]')).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBe('t');
    // Backs off instead of asking on every navigation.
    await reloadCorporateVip(T0 + 1000);
    expect(calls).toHaveLength(1);
  });

  it('shares one request between navigations that overlap', async () => {
    saveTokens({ accessToken: 't' });
    const { calls } = mockFetch({ '/v1/corporates/last_visit_corporate': () => envelope(3) });
    await Promise.all([reloadCorporateVip(T0), reloadCorporateVip(T0), reloadCorporateVip(T0)]);
    expect(calls).toHaveLength(1);
  });

  it('forgets the state when the session changes', async () => {
    saveTokens({ accessToken: 't' });
    mockFetch({ '/v1/corporates/last_visit_corporate': () => envelope(3) });
    await reloadCorporateVip(T0);
    expect(getCorporateVipState().currentCorId).toBe(3);
    saveTokens({ accessToken: 'someone-else' });
    expect(getCorporateVipState().currentCorId).toBeNull();
  });
});
