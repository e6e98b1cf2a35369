import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { MemoryKvStore, RedisKvStore, type KvStore } from '../src/adapters/kv-store.ts';
import { canonicalPath } from '../src/plugins/rate-limit.ts';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildUser, loginAs } from './support/factories.ts';

const limits = (ipPerMinute: number, userPerMinute: number) => ({ config: { rateLimit: { ipPerMinute, userPerMinute } } });

describe.each(dialectsUnderTest())('rate limits on /v1 (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) => t!.app.inject({ method: 'GET', url, remoteAddress, headers });

  it('answers 429 with Retry-After and the -10003 envelope once one IP passes its cap on a route; others, /healthz and pay notifications are unaffected', async () => {
    t = await build(dialect, limits(5, 0));
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await get('/v1/courses/latest', '10.0.0.11')).json().code);
    expect(codes).toEqual([0, 0, 0, 0, 0, ErrorCodes.RATE_LIMITED, ErrorCodes.RATE_LIMITED]);
    const refused = await get('/v1/courses/latest', '10.0.0.11');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ code: ErrorCodes.RATE_LIMITED, message: '操作太频繁，请稍后再试', data: { retryAfter: Number(refused.headers['retry-after']) } });
    expect(refused.body).not.toMatch(/Rate limit exceeded|stack/);
    // Another client is not affected, nor is the health check.
    expect((await get('/v1/courses/latest', '10.0.0.12')).json().code).toBe(0);
    expect((await get('/healthz', '10.0.0.11')).statusCode).toBe(200);
    // Another route of the same client has a bucket of its own.
    expect((await get('/v1/courses/special_vip', '10.0.0.11')).json().code).toBe(0);
    // Pay notifications are judged by their signature, never throttled.
    for (let i = 0; i < 7; i++) {
      const notify = await t.app.inject({ method: 'POST', url: '/v1/pay/notify/sandbox', remoteAddress: '10.0.0.11', payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(notify.statusCode).not.toBe(429);
    }
  });

  it('limiter behaviour under path spellings: of 120 requests in mixed spellings against a cap of 30, exactly 30 get through', async () => {
    t = await build(dialect, limits(30, 0));
    const spellings = [
      '/v1/courses/latest',
      '/v1/courses/latest/',
      '/v1//courses/latest',
      '/v1/courses%2Flatest',
      '/V1/COURSES/LATEST',
      '/v1/courses/latest?size=3&x=1',
      '/v1/Courses//Latest/?cache-buster=7',
      '/v1/courses/%6Catest',
    ];
    let through = 0;
    let served = 0;
    for (let i = 0; i < 120; i++) {
      const res = await get(spellings[i % spellings.length]!, '10.0.1.1');
      if (res.statusCode !== 429) through += 1;
      if (res.statusCode === 200 && res.json().code === 0) served += 1;
    }
    console.log(`limiter behaviour under path spellings: of 120 requests in ${spellings.length} spellings against a cap of 30, ${through} got through (${served} answered by the route, the rest 404 for spellings the router does not take) and ${120 - through} were refused with 429`);
    expect(through).toBe(30);
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThanOrEqual(30);
  });

  it('makes unknown /v1 paths share one not-found bucket per IP', async () => {
    t = await build(dialect, limits(4, 0));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(`/v1/no-such-thing-${i}/${crypto.randomUUID()}`, '10.0.2.1')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
    expect((await get('/v1/no-such-thing', '10.0.2.2')).statusCode).toBe(404);
  });

  it('limits one user across IPs; another user, and a made-up token, are judged apart', async () => {
    t = await build(dialect, limits(3, 3));
    const user = await buildUser(t.db.db);
    const { headers } = await loginAs(t, user.id);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await get('/v1/users/me', `10.0.3.${20 + i}`, headers)).json().code);
    expect(codes).toEqual([0, 0, 0, ErrorCodes.RATE_LIMITED, ErrorCodes.RATE_LIMITED]);
    // Someone else is unaffected.
    const other = await buildUser(t.db.db);
    expect((await get('/v1/users/me', '10.0.3.20', (await loginAs(t, other.id)).headers)).json().code).toBe(0);
    // Made-up tokens never get a bucket each: they count against the IP, then are refused.
    const forged: number[] = [];
    for (let i = 0; i < 5; i++) {
      forged.push((await get('/v1/users/me', '10.0.3.99', { 'access-token': crypto.randomBytes(24).toString('base64url') })).json().code);
    }
    expect(forged).toEqual([ErrorCodes.TOKEN_INVALID, ErrorCodes.TOKEN_INVALID, ErrorCodes.TOKEN_INVALID, ErrorCodes.RATE_LIMITED, ErrorCodes.RATE_LIMITED]);
  });

  it('RATE_LIMIT_IP_PER_MIN=0 turns the per-IP limits off and RATE_LIMIT_USER_PER_MIN=0 the per-user one', async () => {
    t = await build(dialect, limits(0, 2));
    for (let i = 0; i < 40; i++) expect((await get('/v1/courses/latest', '10.0.4.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await get('/v1/no-such-thing', '10.0.4.1')).statusCode).toBe(404);
    const { headers } = await loginAs(t, (await buildUser(t.db.db)).id);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await get('/v1/users/me', '10.0.4.1', headers)).json().code);
    expect(codes).toEqual([0, 0, ErrorCodes.RATE_LIMITED]);
    await t.close();

    t = await build(dialect, limits(2, 0));
    const signedIn = (await loginAs(t, (await buildUser(t.db.db)).id)).headers;
    for (let i = 0; i < 10; i++) expect((await get('/v1/users/me', '10.0.4.2', signedIn)).json().code).toBe(0);
  });
});

