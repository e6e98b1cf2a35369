import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { MemoryKvStore, RedisKvStore, type KvStore } from '../src/adapters/kv-store.ts';
import { HttpWechatJsSdk, LocalWechatJsSdk, signJsApi, WechatJsSdkError, type WechatJsSdk } from '../src/adapters/wechat/wechat-jssdk.ts';
import { build, type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import { startWechatFake, type FakeWechatServer } from './fakes/wechat-fake-server.ts';

const MP_APP = 'wx1111111111mp0001';
const MP_SECRET = 'mp-secret-for-tests';

describe('signJsApi', () => {
  it("matches WeChat's documented example (JS-SDK 附录1)", () => {
    const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
    expect(signJsApi(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com?params=value')).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    // The fragment is never part of what WeChat signs.
    expect(signJsApi(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com?params=value#/course/detail')).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });
});

describe('HttpWechatJsSdk against the fake WeChat API', () => {
  let fake: FakeWechatServer;
  let clock: number;
  let kv: MemoryKvStore;
  let sdk: HttpWechatJsSdk;
  const calls = (path: string) => fake.requests.filter((r) => r.path === path).length;
  const newSdk = (store: KvStore = kv) => new HttpWechatJsSdk({ appId: MP_APP, appSecret: MP_SECRET, apiBase: fake.baseUrl, timeoutMs: 500 }, store, () => clock);

  beforeAll(async () => {
    fake = await startWechatFake({ [MP_APP]: MP_SECRET });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    clock = 1_700_000_000_000;
    fake.requests.length = 0;
    fake.setCredentialTtl(7200);
    kv = new MemoryKvStore(() => clock);
    sdk = newSdk();
  });
  afterEach(() => kv.close());

  it('fetches the token and the ticket once, then answers from the cache', async () => {
    const first = await sdk.jsapiTicket();
    expect(first).toBe(fake.tickets.at(-1));
    expect(await sdk.jsapiTicket()).toBe(first);
    // A second instance sharing the store (another server process) fetches nothing either.
    expect(await newSdk().jsapiTicket()).toBe(first);
    expect(calls('/cgi-bin/token')).toBe(1);
    expect(calls('/cgi-bin/ticket/getticket')).toBe(1);
    expect(fake.requests.find((r) => r.path === '/cgi-bin/ticket/getticket')?.query.type).toBe('jsapi');
  });

  it('fetches again at 80% of expires_in, before WeChat expires them', async () => {
    const first = await sdk.jsapiTicket();
    clock += 7200 * 1000 * 0.79;
    expect(await sdk.jsapiTicket()).toBe(first);
    expect(calls('/cgi-bin/ticket/getticket')).toBe(1);
    clock += 7200 * 1000 * 0.02;
    const second = await sdk.jsapiTicket();
    expect(second).not.toBe(first);
    expect(calls('/cgi-bin/token')).toBe(2);
    expect(calls('/cgi-bin/ticket/getticket')).toBe(2);
  });

  it('shares one fetch among concurrent callers', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => sdk.jsapiTicket()));
    expect(new Set(answers).size).toBe(1);
    expect(calls('/cgi-bin/token')).toBe(1);
    expect(calls('/cgi-bin/ticket/getticket')).toBe(1);
  });

  it.each([
    ['invalidated (40001)', (f: FakeWechatServer) => f.invalidateAccessTokens()],
    ['expired (42001)', (f: FakeWechatServer) => f.expireAccessTokens()],
  ])('fetches a new token once and retries when the cached one is %s', async (_name, kill) => {
    await sdk.jsapiTicket();
    kill(fake);
    // The ticket is due again while the cached token is still, as far as we know, good.
    fake.setCredentialTtl(7200);
    await kv.del(`wechat:jssdk:${MP_APP}:ticket`);
    const ticket = await sdk.jsapiTicket();
    expect(ticket).toBe(fake.tickets.at(-1));
    expect(calls('/cgi-bin/token')).toBe(2);
    expect(calls('/cgi-bin/ticket/getticket')).toBe(3);
  });

  it('keeps answering the still-valid ticket when the early refresh fails', async () => {
    const first = await sdk.jsapiTicket();
    clock += 7200 * 1000 * 0.9;
    // Both refreshes fail: the token's (the still-valid one is used) and the ticket's.
    fake.failNext(2, 'reset');
    expect(await sdk.jsapiTicket()).toBe(first);
    expect(calls('/cgi-bin/ticket/getticket')).toBe(2);
    // Past WeChat's expiry there is nothing left to fall back on.
    clock += 7200 * 1000 * 0.2;
    fake.failNext(1, 'reset');
    const err = await sdk.jsapiTicket().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WechatJsSdkError);
  });

  it('reports a wrong secret with its errcode and caches nothing', async () => {
    const wrong = new HttpWechatJsSdk({ appId: MP_APP, appSecret: 'wrong', apiBase: fake.baseUrl }, kv, () => clock);
    const err = (await wrong.jsapiTicket().catch((e: unknown) => e)) as WechatJsSdkError;
    expect(err).toBeInstanceOf(WechatJsSdkError);
    expect(err.errcode).toBe(40125);
    expect(await kv.get(`wechat:jssdk:${MP_APP}:token`)).toBeNull();
  });

  it.runIf(!!process.env.TEST_REDIS_URL)('shares the cache between instances through Redis', async () => {
    const prefix = `test:${Math.random().toString(36).slice(2)}:`;
    const a = new RedisKvStore(process.env.TEST_REDIS_URL!, prefix);
    const b = new RedisKvStore(process.env.TEST_REDIS_URL!, prefix);
    try {
      const first = await newSdk(a).jsapiTicket();
      expect(await newSdk(b).jsapiTicket()).toBe(first);
      expect(calls('/cgi-bin/ticket/getticket')).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.each(dialectsUnderTest())('sharing (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app), { config: { publicUrl: 'https://h5.jinfaketang.com' } });

  const jsApiConfig = (url: string | null, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/v1/wechats/jsApiConfig${url === null ? '' : `?url=${encodeURIComponent(url)}`}`, headers });

  describe('POST /v1/wechats/jsApiConfig', () => {
    it('signs the page without its fragment with the current ticket', async () => {
      const before = Math.floor(Date.now() / 1000);
      const page = 'https://h5.jinfaketang.com/course/detail?courseId=7&suid=12';
      const res = await jsApiConfig(`${page}#section`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const { code, data } = res.json();
      expect(code).toBe(0);
      expect(data.appId).toBe(t.config.wechat.appId);
      expect(data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(data.timestamp).toBeGreaterThanOrEqual(before);
      const ticket = await new LocalWechatJsSdk(t.config.wechat.appId).jsapiTicket();
      expect(data.signature).toBe(signJsApi(ticket, data.nonceStr, data.timestamp, page));
      // Every call gets its own nonce.
      expect((await jsApiConfig(page)).json().data.nonceStr).not.toBe(data.nonceStr);
    });

    // The signature follows PUBLIC_URL, never what the request says its host is (decision 018).
    it.each([
      ['a spoofed Host', { host: 'evil.example' }],
      ['a spoofed X-Forwarded-Host', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }],
      ['both', { host: 'evil.example', 'x-forwarded-host': 'evil.example' }],
    ])('refuses to sign a page on the host named by %s', async (_name, headers) => {
      const res = await jsApiConfig('https://evil.example/course/detail?courseId=7', headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCodes.SHARE_URL_NOT_ALLOWED, data: null });
      // …and a page of ours still signs, whatever the headers say.
      expect((await jsApiConfig('https://h5.jinfaketang.com/', headers)).json().code).toBe(0);
    });

    it.each([
      ['plain http on our host', 'http://h5.jinfaketang.com/'],
      ['another port on our host', 'https://h5.jinfaketang.com:8443/'],
    ])('refuses %s: only the public origin is ours', async (_name, url) => {
      expect((await jsApiConfig(url)).json().code).toBe(ErrorCodes.SHARE_URL_NOT_ALLOWED);
    });

    it('accepts the default port and any letter case of our host', async () => {
      expect((await jsApiConfig('https://H5.JinFaKeTang.com:443/course/detail')).json().code).toBe(0);
    });

    it.each([
      ['another site', 'https://evil.example.com/'],
      ['a look-alike host', 'https://h5.jinfaketang.com.evil.example/'],
      ['a script url', 'javascript:alert(1)//h5.jinfaketang.com'],
      ['credentials in the url', 'https://user:pw@h5.jinfaketang.com/'],
      ['no url at all', 'not a url'],
    ])('refuses %s with -10050', async (_name, url) => {
      const res = await jsApiConfig(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCodes.SHARE_URL_NOT_ALLOWED, data: null });
    });

    it('asks for the url with -10001', async () => {
      const res = await jsApiConfig(null);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('POST /v1/wechats/jsApiConfig with the real adapter', () => {
    let fake: FakeWechatServer;
    let real: TestApp;
    const failing: WechatJsSdk = {
      appId: MP_APP,
      jsapiTicket: () => Promise.reject(new WechatJsSdkError('api', 'getticket: 45009 reach max api daily quota limit', 45009)),
    };
    beforeAll(async () => {
      fake = await startWechatFake({ [MP_APP]: MP_SECRET });
    });
    afterAll(async () => {
      await real?.close();
      await fake.close();
    });

    it('signs with the ticket WeChat issued', async () => {
      const kv = new MemoryKvStore();
      real = await build(dialect, {
        kv,
        config: { publicUrl: 'https://h5.jinfaketang.com' },
        adapters: { wechatJsSdk: new HttpWechatJsSdk({ appId: MP_APP, appSecret: MP_SECRET, apiBase: fake.baseUrl }, kv) },
      });
      const page = 'https://h5.jinfaketang.com/columns/detail?id=3';
      const { code, data } = (await real.app.inject({ method: 'POST', url: `/v1/wechats/jsApiConfig?url=${encodeURIComponent(page)}` })).json();
      expect(code).toBe(0);
      expect(data.appId).toBe(MP_APP);
      expect(data.signature).toBe(signJsApi(fake.tickets.at(-1)!, data.nonceStr, data.timestamp, page));
    });

    it('answers -10051 when WeChat refuses, without its message', async () => {
      const down = await build(dialect, { config: { publicUrl: 'https://h5.jinfaketang.com' }, adapters: { wechatJsSdk: failing } });
      try {
        const res = await down.app.inject({ method: 'POST', url: `/v1/wechats/jsApiConfig?url=${encodeURIComponent('https://h5.jinfaketang.com/')}` });
        expect(res.statusCode).toBe(200);
        expect(res.json().code).toBe(ErrorCodes.WECHAT_SHARE_CONFIG_FAILED);
        expect(res.body).not.toContain('45009');
      } finally {
        await down.close();
      }
    });
  });

  describe('POST /v1/courses/:id/shared', () => {
    const share = (id: number | string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/v1/courses/${id}/shared`, payload: payload as object, headers });
    const sharesOf = (courseId: number) => t.app.db.selectFrom('course_shares').selectAll().where('course_id', '=', courseId).orderBy('id').execute();

    it("records a signed-in learner's share to a chat and a visitor's share to the timeline", async () => {
      const course = await buildCourse(t.app.db);
      const { user, headers } = await signedInUser(t);
      const res = await share(course.id, { shareType: 1 }, headers);
      expect(res.json()).toMatchObject({ code: 0, data: { courseId: course.id, shareType: 1, channel: 'jssdk', sharedAt: expect.any(String) } });
      expect((await share(course.id, { shareType: 2 })).json().code).toBe(0);
      const rows = await sharesOf(course.id);
      expect(rows.map((r) => [r.user_id, r.share_type, r.channel])).toEqual([
        [user.id, 1, 'jssdk'],
        [null, 2, 'jssdk'],
      ]);
    });

    it('records a generated poster without a share type', async () => {
      const course = await buildCourse(t.app.db);
      expect((await share(course.id, { channel: 'poster' })).json().data).toMatchObject({ shareType: null, channel: 'poster' });
      expect((await sharesOf(course.id)).map((r) => r.channel)).toEqual(['poster']);
    });

    it('answers not-found for an unknown course and records nothing', async () => {
      const res = await share(2_000_000_000, { shareType: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ErrorCodes.NOT_FOUND);
    });

    it.each([
      ['an unknown share type', { shareType: 3 }],
      ['a WeChat share without its type', {}],
      ['a poster with a share type', { channel: 'poster', shareType: 1 }],
      ['an unknown channel', { channel: 'email' }],
    ])('refuses %s with -10001 and records nothing', async (_name, body) => {
      const course = await buildCourse(t.app.db);
      const res = await share(course.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCodes.VALIDATION);
      expect(await sharesOf(course.id)).toEqual([]);
    });

    it.each(['0', '-1', 'abc', '2147483648'])('refuses course id %s with -10001', async (id) => {
      const res = await share(id, { shareType: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCodes.VALIDATION);
    });
  });
});

// Development without PUBLIC_URL: the request's own origin, with forwarded headers believed only
// from TRUST_PROXY's addresses (default loopback). Nothing here touches the database.
describe('POST /v1/wechats/jsApiConfig without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build('sqlite', { config: { publicUrl: undefined } });
  });
  afterAll(() => t.close());

  const sign = (url: string, headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
    t.app.inject({ method: 'POST', url: `/v1/wechats/jsApiConfig?url=${encodeURIComponent(url)}`, headers, remoteAddress });

  it('signs pages on the host the request came to (hash routing over plain http)', async () => {
    expect((await sign('http://localhost/#/course/detail', { host: 'localhost' })).json().code).toBe(0);
  });

  it('ignores X-Forwarded-Host from a peer that is not a configured proxy', async () => {
    const headers = { host: 'localhost', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    expect((await sign('https://evil.example/', headers)).json().code).toBe(ErrorCodes.SHARE_URL_NOT_ALLOWED);
    expect((await sign('http://localhost/', headers)).json().code).toBe(0);
  });

  it('believes X-Forwarded-Host and -Proto from a configured proxy', async () => {
    const headers = { host: '127.0.0.1:8080', 'x-forwarded-host': 'h5.local', 'x-forwarded-proto': 'https' };
    expect((await sign('https://h5.local/', headers, '127.0.0.1')).json().code).toBe(0);
    expect((await sign('http://127.0.0.1:8080/', headers, '127.0.0.1')).json().code).toBe(ErrorCodes.SHARE_URL_NOT_ALLOWED);
  });

  it('answers -10240 rather than trust the Host when a production config lacks PUBLIC_URL', async () => {
    const prod = await build('sqlite', { config: { publicUrl: undefined, isProduction: true, nodeEnv: 'production' } });
    try {
      const res = await prod.app.inject({ method: 'POST', url: `/v1/wechats/jsApiConfig?url=${encodeURIComponent('https://evil.example/')}`, headers: { host: 'evil.example' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: ErrorCodes.PUBLIC_URL_UNSET, data: null });
    } finally {
      await prod.close();
    }
  });
});
