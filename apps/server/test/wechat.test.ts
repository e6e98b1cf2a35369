import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServerClock } from './support/clock.ts';
import { AccountStatus } from '@jinfa/shared';
import { testConfig, type Config } from '../src/config.ts';
import { HttpWechatOAuthClient, WechatOAuthError } from '../src/adapters/wechat/wechat-oauth.ts';
import { signOAuthState } from '../src/modules/auth/oauth-state.ts';
import { bindingNonce, newBinding } from '../src/modules/auth/login-binding.ts';
import { sealSecret } from '../src/lib/secret-box.ts';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildUser, loginAs } from './support/factories.ts';
import { startWechatFake, type FakeWechatServer } from './fakes/wechat-fake-server.ts';

const MP_APP = 'wx1111111111mp0001';
const MP_SECRET = 'mp-secret-for-tests';
const OPEN_APP = 'wx2222222222open01';
const OPEN_SECRET = 'open-secret-for-tests';
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI Language/zh_CN';

function wechatConfig(apiBase: string, overrides: Partial<Config['wechat']> = {}): Config['wechat'] {
  return { ...testConfig().wechat, appId: MP_APP, appSecret: MP_SECRET, openAppId: OPEN_APP, openAppSecret: OPEN_SECRET, apiBase, openBase: 'https://open.weixin.qq.com', ...overrides };
}

let openidSeq = 0;
const freshOpenid = () => `oFake${String(++openidSeq).padStart(8, '0')}${Math.random().toString(36).slice(2, 8)}`;

describe('HttpWechatOAuthClient against the fake WeChat API', () => {
  let fake: FakeWechatServer;
  let client: HttpWechatOAuthClient;
  beforeAll(async () => {
    fake = await startWechatFake({ [MP_APP]: MP_SECRET, [OPEN_APP]: OPEN_SECRET });
    // Generous: a busy CI machine must not turn an answered call into a timeout.
    client = new HttpWechatOAuthClient({ ...wechatConfig(fake.baseUrl), timeoutMs: 5000 });
  });
  afterAll(() => fake.close());

  const failure = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WechatOAuthError);
    return err as WechatOAuthError;
  };

  it('exchanges a code and reads the user, with unionid and an https avatar', async () => {
    const code = fake.mintCode(MP_APP, { openid: 'oA', unionid: 'uA', nickname: '小王', headimgurl: 'http://thirdwx.qlogo.cn/mmopen/x/132' });
    const token = await client.exchangeCode('mp', code);
    expect(token).toMatchObject({ openid: 'oA', unionid: 'uA', expiresIn: 7200, accessToken: expect.any(String), refreshToken: expect.any(String) });
    const info = await client.userInfo(token.accessToken, token.openid);
    expect(info).toMatchObject({ openid: 'oA', unionid: 'uA', nickname: '小王', avatar: 'https://thirdwx.qlogo.cn/mmopen/x/132' });
    const refreshed = await client.refreshAccessToken('mp', token.refreshToken);
    expect(refreshed.openid).toBe('oA');
  });

  it('reports WeChat errcodes: 40029 unknown code, 40163 reused code, 40125 wrong secret, 40001 bad access token, 40030 bad refresh token', async () => {
    expect((await failure(client.exchangeCode('mp', 'no-such-code'))).errcode).toBe(40029);
    const code = fake.mintCode(MP_APP, { openid: 'oB' });
    await client.exchangeCode('mp', code);
    expect((await failure(client.exchangeCode('mp', code))).errcode).toBe(40163);
    const wrongSecret = new HttpWechatOAuthClient(wechatConfig(fake.baseUrl, { appSecret: 'wrong' }));
    expect((await failure(wrongSecret.exchangeCode('mp', fake.mintCode(MP_APP, { openid: 'oC' })))).errcode).toBe(40125);
    expect((await failure(client.userInfo('bad-token', 'oA'))).errcode).toBe(40001);
    expect((await failure(client.refreshAccessToken('mp', 'bad-refresh'))).errcode).toBe(40030);
  });

  it('refuses a code minted for the other app', async () => {
    const code = fake.mintCode(OPEN_APP, { openid: 'oD' });
    expect((await failure(client.exchangeCode('mp', code))).errcode).toBe(40029);
    expect((await client.exchangeCode('open', code)).openid).toBe('oD');
  });

  it('retries once after a dropped connection', async () => {
    const code = fake.mintCode(MP_APP, { openid: 'oE' });
    const before = fake.requests.length;
    fake.failNext(1, 'reset');
    expect((await client.exchangeCode('mp', code)).openid).toBe('oE');
    expect(fake.requests.length - before).toBe(2);
  });

  it('gives up after the retry also fails', async () => {
    fake.failNext(2, 'reset');
    const err = await failure(client.exchangeCode('mp', fake.mintCode(MP_APP, { openid: 'oF' })));
    expect(err.kind).toBe('network');
  });

  it('times out without retrying (the code may already be spent)', async () => {
    const before = fake.requests.length;
    fake.failNext(1, 'hang');
    const quick = new HttpWechatOAuthClient({ ...wechatConfig(fake.baseUrl), timeoutMs: 300 });
    const err = await failure(quick.exchangeCode('mp', fake.mintCode(MP_APP, { openid: 'oG' })));
    expect(err.kind).toBe('timeout');
    expect(fake.requests.length - before).toBe(1);
  });

  it('reports an unreachable WeChat as a network failure', async () => {
    const closed = await startWechatFake({});
    const base = closed.baseUrl;
    await closed.close();
    const err = await failure(new HttpWechatOAuthClient(wechatConfig(base)).exchangeCode('mp', 'x'));
    expect(err.kind).toBe('network');
  });

  it('builds the published authorize and QR-connect URLs', () => {
    const a = new URL(client.authorizeUrl('https://h5.example.com/v1/users/wx_callback?r=%2F', 'abc123'));
    expect(`${a.origin}${a.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect([...a.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(a.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(a.hash).toBe('#wechat_redirect');
    const q = new URL(client.qrConnectUrl('https://h5.example.com/cb', 's'));
    expect(`${q.origin}${q.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(q.searchParams.get('appid')).toBe(OPEN_APP);
    expect(q.searchParams.get('scope')).toBe('snsapi_login');
  });
});

