import { describe, expect, it } from 'vitest';
import { AccountStatus, AuditResult, UserAuditStatus } from '@jinfa/shared';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCorporate, signedInUser } from './support/factories.ts';

const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.47';

describe.each(dialectsUnderTest())('users (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  const signedIn = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);
  const putInfo = (headers: Record<string, string>, payload: object, path = 'info') =>
    t.app.inject({ method: 'PUT', url: `/v1/users/online/${path}${path === 'info_init' ? '?changeSourceType=2' : ''}`, headers, payload });
  const auditStatus = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/v1/users/me/audit_status', headers })).json();

  describe('GET /v1/users/me', () => {
    it('answers the whitelisted profile with the corporate, member expiry and type label', async () => {
      const corp = await buildCorporate(t.app.db, { name: '中国示例银行' });
      const expire = Date.UTC(2030, 0, 31, 16, 0, 0);
      const { user, headers } = await signedIn({
        name: '李四',
        email: 'lisi@example.com',
        company: '中国示例银行',
        user_type: 7,
        member_expire_at: expire,
        corporate_id: corp.id,
        preset_label: 'secret label',
      });
      const res = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code: 0,
        message: 'ok',
        data: {
          userId: user.id,
          name: '李四',
          nickname: user.nickname,
          avatar: '',
          mobile: user.mobile,
          email: 'lisi@example.com',
          emailVerified: false,
          company: '中国示例银行',
          department: '',
          position: '',
          auditStatus: 0,
          auditRemark: '',
          userType: 7,
          userTypeLabel: '企业年度会员',
          memberExpireAt: '2030-01-31T16:00:00.000Z',
          corporateId: corp.id,
          corporateName: '中国示例银行',
          accountStatus: 0,
          hasWechat: false,
          subscribed: false,
          activated: false,
          createdAt: new Date(user.created_at).toISOString(),
        },
      });
    });

    it('says hasWechat once a WeChat identity exists, and null member expiry when none', async () => {
      const { user, headers } = await signedIn({ mobile: null });
      await t.app.db.insertInto('wechat_identities').values({ user_id: user.id, app_id: 'wxapp', openid: `o-${user.id}`, unionid: null, created_at: Date.now() }).execute();
      const data = (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers })).json().data;
      expect(data).toMatchObject({ hasWechat: true, memberExpireAt: null, mobile: '', corporateId: null, corporateName: '' });
    });

    it('answers 403 without a token and -10005 with a forged one', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/v1/users/me' })).json().code).toBe(403);
      const forged = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { 'access-token': 'A'.repeat(43) } });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().code).toBe(-10005);
    });
  });

  describe('GET /v1/users/me/audit_status', () => {
    it.each([
      ['passed', { audit_status: UserAuditStatus.PASSED, audit_submitted_at: 1, audit_submit_count: 1 }, AuditResult.OK],
      ['never submitted', { audit_status: UserAuditStatus.NOT_AUDITED, audit_submitted_at: null, audit_submit_count: 0 }, AuditResult.NOT_YET_SUBMITTED],
      ['pending, first submission', { audit_status: UserAuditStatus.NOT_AUDITED, audit_submitted_at: 1, audit_submit_count: 1 }, AuditResult.FIRST_AUDIT],
      ['pending, re-applied', { audit_status: UserAuditStatus.NOT_AUDITED, audit_submitted_at: 1, audit_submit_count: 2 }, AuditResult.NOT_FIRST_APPLIED],
      ['failed on the first submission', { audit_status: UserAuditStatus.FAILED, audit_submitted_at: 1, audit_submit_count: 1 }, AuditResult.NOT_PASSED],
      ['failed again after re-applying', { audit_status: UserAuditStatus.FAILED, audit_submitted_at: 1, audit_submit_count: 3 }, AuditResult.FAILED_NOT_APPLYING],
    ])('%s → its spec §4 result code', async (_label, state, result) => {
      const { headers } = await signedIn({ ...state, audit_remark: state.audit_status === UserAuditStatus.FAILED ? '单位名称不符' : '' });
      const body = await auditStatus(headers);
      expect(body).toEqual({
        code: 0,
        message: 'ok',
        data: { result, auditStatus: state.audit_status, remark: state.audit_status === UserAuditStatus.FAILED ? '单位名称不符' : '' },
      });
    });
  });

  describe('PUT /v1/users/online/info', () => {
    it('saves a valid edit, trims text and strips markup, and submits the profile for review', async () => {
      const { user, headers } = await signedIn({ audit_status: UserAuditStatus.PASSED, audit_submitted_at: 1, audit_submit_count: 1 });
      const res = await putInfo(headers, {
        name: '  王 小明 ',
        email: ' wang@example.com ',
        company: ' <b>招商</b>银行 <script>alert(1)</script>',
        department: '法律合规部',
        position: '经理',
        mobile: user.mobile,
      });
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ name: '王 小明', email: 'wang@example.com', company: '招商 银行 alert(1)', department: '法律合规部', position: '经理', auditStatus: 0 });
      expect(body.data.company).not.toMatch(/[<>]/);
      const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.audit_submitted_at).toBeGreaterThan(1);
      expect(row.audit_submit_count).toBe(2);
      expect((await auditStatus(headers)).data.result).toBe(AuditResult.NOT_FIRST_APPLIED);
    });

    it('changes nothing, and keeps a passed review, when nothing changed', async () => {
      const { user, headers } = await signedIn({ name: '赵六', company: '示例银行', audit_status: UserAuditStatus.PASSED, audit_submitted_at: 5, audit_submit_count: 1, updated_at: 5 });
      const body = (await putInfo(headers, { name: '赵六', company: '示例银行' })).json();
      expect(body).toMatchObject({ code: 0, data: { auditStatus: UserAuditStatus.PASSED } });
      const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.updated_at).toBe(5);
      expect(row.audit_submitted_at).toBe(5);
    });

    it('does not send the profile back to review for an email or nickname change', async () => {
      const { headers } = await signedIn({ audit_status: UserAuditStatus.PASSED, audit_submitted_at: 5, audit_submit_count: 1 });
      const body = (await putInfo(headers, { email: 'new@example.com', nickname: '新昵称' })).json();
      expect(body).toMatchObject({ code: 0, data: { email: 'new@example.com', nickname: '新昵称', auditStatus: UserAuditStatus.PASSED } });
    });

    it('resubmits a failed profile when a reviewed field changes', async () => {
      const { headers } = await signedIn({ audit_status: UserAuditStatus.FAILED, audit_remark: '姓名不符', audit_submitted_at: 5, audit_submit_count: 1 });
      const body = (await putInfo(headers, { name: '钱七' })).json();
      expect(body.data).toMatchObject({ auditStatus: 0, auditRemark: '' });
      expect((await auditStatus(headers)).data.result).toBe(AuditResult.NOT_FIRST_APPLIED);
    });

    it.each([
      ['one character', '张'],
      ['digits', '张三3'],
      ['markup', '<script>alert(1)</script>'],
      ['punctuation', '张三!'],
      ['21 characters', '张'.repeat(21)],
      ['only spaces', '    '],
      ['an empty name', ''],
    ])('refuses a name with %s (-10020)', async (_label, name) => {
      const { headers } = await signedIn();
      const res = await putInfo(headers, { name });
      expect(res.json().code).toBe(-10020);
    });

    it.each(['Li Lei', '阿依古丽·买买提', '欧阳娜娜'])('accepts the real name %j', async (name) => {
      const { headers } = await signedIn();
      expect((await putInfo(headers, { name })).json()).toMatchObject({ code: 0, data: { name } });
    });

    it.each(['not-an-email', 'a@b', 'a@@b.com', 'a b@c.com', '<x>@y.com', `${'a'.repeat(95)}@b.com`])('refuses the email %j (-10019)', async (email) => {
      const { headers } = await signedIn();
      expect((await putInfo(headers, { email })).json().code).toBe(-10019);
    });

    it('refuses another mobile (-10014): the phone changes only through SMS', async () => {
      const { headers } = await signedIn();
      expect((await putInfo(headers, { mobile: '13912345678' })).json().code).toBe(-10014);
      expect((await putInfo(headers, { mobile: 'abc' })).json().code).toBe(-10014);
    });

    it.each([
      ['a name of the wrong type', { name: { first: '张' } }],
      ['a company over 60 characters', { company: '银'.repeat(61) }],
      ['a body that is an array', ['name']],
    ])('refuses %s with -10001', async (_label, payload) => {
      const { headers } = await signedIn();
      const res = await putInfo(headers, payload as object);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(-10001);
    });
  });

  describe('PUT /v1/users/online/info_init', () => {
    it('submits the profile for the first time (first audit)', async () => {
      const { user, headers } = await signedIn({ name: '' });
      const body = (await putInfo(headers, { name: '孙八', email: 'sun@example.com', company: '示例银行' }, 'info_init')).json();
      expect(body).toMatchObject({ code: 0, data: { name: '孙八', auditStatus: 0 } });
      const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.audit_submitted_at).not.toBeNull();
      expect((await auditStatus(headers)).data.result).toBe(AuditResult.FIRST_AUDIT);
    });

    it('needs a name to submit (-10020)', async () => {
      const { headers } = await signedIn({ name: '' });
      expect((await putInfo(headers, { company: '示例银行' }, 'info_init')).json().code).toBe(-10020);
    });
  });

  describe('GET /v1/users/check_subscribe', () => {
    it('answers the subscription flag', async () => {
      const { user, headers } = await signedIn();
      const ask = async () => (await t.app.inject({ method: 'GET', url: '/v1/users/check_subscribe', headers })).json();
      expect(await ask()).toEqual({ code: 0, message: 'ok', data: { subscribed: false } });
      await t.app.db.updateTable('users').set({ subscribed: 1 }).where('id', '=', user.id).execute();
      expect((await ask()).data.subscribed).toBe(true);
    });
  });

  describe('POST /v1/users/activate', () => {
    it('activates the account (twice is fine)', async () => {
      const { headers } = await signedIn();
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/v1/users/activate', headers, payload: {} });
        expect(res.json()).toEqual({ code: 0, message: 'ok', data: { activated: true } });
      }
      expect((await t.app.inject({ method: 'GET', url: '/v1/users/me', headers })).json().data.activated).toBe(true);
    });

    it('works without a body too', async () => {
      const { headers } = await signedIn();
      expect((await t.app.inject({ method: 'POST', url: '/v1/users/activate', headers })).json().code).toBe(0);
    });
  });

  describe('§7.1 users calls for an active, signed-in learner', () => {
    it('every call answers code 0', async () => {
      const { user, headers, login } = await signedIn({ name: '周九' });
      const calls: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; headers?: Record<string, string> }[] = [
        { method: 'GET', url: '/v1/users/me' },
        { method: 'GET', url: '/v1/users/me/audit_status' },
        { method: 'PUT', url: '/v1/users/online/info', payload: { name: '周九', email: 'zhou@example.com' } },
        { method: 'PUT', url: '/v1/users/online/info_init?changeSourceType=2', payload: { name: '周九', company: '示例银行' } },
        { method: 'POST', url: '/v1/users/online/sms_code', payload: { mobile: '13312345678', type: 2 } },
        { method: 'GET', url: '/v1/users/wx_login?returnUrl=%2FuserCenter%2FuserHome', headers: { 'user-agent': WECHAT_UA } },
        { method: 'GET', url: '/v1/users/qr_login?productType=8&returnUrl=%2F' },
        { method: 'GET', url: '/v1/users/check_subscribe' },
        { method: 'GET', url: `/v1/wechat/token2?userId=${user.id}&productType=0` },
        { method: 'POST', url: '/v1/users/sync', payload: {} },
        { method: 'POST', url: '/v1/users/activate', payload: {} },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ method: call.method, url: call.url, payload: call.payload, headers: { ...headers, ...call.headers } });
        expect({ url: call.url, code: res.json().code }).toEqual({ url: call.url, code: 0 });
      }
      const code = t.sms.lastCodeFor('13312345678')!;
      const bind = await t.app.inject({ method: 'PUT', url: '/v1/users/authenticate', headers, payload: { mobile: '13312345678', code } });
      expect(bind.json()).toMatchObject({ code: 0, data: { userId: user.id, mobile: '13312345678' } });
      const refreshed = await t.app.inject({ method: 'GET', url: `/v1/wechat/token?refreshToken=${login.refreshToken}` });
      expect(refreshed.json().code).toBe(0);
    });
  });

  describe.each([
    ['locked', AccountStatus.LOCKED, -1797],
    ['blacklisted', AccountStatus.BLACKLISTED, 262145],
  ])('a %s learner', (_label, status, expected) => {
    const restricted: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; headers?: Record<string, string> }[] = [
      { method: 'GET', url: '/v1/users/me' },
      { method: 'GET', url: '/v1/users/me/audit_status' },
      { method: 'PUT', url: '/v1/users/online/info', payload: { name: '吴十' } },
      { method: 'PUT', url: '/v1/users/online/info_init?changeSourceType=2', payload: { name: '吴十' } },
      { method: 'GET', url: '/v1/users/check_subscribe' },
      { method: 'POST', url: '/v1/users/sync', payload: {} },
      { method: 'POST', url: '/v1/users/activate', payload: {} },
      { method: 'GET', url: '/v1/users/wx_login?returnUrl=%2F', headers: { 'user-agent': WECHAT_UA } },
      { method: 'GET', url: '/v1/users/qr_login?productType=8&returnUrl=%2F' },
      { method: 'PUT', url: '/v1/users/authenticate', payload: { mobile: '13312340000', code: '123456' } },
    ];

    it.each(restricted)(`answers ${expected} to $method $url`, async (call) => {
      const { user, headers } = await signedIn({ account_status: status });
      const res = await t.app.inject({ method: call.method, url: call.url, payload: call.payload, headers: { ...headers, ...call.headers } });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: expected, data: null });
      // Nothing was written on their behalf.
      const row = await t.app.db.selectFrom('users').select(['name', 'activated']).where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ name: '测试学员', activated: 0 });
    });

    it('may still log out', async () => {
      const { headers } = await signedIn({ account_status: status });
      expect((await t.app.inject({ method: 'POST', url: '/v1/users/logout', headers, payload: {} })).json()).toMatchObject({ code: 0, data: { revoked: true } });
    });
  });
});
