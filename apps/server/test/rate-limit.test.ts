import { afterEach, describe, expect, it } from 'vitest';
import { build, type TestApp } from './support/build.ts';
import { buildUser, loginAs } from './support/factories.ts';

describe('rate limits on /v1', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers -10003 with 429 once one IP passes its limit, and leaves /healthz alone', async () => {
    t = await build('sqlite', { config: { rateLimit: { ipPerMinute: 5, userPerMinute: 0 } } });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/system/info', remoteAddress: '127.0.0.11' });
      codes.push(res.json().code);
      if (i >= 5) expect(res.statusCode).toBe(429);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, -10003, -10003]);
    // Another client is not affected, nor is the health check.
    expect((await t.app.inject({ method: 'GET', url: '/v1/system/info', remoteAddress: '127.0.0.12' })).json().code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '127.0.0.11' })).statusCode).toBe(200);
    // Pay notifications are judged by their signature, never throttled: the limited IP still reaches the handler.
    const notify = await t.app.inject({ method: 'POST', url: '/v1/pay/notify/sandbox', remoteAddress: '127.0.0.11', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(notify.statusCode).not.toBe(429);
  });

  it('limits one user across IPs once their per-user budget is spent', async () => {
    t = await build('sqlite', { config: { rateLimit: { ipPerMinute: 0, userPerMinute: 3 } } });
    const user = await buildUser(t.db.db);
    const { headers } = await loginAs(t, user.id);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers, remoteAddress: `127.0.0.${20 + i}` });
      codes.push(res.json().code);
    }
    expect(codes).toEqual([0, 0, 0, -10003, -10003]);
    // Someone else is unaffected.
    const other = await buildUser(t.db.db);
    const res = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: (await loginAs(t, other.id)).headers });
    expect(res.json().code).toBe(0);
  });
});
