import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  captureAppToken,
  connectRouter,
  forgetAppToken,
  getAppToken,
  currentSearchParams,
  getAccessToken,
  isAnonymousAllowed,
  loginHref,
  settleLogin,
  startLogin,
} from './session.ts';
import { saveTokens } from './auth-store.ts';

afterEach(() => {
  connectRouter(null);
  settleLogin();
  forgetAppToken();
});

describe('session', () => {
  it('reads query parameters both before and inside the hash', () => {
    window.history.replaceState(null, '', '/?suid=1&x=outer#/cor/history?apptoken=t1&x=inner');
    const params = currentSearchParams();
    expect(params.get('suid')).toBe('1');
    expect(params.get('apptoken')).toBe('t1');
    expect(params.get('x')).toBe('inner');
  });

  it('uses the apptoken before the stored token, on its page only', () => {
    saveTokens({ accessToken: 'stored' });
    expect(getAccessToken()).toBe('stored');
    window.history.replaceState(null, '', '/userCenter/myBill?apptoken=app');
    captureAppToken();
    expect(getAccessToken()).toBe('app');
    // Another page's calls never send it.
    window.history.replaceState(null, '', '/userCenter/userHome');
    expect(getAccessToken()).toBe('stored');
  });

  it('takes the apptoken out of the address bar and never stores it (browser history)', () => {
    window.history.replaceState(null, '', '/userCenter/myBill?a=1&apptoken=secret-app-token&b=2');
    captureAppToken();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/userCenter/myBill?a=1&b=2');
    expect(getAppToken()).toBe('secret-app-token');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('secret-app-token');
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('secret-app-token');
  });

  it('takes the apptoken out of a hash route, before and inside the hash', () => {
    window.history.replaceState(null, '', '/?apptoken=outer-token#/cor/history?x=1&apptoken=inner-token');
    captureAppToken();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/#/cor/history?x=1');
    connectRouter({ navigate: vi.fn(), location: () => '/cor/history?x=1' });
    expect(getAppToken()).toBe('inner-token');
  });

  it('removes and ignores an apptoken on any other page', () => {
    saveTokens({ accessToken: 'stored' });
    window.history.replaceState(null, '', '/userCenter/userHome?apptoken=foreign');
    captureAppToken();
    expect(window.location.search).toBe('');
    expect(getAccessToken()).toBe('stored');
    expect(getAppToken()).toBeNull();
  });

  it('allows anonymous access only for our own _sourceSite', () => {
    expect(isAnonymousAllowed(new URLSearchParams('_sourceSite=jinfaketang'))).toBe(true);
    expect(isAnonymousAllowed(new URLSearchParams('_sourceSite=other'))).toBe(false);
    expect(isAnonymousAllowed(new URLSearchParams(''))).toBe(false);
  });

  it('builds the login address with the encoded next location', () => {
    expect(loginHref('/course/detail?courseId=3&tid=a')).toBe('/user/login?redirect=%2Fcourse%2Fdetail%3FcourseId%3D3%26tid%3Da');
    expect(loginHref('/')).toBe('/user/login');
    expect(loginHref('/user/login?redirect=%2Fx')).toBe('/user/login');
  });

  it('never starts a login twice at once', () => {
    const navigate = vi.fn();
    connectRouter({ navigate, location: () => '/userCenter/settings' });
    expect(startLogin()).toBe(true);
    expect(startLogin()).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/user/login?redirect=%2FuserCenter%2Fsettings', undefined);
    settleLogin();
    expect(startLogin('/x')).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('does not start a login from the login page itself', () => {
    const navigate = vi.fn();
    connectRouter({ navigate, location: () => '/user/login?redirect=%2Fa' });
    expect(startLogin()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});
