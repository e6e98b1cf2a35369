/**
 * Hostile input against the users & login routes: every answer is a coded envelope with a
 * status below 500 and no stack, and the server is still healthy afterwards.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildUser, loginAs } from './support/factories.ts';

const NASTY = ['-1', '0', '1e20', '100000000000000000000', '1.5', 'abc', '1;DROP TABLE users', "1' OR '1'='1", '<script>alert(1)</script>', '%00', 'null', '[]'];

/** A JSON envelope under 500 that leaks nothing of the server's insides. */
function expectEnvelope(res: LightMyRequestResponse) {
  expect(res.statusCode).toBeLessThan(500);
  const body = res.json();
  expect(typeof body.code).toBe('number');
  expect(typeof body.message).toBe('string');
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(res.body).not.toMatch(/stack|SQLITE|syntax error at or near|node_modules/i);
}

/** Refused with a code (business codes answer HTTP 200, protocol codes 4xx). */
function expectCodedRefusal(res: LightMyRequestResponse) {
  expectEnvelope(res);
  expect(res.json().code).not.toBe(0);
  expect(res.json().data).toBeNull();
}

describe.each(dialectsUnderTest())('hostile input (%s)', (dialect) => {
  let t: TestApp;
  let headers: { 'access-token': string };
  beforeAll(async () => {
    t = await build(dialect);
    const user = await buildUser(t.app.db);
    headers = (await loginAs(t, user.id)).headers;
  });
  afterAll(() => t.close());
  afterEach(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  describe('GET /v1/wechat/token2', () => {
    it.each(NASTY)('refuses userId=%j with -10001', async (value) => {
      const res = await t.app.inject({ method: 'GET', url: `/v1/wechat/token2?userId=${encodeURIComponent(value)}&productType=0` });
      expectCodedRefusal(res);
      expect(res.json().code).toBe(-10001);
    });

    it('refuses a repeated userId', async () => {
      expectCodedRefusal(await t.app.inject({ method: 'GET', url: '/v1/wechat/token2?userId=1&userId=2' }));
    });

    it('the users table survived', async () => {
      const n = await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBeGreaterThan(0);
    });
  });

  describe('other query inputs', () => {
    it.each(NASTY)('qr_login refuses productType=%j', async (value) => {
      const res = await t.app.inject({ method: 'GET', url: `/v1/users/qr_login?productType=${encodeURIComponent(value)}&returnUrl=%2F` });
      if (value === '0') return expect(res.json().code).toBe(0);
      expectCodedRefusal(res);
    });

    it('refuses a returnUrl longer than 2048 characters', async () => {
      expectCodedRefusal(await t.app.inject({ method: 'GET', url: `/v1/users/qr_login?returnUrl=/${'a'.repeat(3000)}` }));
    });

    it('answers the callback with a redirect, never a 5xx, for junk state and code', async () => {
      for (const value of NASTY) {
        const res = await t.app.inject({ method: 'GET', url: `/v1/users/wx_callback?code=${encodeURIComponent(value)}&state=${encodeURIComponent(value)}` });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toContain('error=-10001');
      }
    });

    it('refuses a callback with a 5 KB state', async () => {
      expectCodedRefusal(await t.app.inject({ method: 'GET', url: `/v1/users/wx_callback?code=a&state=${'s'.repeat(5000)}` }));
    });
  });

  describe('bodies', () => {
    it.each(NASTY)('sms_code refuses mobile=%j', async (value) => {
      expectCodedRefusal(await t.app.inject({ method: 'POST', url: '/v1/users/online/sms_code', payload: { mobile: value } }));
    });

    it.each(NASTY)('authenticate refuses code=%j', async (value) => {
      expectCodedRefusal(await t.app.inject({ method: 'PUT', url: '/v1/users/authenticate', payload: { mobile: '13800000000', code: value } }));
    });

    it.each(NASTY.filter((v) => !/^[A-Za-z]+$/.test(v)))('info refuses name=%j', async (value) => {
      expectCodedRefusal(await t.app.inject({ method: 'PUT', url: '/v1/users/online/info', headers, payload: { name: value } }));
    });

    it('refuses malformed JSON', async () => {
      const res = await t.app.inject({ method: 'PUT', url: '/v1/users/authenticate', headers: { 'content-type': 'application/json' }, payload: '{"mobile": "13800000000", "code": ' });
      expectCodedRefusal(res);
      expect(res.json().code).toBe(-10001);
    });

    it('refuses a prototype-poisoning body', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/users/online/info',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"name":"张三","__proto__":{"admin":true}}',
      });
      expectCodedRefusal(res);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });

    it('refuses a 2 MB body with -10002 (HTTP 413)', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/users/online/info',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: '张三', company: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expectCodedRefusal(res);
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe(-10002);
    });

    it('survives JSON nested 10 000 levels deep', async () => {
      const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
      expectCodedRefusal(await t.app.inject({ method: 'PUT', url: '/v1/users/authenticate', headers: { 'content-type': 'application/json' }, payload: deep }));
      // Unknown fields are ignored, so the profile edit is a no-op that still answers an envelope.
      expectEnvelope(await t.app.inject({ method: 'PUT', url: '/v1/users/online/info', headers: { ...headers, 'content-type': 'application/json' }, payload: deep }));
      const nestedField = `{"mobile":"13800000000","code":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
      expectCodedRefusal(await t.app.inject({ method: 'PUT', url: '/v1/users/authenticate', headers: { 'content-type': 'application/json' }, payload: nestedField }));
    });

    it.each([
      ['text/plain', 'mobile=13800000000'],
      ['application/xml', '<mobile>13800000000</mobile>'],
      ['application/x-www-form-urlencoded', 'mobile=13800000000&code=123456'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="mobile"\r\n\r\n1\r\n--x--'],
    ])('refuses a %s body', async (type, payload) => {
      expectCodedRefusal(await t.app.inject({ method: 'PUT', url: '/v1/users/authenticate', headers: { 'content-type': type }, payload }));
    });
  });

  describe('forged tokens', () => {
    it.each([
      ['a random 43-character token', crypto.randomBytes(32).toString('base64url')],
      ['a token of the wrong shape', 'abc!@#$%^&*()'],
      ['a 5 KB header', 'A'.repeat(5 * 1024)],
      ['an SQL injection', "' OR 1=1 --"],
      ['markup', '<script>alert(1)</script>'],
      ['a refresh token used as an access token', 'refresh'],
    ])('answers -10005 (HTTP 403) for %s', async (label, token) => {
      let value = token;
      if (label.startsWith('a refresh token')) {
        const user = await buildUser(t.app.db);
        value = (await loginAs(t, user.id)).refreshToken;
      }
      for (const req of [
        { headers: { 'access-token': value }, url: '/v1/users/me' },
        { headers: {}, url: `/v1/users/me?apptoken=${encodeURIComponent(value)}` },
      ]) {
        const res = await t.app.inject({ method: 'GET', ...req });
        expectCodedRefusal(res);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(-10005);
      }
    });
  });
});
