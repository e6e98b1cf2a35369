import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '../../test/fetch-mock.ts';
import { ApiError, api, apiRequest, listRequest } from './api-client.ts';
import { getRefreshToken, getStoredToken, saveTokens } from './auth-store.ts';
import { showErrorPopup } from './error-popup.ts';
import { captureAppToken, connectRouter, forgetAppToken, settleLogin } from './session.ts';
import { toast } from './toast.ts';

vi.mock('./error-popup.ts', () => ({ showErrorPopup: vi.fn(() => true) }));
vi.mock('./toast.ts', () => ({ toast: { offline: vi.fn(), fail: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const navigations: string[] = [];
let here = '/course/detail?courseId=7';

beforeEach(() => {
  navigations.length = 0;
  here = '/course/detail?courseId=7';
  settleLogin();
  connectRouter({
    navigate: (to) => {
      navigations.push(to);
      here = to;
    },
    location: () => here,
  });
});

afterEach(() => {
  connectRouter(null);
  vi.mocked(showErrorPopup).mockClear();
  vi.mocked(toast.offline).mockClear();
});

describe('envelope and status handling', () => {
  it('answers data for HTTP 2xx with code 0, sending JSON content type and the stored token', async () => {
    saveTokens({ accessToken: 'stored-1', refreshToken: 'r1', userId: 5 });
    const { calls } = mockFetch({ 'GET /v1/users/me': () => envelope({ userId: 5, name: '张三' }) });

    await expect(api.get('/v1/users/me', { query: { a: 1, empty: '' } })).resolves.toEqual({ userId: 5, name: '张三' });
    expect(calls[0]?.headers['access-token']).toBe('stored-1');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.url.search).toBe('?a=1');
  });

  it('prefers the apptoken query parameter over the stored token', async () => {
    saveTokens({ accessToken: 'stored-1' });
    window.history.replaceState(null, '', '/#/cor/history?apptoken=from-app');
    // main.tsx takes it out of the address and keeps it for that page (decision 017).
    captureAppToken();
    expect(window.location.hash).toBe('#/cor/history');
    here = '/cor/history';
    const { calls } = mockFetch({ '/v1/corporates/1/courses': () => envelope([]) });

    await api.get('/v1/corporates/1/courses');
    expect(calls[0]?.headers['access-token']).toBe('from-app');
    forgetAppToken();
  });

  it('sends no token when there is none', async () => {
    const { calls } = mockFetch({ '/v1/system/info': () => envelope({ testLogin: false }) });
    await api.get('/v1/system/info');
    expect(calls[0]?.headers['access-token']).toBeUndefined();
  });

  it('throws ApiError for a non-zero code on HTTP 200 and shows the popup', async () => {
    mockFetch({ 'POST /v1/orders/9': () => envelope(null, -1284, '报名尚未开始') });

    const error = await api.post('/v1/orders/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1284, status: 200, message: '报名尚未开始' });
    expect(showErrorPopup).toHaveBeenCalledWith(-1284, '报名尚未开始');
  });

  it('parses the envelope from a non-2xx body', async () => {
    mockFetch({ '/v1/courses/1': () => envelope(null, -10001, '请求参数有误', 400) });
    await expect(api.get('/v1/courses/1')).rejects.toMatchObject({ code: -10001, status: 400 });
  });

  it('treats a non-2xx status as an error even when the body says code 0', async () => {
    mockFetch({ '/v1/courses/1': () => envelope({ ok: true }, 0, 'ok', 500) });
    await expect(api.get('/v1/courses/1')).rejects.toMatchObject({ code: -50000, status: 500 });
  });

  it('maps a non-JSON error page to a server error', async () => {
    mockFetch({ '/v1/courses/1': () => new Response('<html>Bad Gateway</html>', { status: 502 }) });
    await expect(api.get('/v1/courses/1')).rejects.toMatchObject({ code: -50000, status: 502 });
    expect(showErrorPopup).toHaveBeenCalledWith(-50000, '');
  });

  it('turns a network failure into code -1 and an offline toast, not a popup', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/v1/users/me')).rejects.toMatchObject({ code: -1, status: 0 });
    expect(toast.offline).toHaveBeenCalledTimes(1);
    expect(showErrorPopup).not.toHaveBeenCalled();
  });

  it('stays quiet when the caller opts out', async () => {
    mockFetch({ '/v1/users/wx_login': () => envelope(null, -10018, '请在微信或App中登录') });
    await expect(api.get('/v1/users/wx_login', { silent: true })).rejects.toMatchObject({ code: -10018 });
    expect(showErrorPopup).not.toHaveBeenCalled();
  });

  it('sends JSON bodies, and "{}" for bodiless writes', async () => {
    const { calls } = mockFetch({
      'PUT /v1/users/online/info': () => envelope(null),
      'POST /v1/users/logout': () => envelope(null),
    });
    await api.put('/v1/users/online/info', { name: '李四' });
    await api.post('/v1/users/logout');
    expect(calls[0]?.body).toEqual({ name: '李四' });
    expect(calls[1]?.body).toEqual({});
  });
});

describe('login on 403', () => {
  it('clears the token and starts login once for concurrent 403s, returning to the current location', async () => {
    saveTokens({ accessToken: 'bad' });
    mockFetch({
      '/v1/a': () => envelope(null, 403, '请先登录', 403),
      '/v1/b': () => envelope(null, 403, '请先登录', 200),
    });
    await Promise.allSettled([api.get('/v1/a'), api.get('/v1/b'), api.get('/v1/a')]);

    expect(getStoredToken()).toBeNull();
    expect(navigations).toEqual(['/user/login?redirect=%2Fcourse%2Fdetail%3FcourseId%3D7']);
    expect(showErrorPopup).not.toHaveBeenCalled();
  });

  it('treats HTTP 403 with any code as a login failure', async () => {
    saveTokens({ accessToken: 'bad' });
    mockFetch({ '/v1/a': () => new Response('forbidden', { status: 403 }) });
    await expect(api.get('/v1/a')).rejects.toMatchObject({ code: 403, status: 403 });
    expect(navigations).toHaveLength(1);
  });

  it('does not start login when anonymous access is allowed by _sourceSite', async () => {
    saveTokens({ accessToken: 'kept' });
    window.history.replaceState(null, '', '/#/course/detail?courseId=7&_sourceSite=jinfaketang');
    mockFetch({ '/v1/a': () => envelope(null, 403, '请先登录', 403) });
    await expect(api.get('/v1/a')).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual([]);
    expect(getStoredToken()).toBe('kept');
  });

  it('lets background calls opt out of the login flow', async () => {
    saveTokens({ accessToken: 'kept' });
    mockFetch({ '/v1/a': () => envelope(null, 403, '请先登录', 403) });
    await expect(api.get('/v1/a', { noLoginRedirect: true })).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual([]);
    expect(getStoredToken()).toBe('kept');
  });
});

describe('token refresh', () => {
  it('refreshes once with the refresh token and retries with the new access token', async () => {
    saveTokens({ accessToken: 'old', refreshToken: 'r-old', userId: 3 });
    const pair = { accessToken: 'new', refreshToken: 'r-new', expiresIn: 7200, refreshExpiresIn: 86400, userId: 3, isNewUser: false };
    const { calls } = mockFetch({
      '/v1/wechat/token': () => envelope(pair),
      '/v1/users/me': (call) =>
        call.headers['access-token'] === 'new' ? envelope({ userId: 3 }) : envelope(null, -10005, '登录已过期', 403),
      '/v1/favorites/list': (call) =>
        call.headers['access-token'] === 'new' ? envelope([]) : envelope(null, -10005, '登录已过期', 403),
    });

    const [me, favorites] = await Promise.all([api.get('/v1/users/me'), api.get('/v1/favorites/list')]);
    expect(me).toEqual({ userId: 3 });
    expect(favorites).toEqual([]);
    const refreshes = calls.filter((c) => c.path === '/v1/wechat/token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.url.searchParams.get('refreshToken')).toBe('r-old');
    expect(refreshes[0]?.headers['access-token']).toBeUndefined();
    expect(getStoredToken()).toBe('new');
    expect(getRefreshToken()).toBe('r-new');
    expect(navigations).toEqual([]);
  });

  it('starts login when the refresh fails', async () => {
    saveTokens({ accessToken: 'old', refreshToken: 'r-old' });
    const { calls } = mockFetch({
      '/v1/wechat/token': () => envelope(null, -10005, '登录已过期', 403),
      '/v1/users/me': () => envelope(null, -10005, '登录已过期', 403),
    });
    await expect(api.get('/v1/users/me')).rejects.toMatchObject({ code: -10005 });
    expect(calls.map((c) => c.path)).toEqual(['/v1/users/me', '/v1/wechat/token']);
    expect(getStoredToken()).toBeNull();
    expect(navigations).toHaveLength(1);
  });

  it('does not refresh twice when the retried call is refused again', async () => {
    saveTokens({ accessToken: 'old', refreshToken: 'r-old' });
    const pair = { accessToken: 'new', refreshToken: 'r-new', expiresIn: 1, refreshExpiresIn: 1, userId: 1, isNewUser: false };
    const { calls } = mockFetch({
      '/v1/wechat/token': () => envelope(pair),
      '/v1/users/me': () => envelope(null, -10005, '登录已过期', 403),
    });
    await expect(api.get('/v1/users/me')).rejects.toMatchObject({ code: -10005 });
    expect(calls.map((c) => c.path)).toEqual(['/v1/users/me', '/v1/wechat/token', '/v1/users/me']);
    expect(navigations).toHaveLength(1);
  });

  it('without a refresh token goes straight to login', async () => {
    saveTokens({ accessToken: 'old' });
    const { calls } = mockFetch({ '/v1/users/me': () => envelope(null, -10005, '登录已过期', 403) });
    await expect(apiRequest('/v1/users/me')).rejects.toMatchObject({ code: -10005 });
    expect(calls).toHaveLength(1);
    expect(navigations).toHaveLength(1);
  });
});

describe('listRequest', () => {
  it('answers the list on success', async () => {
    mockFetch({ '/v1/courses/latest': () => envelope([{ courseId: 1 }]) });
    await expect(listRequest('/v1/courses/latest')).resolves.toEqual([{ courseId: 1 }]);
  });

  it('answers [] or {rows: [], total: 0} when the code is not 0', async () => {
    mockFetch({
      '/v1/courses/latest': () => envelope(null, -1048, '暂无数据'),
      '/v1/courses/list': () => envelope(null, -50000, '服务器异常', 500),
    });
    await expect(listRequest('/v1/courses/latest')).resolves.toEqual([]);
    await expect(listRequest('/v1/courses/list', { paged: true })).resolves.toEqual({ rows: [], total: 0 });
  });

  it('normalises odd payloads and keeps the page total', async () => {
    mockFetch({
      '/v1/courses/latest': () => envelope(null),
      '/v1/courses/list': () => envelope({ rows: [{ courseId: 2 }], total: '31' }),
    });
    await expect(listRequest('/v1/courses/latest')).resolves.toEqual([]);
    await expect(listRequest('/v1/courses/list', { paged: true })).resolves.toEqual({ rows: [{ courseId: 2 }], total: 31 });
  });

  it('still throws on network failure so the page can offer a retry', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    await expect(listRequest('/v1/courses/latest')).rejects.toMatchObject({ code: -1 });
  });
});
