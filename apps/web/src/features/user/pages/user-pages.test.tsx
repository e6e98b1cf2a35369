import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '@jinfa/shared/schemas';
import { envelope, mockFetch } from '../../../../test/fetch-mock.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { getStoredToken, saveTokens } from '../../../lib/auth-store.ts';
import { connectRouter } from '../../../lib/session.ts';

const me: UserProfile = {
  userId: 7,
  name: '司马相如',
  nickname: '长卿',
  avatar: '',
  mobile: '13800138000',
  email: 'sima@bank.example',
  emailVerified: true,
  company: '某某银行',
  department: '法律合规部',
  position: '合规经理',
  auditStatus: 1,
  auditRemark: '',
  userType: 3,
  userTypeLabel: '基础会员',
  memberExpireAt: '2026-06-30T00:00:00+08:00',
  corporateId: null,
  corporateName: '',
  accountStatus: 0,
  hasWechat: false,
  subscribed: false,
  activated: true,
  createdAt: '2024-01-01T00:00:00+08:00',
};

const T = { timeout: 5000 };

beforeEach(() => saveTokens({ accessToken: 'tok', userId: 7 }));
afterEach(() => connectRouter(null));

describe('/userCenter/userHome', () => {
  it('shows the profile header, membership and entries', async () => {
    mockFetch({ '/v1/users/me': () => envelope(me) });
    renderApp('/userCenter/userHome');
    expect(await screen.findByRole('heading', { name: '司马相如' }, T)).toBeTruthy();
    expect(screen.getByText('138****8000')).toBeTruthy();
    expect(screen.getByText('基础会员')).toBeTruthy();
    expect(screen.getByText('有效期至 2026-06-30')).toBeTruthy();
    expect(screen.getByText('已认证')).toBeTruthy();
    // No picture: the avatar shows the compound surname.
    expect(screen.getByRole('img', { name: '司马相如的头像' }).textContent).toBe('司马');
    for (const [label, href] of [
      ['我的订单', '/userCenter/myOrder'],
      ['学习记录', '/record/studyRecord'],
      ['企业会员', '/userCenter/corVip'],
      ['联系我们', '/user/contact'],
    ]) {
      expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe(href);
    }
  });

  it('offers a retry when loading fails, and recovers', async () => {
    let fail = true;
    mockFetch({
      '/v1/users/me': () => (fail ? envelope(null, -50000, '服务器异常', 500) : envelope({ ...me, name: '王五' })),
    });
    renderApp('/userCenter/userHome');
    const retry = await screen.findByRole('button', { name: '重新加载' }, T);
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: '王五' }, T)).toBeTruthy();
  });

  it('nudges learners with an incomplete profile', async () => {
    mockFetch({ '/v1/users/me': () => envelope({ ...me, email: '' }) });
    renderApp('/userCenter/userHome');
    expect(await screen.findByText('完善个人资料，解锁企业课程与学习证书', undefined, T)).toBeTruthy();
  });
});