describe('rate limits when the KV store is down', () => {
  class DownKvStore extends MemoryKvStore {
    override async incrWithTtl(): Promise<{ value: number; ttlMs: number }> {
      throw new Error('connection refused');
    }
  }

  it('lets requests, writes and sends through rather than answer an error', async () => {
    const t = await build('sqlite', { ...limits(1, 1), kv: new DownKvStore() });
    try {
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/v1/courses/latest', remoteAddress: '10.0.6.1' })).statusCode).toBe(200);
      const write = await t.app.inject({ method: 'POST', url: '/v1/collect/page/visit', remoteAddress: '10.0.6.1', headers: { 'content-type': 'application/json', 'x-app-id': 'jinfa-h5' }, payload: '[]' });
      expect(write.statusCode).toBeLessThan(500);
      expect(write.statusCode).not.toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(!!process.env.TEST_REDIS_URL)('rate limits in Redis (REDIS_URL)', () => {
  it('two instances share one bucket per route and caller', async () => {
    const prefix = `test:rl:${crypto.randomBytes(4).toString('hex')}:`;
    const a = await build('sqlite', { ...limits(5, 0), kv: new RedisKvStore(process.env.TEST_REDIS_URL!, prefix) });
    const b = await build('sqlite', { ...limits(5, 0), kv: new RedisKvStore(process.env.TEST_REDIS_URL!, prefix) });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const app = i % 2 === 0 ? a.app : b.app;
        statuses.push((await app.inject({ method: 'GET', url: i % 4 === 3 ? '/v1//courses/latest/' : '/v1/courses/latest', remoteAddress: '10.0.5.1' })).statusCode);
      }
      expect(statuses.filter((s) => s !== 429)).toHaveLength(5);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
      const refused = await b.app.inject({ method: 'GET', url: '/v1/courses/latest', remoteAddress: '10.0.5.1' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.each([
  ['memory', () => new MemoryKvStore()],
  ...(process.env.TEST_REDIS_URL ? [['redis', () => new RedisKvStore(process.env.TEST_REDIS_URL!, `test:rl:${crypto.randomBytes(4).toString('hex')}:`)] as const] : []),
] as Array<[string, () => KvStore]>)('KvStore.incrWithTtl (%s)', (_name, make) => {
  it('adds to a counter whose window starts at its first hit and says how long it has left', async () => {
    const kv = make();
    try {
      const first = await kv.incrWithTtl('bytes', 60_000, 500);
      expect(first.value).toBe(500);
      expect(first.ttlMs).toBeGreaterThan(59_000);
      expect(first.ttlMs).toBeLessThanOrEqual(60_000);
      const second = await kv.incrWithTtl('bytes', 60_000, 700);
      expect(second.value).toBe(1200);
      expect(second.ttlMs).toBeLessThanOrEqual(first.ttlMs);
      expect(await kv.incr('bytes', 60_000)).toBe(1201);
    } finally {
      await kv.close();
    }
  });
});

describe('canonicalPath', () => {
  it('folds the spellings of one path', () => {
    for (const url of ['/v1/courses/latest', '/v1//courses/latest/', '/V1/COURSES/LATEST?x=1', '/v1/courses%2Flatest', '/v1%252Fcourses/latest', '/v1\\courses\\latest#x']) {
      expect(canonicalPath(url)).toBe('/v1/courses/latest');
    }
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('/v1/%E0%A4%A')).toBe('/v1/%e0%a4%a');
  });
});