describe.each(dialectsUnderTest())('WeChat login (%s)', (dialect) => {
  let fake: FakeWechatServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startWechatFake({ [MP_APP]: MP_SECRET, [OPEN_APP]: OPEN_SECRET });
    t = await build(dialect, { config: { wechat: wechatConfig(fake.baseUrl) } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  interface Flow {
    url: URL;
    state: string;
    /** Path and query of our callback, as WeChat will call it (without code/state). */
    callback: string;
    cookie: string;
  }

  async function start(
    opts: { kind?: 'wx' | 'qr'; returnUrl?: string; headers?: Record<string, string>; app?: TestApp } = {},
  ): Promise<Flow> {
    const app = opts.app ?? t;
    const path = opts.kind === 'qr' ? '/v1/users/qr_login?productType=8' : '/v1/users/wx_login?';
    const res = await app.app.inject({
      method: 'GET',
      url: `${path}&returnUrl=${encodeURIComponent(opts.returnUrl ?? '/course/detail?courseId=1')}`,
      headers: { 'user-agent': WECHAT_UA, ...opts.headers },
    });
    const body = res.json();
    expect(body.code).toBe(0);
    const url = new URL(body.data.url);
    const redirect = new URL(url.searchParams.get('redirect_uri')!);
    const setCookie = String(res.headers['set-cookie']);
    return { url, state: url.searchParams.get('state')!, callback: `${redirect.pathname}${redirect.search}`, cookie: setCookie.split(';')[0]! };
  }

  function callback(flow: Flow, code: string | null, opts: { headers?: Record<string, string>; cookie?: string | null; state?: string; app?: TestApp } = {}) {
    const params = new URLSearchParams();
    if (code !== null) params.set('code', code);
    params.set('state', opts.state ?? flow.state);
    const cookie = opts.cookie === undefined ? flow.cookie : opts.cookie;
    return (opts.app ?? t).app.inject({
      method: 'GET',
      url: `${flow.callback}&${params.toString()}`,
      headers: { 'user-agent': WECHAT_UA, ...(cookie ? { cookie } : {}), ...opts.headers },
    });
  }

  /** The query of the H5 page a redirect points at (hash route over http). */
  function landing(location: string | undefined): { path: string; params: URLSearchParams } {
    expect(location).toBeTruthy();
    const loc = location!;
    const route = loc.startsWith('/#') ? loc.slice(2) : loc;
    const [path, query = ''] = route.split('?') as [string, string?];
    return { path, params: new URLSearchParams(query) };
  }

  /** What the H5 page does with the login code: POST it from the same browser (cookie). */
  function exchange(code: string | null, cookie: string | null, app: TestApp = t) {
    return app.app.inject({
      method: 'POST',
      url: '/v1/users/login_code',
      headers: { 'user-agent': WECHAT_UA, ...(cookie ? { cookie } : {}) },
      payload: { code: code ?? '' },
    });
  }

  /** The whole browser journey: start, callback, exchange; the token pair and where the callback landed. */
  async function signIn(code: string, opts: { flow?: Flow; app?: TestApp } = {}) {
    const flow = opts.flow ?? (await start({ app: opts.app }));
    const res = await callback(flow, code, { app: opts.app });
    const landed = landing(res.headers.location);
    expect(landed.path).toBe('/user/loginComplete');
    const answer = await exchange(landed.params.get('code'), flow.cookie, opts.app);
    expect(answer.json().code).toBe(0);
    return { res, landed, answer, pair: answer.json().data as { accessToken: string; refreshToken: string; userId: number; isNewUser: boolean; expiresIn: number } };
  }

  describe('GET /v1/users/wx_login', () => {
    it('answers the snsapi_userinfo authorize URL with our callback and a compact signed state', async () => {
      const flow = await start({ returnUrl: '/course/detail?courseId=7' });
      expect(`${flow.url.origin}${flow.url.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
      expect(flow.url.searchParams.get('appid')).toBe(MP_APP);
      expect(flow.url.searchParams.get('response_type')).toBe('code');
      expect(flow.url.searchParams.get('scope')).toBe('snsapi_userinfo');
      expect(flow.url.hash).toBe('#wechat_redirect');
      // WeChat takes at most 128 bytes of [A-Za-z0-9] as state.
      expect(flow.state).toMatch(/^[A-Za-z0-9]{1,128}$/);
      const redirectUri = flow.url.searchParams.get('redirect_uri')!;
      expect(redirectUri).toMatch(/^http:\/\/localhost(:80)?\/v1\/users\/wx_callback\?r=/);
      const redirect = new URL(redirectUri);
      expect(redirect.searchParams.get('r')).toBe('/course/detail?courseId=7');
      expect(flow.cookie).toMatch(/^jf_login_bind=[A-Za-z0-9_-]{43}$/);
      // The state carries an HMAC of the binding, never the cookie's value.
      expect(flow.state).not.toContain(flow.cookie.split('=')[1]!);
    });

    it('sets the binding cookie HttpOnly, SameSite=Lax (survives the redirect back), scoped to /v1/users', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/users/wx_login?returnUrl=/', headers: { 'user-agent': WECHAT_UA } });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/v1/users;');
      expect(cookie).toContain('Max-Age=600');
    });

    it('builds the callback on PUBLIC_URL when configured', async () => {
      const pub = await build(dialect, { config: { wechat: wechatConfig(fake.baseUrl), publicUrl: 'https://h5.jinfaketang.com' } });
      try {
        const flow = await start({ app: pub });
        expect(flow.url.searchParams.get('redirect_uri')!.startsWith('https://h5.jinfaketang.com/v1/users/wx_callback?r=')).toBe(true);
      } finally {
        await pub.close();
      }
    });

    it('answers -10018 (mentioning 微信) outside the WeChat browser', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/users/wx_login?returnUrl=/',
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Safari/604.1' },
      });
      expect(res.json()).toMatchObject({ code: -10018, data: null });
      expect(res.json().message).toContain('微信');
    });

    it.each(['//evil.com', 'http://evil.com/', 'https://evil.com', '/\\evil.com', '/\tevil', 'javascript:alert(1)', 'evil.com', ' /x'])(
      'refuses the returnUrl %j (open redirect) with -10001',
      async (returnUrl) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/v1/users/wx_login?returnUrl=${encodeURIComponent(returnUrl)}`,
          headers: { 'user-agent': WECHAT_UA },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(-10001);
      },
    );
  });

  describe('GET /v1/users/qr_login', () => {
    it('answers the qrconnect URL of the open-platform app', async () => {
      const flow = await start({ kind: 'qr', headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/120' } });
      expect(`${flow.url.origin}${flow.url.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
      expect(flow.url.searchParams.get('appid')).toBe(OPEN_APP);
      expect(flow.url.searchParams.get('scope')).toBe('snsapi_login');
      expect(flow.url.hash).toBe('#wechat_redirect');
    });

    it('refuses an absolute returnUrl', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/users/qr_login?productType=8&returnUrl=https%3A%2F%2Fevil.com' });
      expect(res.json().code).toBe(-10001);
    });

    it('refuses a productType that is not a number', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/users/qr_login?productType=abc&returnUrl=/' });
      expect(res.json().code).toBe(-10001);
    });
  });

  describe('GET /v1/users/wx_callback', () => {
    it('creates a user from the WeChat profile and lands on loginComplete with a one-time code, never a token (hash route over http)', async () => {
      const openid = freshOpenid();
      const flow = await start({ returnUrl: '/course/detail?courseId=1' });
      const code = fake.mintCode(MP_APP, { openid, unionid: `u-${openid}`, nickname: '金融小白', headimgurl: 'http://thirdwx.qlogo.cn/a/132' });
      const res = await callback(flow, code);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location!.startsWith('/#/user/loginComplete?')).toBe(true);
      const { path, params } = landing(res.headers.location);
      expect(path).toBe('/user/loginComplete');
      expect(params.get('returnUrl')).toBe('/course/detail?courseId=1');
      expect([...params.keys()].sort()).toEqual(['code', 'returnUrl']);
      expect(params.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const answer = await exchange(params.get('code'), flow.cookie);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['set-cookie']).toContain('Max-Age=0');
      const pair = answer.json().data;
      expect(pair).toMatchObject({ userId: expect.any(Number), isNewUser: true, expiresIn: t.config.accessTokenTtlSec });
      expect(pair.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const accessToken = pair.accessToken as string;
      // No token anywhere in the address the browser was sent to.
      expect(res.headers.location).not.toContain(accessToken);
      expect(res.headers.location).not.toContain(pair.refreshToken);
      const me = (await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { 'access-token': accessToken } })).json();
      expect(me).toMatchObject({ code: 0, data: { nickname: '金融小白', avatar: 'https://thirdwx.qlogo.cn/a/132', hasWechat: true, userType: 1, auditStatus: 0 } });
      const identity = await t.app.db.selectFrom('wechat_identities').selectAll().where('openid', '=', openid).executeTakeFirstOrThrow();
      expect(identity).toMatchObject({ user_id: me.data.userId, app_id: MP_APP, unionid: `u-${openid}` });
      // WeChat's refresh token is kept sealed, never as issued.
      expect(identity.sns_refresh_token).toBeTruthy();
    });

    it('signs the same WeChat user into the same account next time', async () => {
      const openid = freshOpenid();
      const first = await signIn(fake.mintCode(MP_APP, { openid }));
      const second = await signIn(fake.mintCode(MP_APP, { openid }));
      expect(second.pair.userId).toBe(first.pair.userId);
      expect(second.pair.isNewUser).toBe(false);
      const users = await t.app.db.selectFrom('wechat_identities').select('user_id').where('openid', '=', openid).execute();
      expect(users).toHaveLength(1);
    });

    it('finds the account by unionid when the learner comes through the other app (desktop QR)', async () => {
      const unionid = `u-${freshOpenid()}`;
      const viaMp = await signIn(fake.mintCode(MP_APP, { openid: freshOpenid(), unionid }));
      const qr = await start({ kind: 'qr' });
      const viaQr = await signIn(fake.mintCode(OPEN_APP, { openid: freshOpenid(), unionid }), { flow: qr });
      expect(viaQr.pair.userId).toBe(viaMp.pair.userId);
      const ids = await t.app.db.selectFrom('wechat_identities').select('app_id').where('unionid', '=', unionid).orderBy('app_id').execute();
      expect(ids.map((i) => i.app_id).sort()).toEqual([MP_APP, OPEN_APP].sort());
    });

    it('uses browser-history routes over https', async () => {
      const https = { 'x-forwarded-proto': 'https' };
      const flow = await start({ headers: https });
      expect(flow.url.searchParams.get('redirect_uri')!.startsWith('https://')).toBe(true);
      const res = await callback(flow, fake.mintCode(MP_APP, { openid: freshOpenid() }), { headers: https });
      expect(res.headers.location!.startsWith('/user/loginComplete?')).toBe(true);
      const bad = await callback(flow, 'x', { headers: https, state: 'garbage' });
      expect(bad.headers.location!.startsWith('/user/login?')).toBe(true);
    });

    it('links WeChat to the signed-in learner who started the flow', async () => {
      const user = await buildUser(t.app.db);
      const login = await loginAs(t, user.id);
      const openid = freshOpenid();
      const flow = await start({ headers: login.headers });
      const { pair } = await signIn(fake.mintCode(MP_APP, { openid, nickname: '绑定者' }), { flow });
      expect(pair.userId).toBe(user.id);
      const identity = await t.app.db.selectFrom('wechat_identities').selectAll().where('openid', '=', openid).executeTakeFirstOrThrow();
      expect(identity.user_id).toBe(user.id);
      const count = await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('nickname', '=', '绑定者').executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('ignores a token in the callback address: only the learner who STARTED signed in may link', async () => {
      const user = await buildUser(t.app.db);
      const login = await loginAs(t, user.id);
      const openid = freshOpenid();
      const flow = await start();
      flow.callback += `&apptoken=${login.accessToken}`;
      const { pair } = await signIn(fake.mintCode(MP_APP, { openid }), { flow });
      expect(pair.userId).not.toBe(user.id);
      const identity = await t.app.db.selectFrom('wechat_identities').selectAll().where('openid', '=', openid).executeTakeFirstOrThrow();
      expect(identity.user_id).toBe(pair.userId);
    });

    it('refuses to link a WeChat account that belongs to someone else (-10022)', async () => {
      const openid = freshOpenid();
      await callback(await start(), fake.mintCode(MP_APP, { openid }));
      const other = await buildUser(t.app.db);
      const login = await loginAs(t, other.id);
      const res = await callback(await start({ headers: login.headers, returnUrl: '/userCenter/settings' }), fake.mintCode(MP_APP, { openid }));
      const { path, params } = landing(res.headers.location);
      expect(path).toBe('/user/login');
      expect(params.get('error')).toBe('-10022');
      expect(params.get('redirect')).toBe('/userCenter/settings');
    });

    it('lets a locked learner sign in with WeChat; what they do next is refused', async () => {
      const openid = freshOpenid();
      const first = await signIn(fake.mintCode(MP_APP, { openid }));
      const userId = first.pair.userId;
      await t.app.db.updateTable('users').set({ account_status: AccountStatus.LOCKED }).where('id', '=', userId).execute();
      const again = await signIn(fake.mintCode(MP_APP, { openid }));
      const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { 'access-token': again.pair.accessToken } });
      expect(me.json().code).toBe(-1797);
    });

    it.each([
      ['an unknown code (40029)', () => 'not-a-code'],
      ['a code of the other app', () => fake.mintCode(OPEN_APP, { openid: freshOpenid() })],
    ])('redirects to login with -10017 for %s', async (_label, makeCode) => {
      const res = await callback(await start({ returnUrl: '/mycourses' }), makeCode());
      const { path, params } = landing(res.headers.location);
      expect(path).toBe('/user/login');
      expect(params.get('error')).toBe('-10017');
      expect(params.get('redirect')).toBe('/mycourses');
    });

    it('redirects to login with -10017 when the code was already used (40163)', async () => {
      const code = fake.mintCode(MP_APP, { openid: freshOpenid() });
      await signIn(code);
      const res = await callback(await start(), code);
      expect(landing(res.headers.location).params.get('error')).toBe('-10017');
    });

    it('redirects to login with -10017 when our app secret is wrong (40125)', async () => {
      const wrong = await build(dialect, { config: { wechat: wechatConfig(fake.baseUrl, { appSecret: 'not-the-secret' }) } });
      try {
        const flow = await start({ app: wrong });
        const res = await callback(flow, fake.mintCode(MP_APP, { openid: freshOpenid() }), { app: wrong });
        expect(landing(res.headers.location).params.get('error')).toBe('-10017');
      } finally {
        await wrong.close();
      }
    });

    it('redirects to login with -10017 when the learner declined (no code)', async () => {
      const res = await callback(await start(), null);
      expect(landing(res.headers.location).params.get('error')).toBe('-10017');
    });

    it('redirects to login with -10017 when WeChat cannot be reached', async () => {
      const gone = await startWechatFake({});
      const base = gone.baseUrl;
      await gone.close();
      const down = await build(dialect, { config: { wechat: wechatConfig(base) } });
      try {
        const flow = await start({ app: down });
        const res = await callback(flow, 'any', { app: down });
        expect(landing(res.headers.location).params.get('error')).toBe('-10017');
      } finally {
        await down.close();
      }
    });

    it('refuses a tampered state (-10001) and never exchanges the code', async () => {
      const flow = await start();
      const tampered = flow.state.slice(0, -1) + (flow.state.endsWith('0') ? '1' : '0');
      const before = fake.requests.length;
      const res = await callback(flow, fake.mintCode(MP_APP, { openid: freshOpenid() }), { state: tampered });
      const { path, params } = landing(res.headers.location);
      expect(path).toBe('/user/login');
      expect(params.get('error')).toBe('-10001');
      expect(params.get('redirect')).toBeNull();
      expect(fake.requests.length).toBe(before);
    });

    it('refuses an expired state', async () => {
      const flow = await start();
      // Give the browser the matching binding cookie so that only the expiry is wrong.
      const binding = newBinding();
      const nonce = bindingNonce(t.config.tokenSecret, binding);
      const state = signOAuthState(t.config.tokenSecret, { app: 'mp', returnUrl: '/course/detail?courseId=1', linkUserId: null, nonce, now: Date.now() - 11 * 60 * 1000 });
      const res = await callback(flow, fake.mintCode(MP_APP, { openid: freshOpenid() }), { state, cookie: `jf_login_bind=${binding}` });
      expect(landing(res.headers.location).params.get('error')).toBe('-10001');
    });

    it('refuses a returnUrl swapped after signing (the signature covers it)', async () => {
      const flow = await start({ returnUrl: '/mycourses' });
      flow.callback = flow.callback.replace('r=%2Fmycourses', 'r=%2FuserCenter%2Fsettings');
      const res = await callback(flow, fake.mintCode(MP_APP, { openid: freshOpenid() }));
      expect(landing(res.headers.location).params.get('error')).toBe('-10001');
    });

    it('refuses a callback in a browser that did not start the flow (no or another nonce cookie)', async () => {
      const flow = await start();
      const other = await start();
      expect(landing((await callback(flow, 'c', { cookie: null })).headers.location).params.get('error')).toBe('-10001');
      expect(landing((await callback(flow, 'c', { cookie: other.cookie })).headers.location).params.get('error')).toBe('-10001');
      // A cookie value that merely looks like the state's nonce is not the binding.
      expect(landing((await callback(flow, 'c', { cookie: `jf_login_bind=${flow.state.split('X')[2]}` })).headers.location).params.get('error')).toBe('-10001');
    });

    it('refuses a callback without any state', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/users/wx_callback?code=abc' });
      expect(res.statusCode).toBe(302);
      expect(landing(res.headers.location).params.get('error')).toBe('-10001');
    });
  });

  describe('POST /v1/users/login_code (decision 017)', () => {
    const setClock = useServerClock();

    async function landedCode(flow?: Flow) {
      const f = flow ?? (await start());
      const res = await callback(f, fake.mintCode(MP_APP, { openid: freshOpenid() }));
      return { flow: f, code: landing(res.headers.location).params.get('code')! };
    }

    it('refuses a replayed code with -10210 (a clear message), after the first exchange worked', async () => {
      const { flow, code } = await landedCode();
      expect((await exchange(code, flow.cookie)).json().code).toBe(0);
      const again = (await exchange(code, flow.cookie)).json();
      expect(again).toMatchObject({ code: -10210, data: null });
      expect(again.message).toContain('重新登录');
    });

    it('refuses a code from a browser without the binding cookie, or with another one (-10211), and the own browser still completes', async () => {
      const { flow, code } = await landedCode();
      const other = await start();
      const none = (await exchange(code, null)).json();
      expect(none.code).toBe(-10211);
      expect(none.message).toContain('同一浏览器');
      expect((await exchange(code, other.cookie)).json().code).toBe(-10211);
      expect((await exchange(code, 'jf_login_bind=not-a-binding')).json().code).toBe(-10211);
      const mine = (await exchange(code, flow.cookie)).json();
      expect(mine.code).toBe(0);
      expect(mine.data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('refuses a code after 60 seconds', async () => {
      const { flow, code } = await landedCode();
      setClock(Date.now() + 61_000);
      expect((await exchange(code, flow.cookie)).json().code).toBe(-10210);
    });

    it('refuses unknown and malformed codes with -10210 (never a 500)', async () => {
      const flow = await start();
      for (const code of ['x'.repeat(43), 'short', '../../etc/passwd', '%00', 'a'.repeat(128)]) {
        const res = await exchange(code, flow.cookie);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().code).toBe(-10210);
      }
      expect((await exchange('', flow.cookie)).json().code).toBe(-10001);
    });

    it('hands out one token pair when the same code is exchanged twice at once', async () => {
      const { flow, code } = await landedCode();
      const answers = await Promise.all([exchange(code, flow.cookie), exchange(code, flow.cookie), exchange(code, flow.cookie)]);
      const codes = answers.map((a) => a.json().code).sort();
      expect(codes).toEqual([-10210, -10210, 0]);
    });

    it('stores only a hash of the code', async () => {
      const { code } = await landedCode();
      const rows = await t.app.db.selectFrom('one_time_codes').select(['code_hash', 'scope']).execute();
      expect(rows.some((r) => r.code_hash === code || r.scope.includes(code))).toBe(false);
    });

    it('never puts a token in any Location header or address, on success or failure', async () => {
      const pair = await signIn(fake.mintCode(MP_APP, { openid: freshOpenid() }));
      const failures = [await callback(await start(), null), await callback(await start(), 'bad'), await callback(await start(), 'x', { cookie: null })];
      for (const res of [pair.res, ...failures]) {
        const location = res.headers.location!;
        expect(location).not.toMatch(/accessToken|refreshToken|apptoken/i);
        expect(location).not.toContain(pair.pair.accessToken);
      }
    });
  });

  describe('POST /v1/users/sync', () => {
    it('re-reads nickname and avatar from WeChat', async () => {
      const openid = freshOpenid();
      const done = await signIn(fake.mintCode(MP_APP, { openid, nickname: '旧昵称' }));
      fake.updateUser(openid, { nickname: '新昵称', headimgurl: 'https://thirdwx.qlogo.cn/new/132' });
      const res = await t.app.inject({ method: 'POST', url: '/v1/users/sync', headers: { 'access-token': done.pair.accessToken }, payload: {} });
      expect(res.json()).toMatchObject({ code: 0, data: { nickname: '新昵称', avatar: 'https://thirdwx.qlogo.cn/new/132', hasWechat: true } });
    });

    it('answers -10017 when WeChat refuses the stored refresh token', async () => {
      const openid = freshOpenid();
      const done = await signIn(fake.mintCode(MP_APP, { openid }));
      await t.app.db
        .updateTable('wechat_identities')
        .set({ sns_refresh_token: sealSecret(t.config.tokenSecret, 'revoked-by-wechat') })
        .where('openid', '=', openid)
        .execute();
      const res = await t.app.inject({ method: 'POST', url: '/v1/users/sync', headers: { 'access-token': done.pair.accessToken }, payload: {} });
      expect(res.json().code).toBe(-10017);
    });

    it('does nothing for a learner without WeChat', async () => {
      const user = await buildUser(t.app.db, { nickname: '手机用户' });
      const login = await loginAs(t, user.id);
      const before = fake.requests.length;
      const res = await t.app.inject({ method: 'POST', url: '/v1/users/sync', headers: login.headers, payload: {} });
      expect(res.json()).toMatchObject({ code: 0, data: { nickname: '手机用户', hasWechat: false } });
      expect(fake.requests.length).toBe(before);
    });
  });
});