describe('/userCenter/myInfo', () => {
  it('explains a failed audit with the reviewer remark and saves through PUT /v1/users/online/info', async () => {
    const { calls } = mockFetch({
      '/v1/users/me': () => envelope(me),
      '/v1/users/me/audit_status': () => envelope({ result: 262145, auditStatus: 2, remark: '单位证明模糊' }),
      'PUT /v1/users/online/info': () => envelope(null),
    });
    renderApp('/userCenter/myInfo');
    const banner = await screen.findByTestId('audit-banner', undefined, T);
    expect(banner.textContent).toContain('未通过');
    expect(banner.textContent).toContain('原因：单位证明模糊');

    const user = userEvent.setup();
    const company = screen.getByDisplayValue('某某银行');
    await user.clear(company);
    await user.type(company, '金法银行');
    await user.click(screen.getByRole('button', { name: '重新提交审核' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), T);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/v1/users/online/info');
    expect(put?.body).toEqual({
      name: '司马相如',
      email: 'sima@bank.example',
      company: '金法银行',
      department: '法律合规部',
      position: '合规经理',
    });
  });

  it('submits a never-submitted profile through info_init?changeSourceType=2', async () => {
    const { calls } = mockFetch({
      '/v1/users/me': () => envelope({ ...me, name: '', email: '', auditStatus: 0 }),
      '/v1/users/me/audit_status': () => envelope({ result: 262146, auditStatus: 0, remark: '' }),
      'PUT /v1/users/online/info_init': () => envelope(null),
    });
    renderApp('/userCenter/myInfo');
    expect((await screen.findByTestId('audit-banner', undefined, T)).textContent).toContain('未提交');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入真实姓名'), '张三丰');
    await user.type(screen.getByPlaceholderText('用于接收发票与学习证书'), 'zsf@example.com');
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), T);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put && `${put.url.pathname}${put.url.search}`).toBe('/v1/users/online/info_init?changeSourceType=2');
    expect(put?.body).toMatchObject({ name: '张三丰', email: 'zsf@example.com' });
  });

  it('validates the name and email before saving', async () => {
    const { calls } = mockFetch({
      '/v1/users/me': () => envelope(me),
      '/v1/users/me/audit_status': () => envelope({ result: 0, auditStatus: 1, remark: '' }),
    });
    renderApp('/userCenter/myInfo');
    const user = userEvent.setup();
    const email = await screen.findByDisplayValue('sima@bank.example', undefined, T);
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入正确的邮箱', undefined, T)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('verifies an unverified e-mail with a mailed code, with a resend countdown (decision 018)', async () => {
    const { calls } = mockFetch({
      '/v1/users/me': () => envelope({ ...me, emailVerified: false }),
      '/v1/users/me/audit_status': () => envelope({ result: 0, auditStatus: 1, remark: '' }),
      'POST /v1/users/me/email/code': () => envelope({ email: 'si***@bank.example', resendAfter: 60, expiresIn: 900 }),
      'POST /v1/users/me/email/verify': () => envelope({ email: 'sima@bank.example', emailVerified: true }),
    });
    renderApp('/userCenter/myInfo');
    expect((await screen.findByTestId('email-status', undefined, T)).textContent).toBe('未验证');
    const box = screen.getByTestId('email-verify');
    expect(within(box).getByText(/sima@bank\.example 尚未验证/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(box).getByRole('button', { name: '发送验证码' }));
    await within(box).findByRole('button', { name: '60s 后重新发送' }, T);
    await user.type(within(box).getByLabelText('邮箱验证码'), '12a3456');
    await user.click(within(box).getByRole('button', { name: '验证邮箱' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/users/me/email/verify')).toBe(true), T);
    expect(calls.find((c) => c.path === '/v1/users/me/email/verify')?.body).toEqual({ code: '123456' });
  });

  it('after saving a new address, shows the code was sent and counts down to a resend', async () => {
    let saved = false;
    mockFetch({
      '/v1/users/me': () => envelope(saved ? { ...me, email: 'new@bank.example', emailVerified: false } : me),
      '/v1/users/me/audit_status': () => envelope({ result: 0, auditStatus: 1, remark: '' }),
      'PUT /v1/users/online/info': () => {
        saved = true;
        return envelope(null);
      },
    });
    renderApp('/userCenter/myInfo');
    const user = userEvent.setup();
    const email = await screen.findByDisplayValue('sima@bank.example', undefined, T);
    await user.clear(email);
    await user.type(email, 'new@bank.example');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const box = await screen.findByTestId('email-verify', undefined, T);
    expect(within(box).getByText(/验证码已发送至 new@bank\.example/)).toBeTruthy();
    expect(await within(box).findByRole('button', { name: /s 后重新发送$/ }, T)).toBeTruthy();
    expect(screen.getByTestId('email-status').textContent).toBe('未验证');
  });

  it('shows a verified address as such, without the verify step', async () => {
    mockFetch({
      '/v1/users/me': () => envelope(me),
      '/v1/users/me/audit_status': () => envelope({ result: 0, auditStatus: 1, remark: '' }),
    });
    renderApp('/userCenter/myInfo');
    expect((await screen.findByTestId('email-status', undefined, T)).textContent).toBe('已验证');
    expect(screen.queryByTestId('email-verify')).toBeNull();
  });

  it('asks visitors to log in', async () => {
    window.localStorage.clear();
    mockFetch({});
    renderApp('/userCenter/myInfo');
    expect(await screen.findByRole('link', { name: '去登录' }, T)).toBeTruthy();
  });
});

describe('/userCenter/settings', () => {
  it('lists the settings with the masked phone and the server version', async () => {
    mockFetch({
      '/v1/users/me': () => envelope(me),
      '/v1/app/version_in_use': () => envelope({ version: '2.3.1', minVersion: '2.0.0', releaseNotes: '修复若干问题', downloadUrl: '' }),
    });
    renderApp('/userCenter/settings');
    expect(await screen.findByText('138****8000', undefined, T)).toBeTruthy();
    expect(await screen.findByText('v2.3.1', undefined, T)).toBeTruthy();
    for (const label of ['个人资料', '绑定手机', '清除缓存', '隐私协议', '帮助中心', '关于金法课堂', '退出登录']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
  });
});

describe('/userCenter/logout', () => {
  it('revokes on the server, clears locally and goes home — even if the server fails', async () => {
    const { calls } = mockFetch({ 'POST /v1/users/logout': () => envelope(null, -50000, 'down', 500) });
    const app = renderApp('/userCenter/logout');
    const dialog = await screen.findByRole('dialog', undefined, T);
    await userEvent.click(within(dialog).getByText('退出'));
    await waitFor(() => expect(app.location()).toBe('/'), T);
    expect(calls.some((c) => c.path === '/v1/users/logout')).toBe(true);
    expect(getStoredToken()).toBeNull();
  });
});

describe('/userCenter/bindPhone', () => {
  it('binds a phone with a type-2 SMS code', async () => {
    const { calls } = mockFetch({
      '/v1/users/me': () => envelope(me),
      'POST /v1/users/online/sms_code': () => envelope({ resendAfter: 60, expiresIn: 600 }),
      'PUT /v1/users/authenticate': () => envelope(null),
      '/v1/app/version_in_use': () => envelope({ version: '1.0.0', minVersion: '1.0.0', releaseNotes: '', downloadUrl: '' }),
    });
    const app = renderApp('/userCenter/bindPhone');
    expect(await screen.findByText('当前绑定：138****8000', undefined, T)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('新手机号'), '13900001111');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60s 后重新获取' }, T);
    await user.type(screen.getByLabelText('验证码'), '654321');
    await user.click(screen.getByRole('button', { name: '确认绑定' }));
    await waitFor(() => expect(app.location()).toBe('/userCenter/settings'), T);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ mobile: '13900001111', type: 2 });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ mobile: '13900001111', code: '654321' });
  });
});
