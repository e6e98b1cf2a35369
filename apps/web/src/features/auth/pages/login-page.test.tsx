import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { getStoredToken, getStoredUserId } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

const systemInfo = (testLogin: boolean) => ({ testLogin, payProvider: 'sandbox', supportPhone: '400-810-6688', wechatAppId: '' });
const presets = [
  { userId: 1, name: '张三', label: '普通用户', mobile: '13800000001' },
  { userId: 2, name: '欧阳娜娜', label: '企业会员', mobile: '13800000002' },
];
const pair = (userId: number) => ({
  accessToken: `access-${userId}`,
  refreshToken: `refresh-${userId}`,
  expiresIn: 7200,
  refreshExpiresIn: 2592000,
  userId,
  isNewUser: false,
});

afterEach(() => connectRouter(null));

describe('login page', () => {
  it('lists the preset users in test-login mode and logs in as the one tapped', async () => {
    const { calls } = mockFetch({
      '/v1/system/info': () => envelope(systemInfo(true)),
      '/v1/users/preset': () => envelope(presets),
      '/v1/wechat/token2': (call) => envelope(pair(Number(call.url.searchParams.get('userId')))),
    });
    const app = renderApp('/user/login?redirect=%2Fexam%2Findex%3Fid%3D3');

    // The first render loads the page's code: allow for a cold module graph.
    const cards = await screen.findAllByTestId('login-test-user', undefined, { timeout: 5000 });
    expect(cards).toHaveLength(2);
    expect(cards[1]?.textContent).toContain('欧阳娜娜');
    expect(cards[1]?.textContent).toContain('企业会员');
    expect(cards[1]?.textContent).toContain('138****0002');
    // The avatar placeholder uses the compound surname.
    expect(cards[1]?.textContent).toContain('欧阳');

    await userEvent.click(cards[1] as HTMLElement);

    await waitFor(() => expect(app.location()).toBe('/exam/index?id=3'));
    const token2 = calls.find((c) => c.path === '/v1/wechat/token2');
    expect(token2?.url.searchParams.get('userId')).toBe('2');
    expect(token2?.url.searchParams.get('productType')).toBe('0');
    expect(getStoredToken()).toBe('access-2');
    expect(getStoredUserId()).toBe(2);
  });

  it('shows no preset users when test login is off', async () => {
    const { calls } = mockFetch({
      '/v1/system/info': () => envelope(systemInfo(false)),
      '/v1/users/preset': () => envelope(presets),
    });
    renderApp('/user/login');
    await screen.findByRole('button', { name: /登录 \/ 注册/ }, { timeout: 5000 });
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/system/info')).toBe(true));
    expect(screen.queryAllByTestId('login-test-user')).toHaveLength(0);
    expect(calls.some((c) => c.path === '/v1/users/preset')).toBe(false);
  });

  it('logs in by SMS code once the agreement is ticked, then goes to the user centre by default', async () => {
    const { calls } = mockFetch({
      '/v1/system/info': () => envelope(systemInfo(false)),
      'POST /v1/users/online/sms_code': () => envelope({ resendAfter: 45, expiresIn: 600 }),
      'PUT /v1/users/authenticate': () => envelope(pair(9)),
      '/v1/users/me': () => envelope(null, -10004, 'not yet', 404),
    });
    const app = renderApp('/user/login');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('手机号'), '13912345678');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: '45s 后重新获取' })).disabled).toBe(true);
    expect(calls.find((c) => c.path === '/v1/users/online/sms_code')?.body).toEqual({ mobile: '13912345678', type: 1 });

    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: /登录 \/ 注册/ }));
    // Not ticked yet: nothing sent.
    expect(calls.some((c) => c.path === '/v1/users/authenticate')).toBe(false);

    await user.click(screen.getByText('我已阅读并同意'));
    await user.click(screen.getByRole('button', { name: /登录 \/ 注册/ }));

    await waitFor(() => expect(app.location()).toBe('/userCenter/userHome'));
    expect(calls.find((c) => c.path === '/v1/users/authenticate')?.body).toEqual({ mobile: '13912345678', code: '123456' });
    expect(getStoredToken()).toBe('access-9');
  });

  it('offers WeChat one-tap login only inside WeChat', async () => {
    mockFetch({ '/v1/system/info': () => envelope(systemInfo(false)) });
    renderApp('/user/login');
    await screen.findByRole('button', { name: /登录 \/ 注册/ }, { timeout: 5000 });
    expect(screen.queryByText('微信一键登录')).toBeNull();
  });

  it('inside WeChat asks the server for the WeChat address with the in-app return path', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.40');
    const { calls } = mockFetch({
      '/v1/system/info': () => envelope(systemInfo(false)),
      '/v1/users/wx_login': () => envelope(null, -10018, '请在微信或App中登录'),
    });
    renderApp('/user/login?redirect=%2Fcourse%2Fdetail%3FcourseId%3D4');
    const user = userEvent.setup();
    await user.click(await screen.findByText('我已阅读并同意', undefined, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: /微信一键登录/ }));
    await waitFor(() => expect(document.querySelector('.jf-toast')?.textContent).toBe('请使用微信或App登录'));
    const call = calls.find((c) => c.path === '/v1/users/wx_login');
    expect(call?.url.searchParams.get('returnUrl')).toBe('/course/detail?courseId=4');
  });

  it('explains a failed WeChat callback once and drops the error from the address', async () => {
    mockFetch({ '/v1/system/info': () => envelope(systemInfo(false)) });
    const app = renderApp('/user/login?error=-10001&redirect=%2Flives');
    await waitFor(() => expect(app.location()).toBe('/user/login?redirect=%2Flives'), { timeout: 5000 });
    expect(document.querySelector('.jf-toast')?.textContent).toBe('登录已超时或未在同一浏览器中完成，请重新登录');
  });
});
