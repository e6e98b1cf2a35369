import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus } from '@jinfa/shared';
import { testConfig } from '../src/config.ts';
import { build, type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildUser, loginAs } from './support/factories.ts';

let mobileSeq = 0;
/** A mobile no other test in this file uses (the factory's are 1390…). */
const freshMobile = () => `1370${String(++mobileSeq).padStart(7, '0')}`;
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function sendCode(t: TestApp, mobile: string, opts: { type?: number; ip?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/users/online/sms_code',
    payload: { mobile, ...(opts.type ? { type: opts.type } : {}) },
    remoteAddress: opts.ip ?? '10.0.0.1',
  });
  return { res, body: res.json(), code: t.sms.lastCodeFor(mobile) ?? '' };
}

/** Moves every code of a mobile back in time, as if the clock had moved on. */
async function age(t: TestApp, mobile: string, ms: number) {
  await t.app.db
    .updateTable('sms_codes')
    .set((eb) => ({ created_at: eb('created_at', '-', ms), expires_at: eb('expires_at', '-', ms) }))
    .where('mobile', '=', mobile)
    .execute();
}

function authenticate(t: TestApp, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'PUT', url: '/v1/users/authenticate', payload: payload as object, headers });
}

describe.each(dialectsUnderTest())('SMS login (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app), { config: { sms: { ...testConfig().sms, perIpPerHour: 1000 } } });

  describe('POST /v1/users/online/sms_code', () => {
    it('sends a 6-digit code and says when to ask again', async () => {
      const mobile = freshMobile();
      const { res, body, code } = await sendCode(t, mobile);
      expect(res.statusCode).toBe(200);
      expect(body).toEqual({ code: 0, message: 'ok', data: { resendAfter: 60, expiresIn: 600 } });
      expect(code).toMatch(/^\d{6}$/);
      expect(t.sms.sent.at(-1)).toMatchObject({ mobile, purpose: 1, ttlMinutes: 10 });
    });

    it('stores only a keyed hash of the code', async () => {
      const mobile = freshMobile();
      const { code } = await sendCode(t, mobile);
      const row = await t.app.db.selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.code_hash).not.toContain(code);
      expect(row.expires_at - row.created_at).toBe(10 * 60 * 1000);
      expect(row.ip).toBe('10.0.0.1');
    });

    it('refuses a second send to the same mobile within 60 s, then allows it', async () => {
      const mobile = freshMobile();
      await sendCode(t, mobile);
      const again = await sendCode(t, mobile, { type: 2 });
      expect(again.body.code).toBe(-10013);
      expect(again.body.data.resendAfter).toBeGreaterThan(0);
      expect(again.body.data.resendAfter).toBeLessThanOrEqual(60);
      await age(t, mobile, 61_000);
      expect((await sendCode(t, mobile)).body.code).toBe(0);
    });

    it('limits sends per mobile per hour', async () => {
      const mobile = freshMobile();
      for (let i = 0; i < t.config.sms.perPhonePerHour; i++) {
        expect((await sendCode(t, mobile)).body.code).toBe(0);
        await age(t, mobile, 61_000);
      }
      const over = await sendCode(t, mobile);
      expect(over.body.code).toBe(-10013);
      await age(t, mobile, 60 * 60 * 1000);
      expect((await sendCode(t, mobile)).body.code).toBe(0);
    });

    it('supersedes the older unused code for the same purpose', async () => {
      const mobile = freshMobile();
      const first = await sendCode(t, mobile);
      let second = first;
      // Codes are random; send until the new one differs so the old one cannot pass by chance.
      while (second.code === first.code) {
        await age(t, mobile, 61_000);
        second = await sendCode(t, mobile);
      }
      expect((await authenticate(t, { mobile, code: first.code })).json().code).not.toBe(0);
      expect((await authenticate(t, { mobile, code: second.code })).json().code).toBe(0);
    });

    it.each([
      ['mobile abc', { mobile: 'abc' }],
      ['a too-short mobile', { mobile: '1380000000' }],
      ['a mobile that is not mainland', { mobile: '12800000000' }],
      ['a missing mobile', {}],
      ['a mobile of the wrong type', { mobile: { a: 1 } }],
      ['an unknown type', { mobile: '13800000000', type: 3 }],
      ['a type of the wrong type', { mobile: '13800000000', type: 'login' }],
    ])('refuses %s with -10001', async (_label, payload) => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/users/online/sms_code', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: -10001, data: null });
    });

    it('answers -1058 and keeps no usable code when delivery fails', async () => {
      const failing = await build(dialect, { adapters: { sms: { name: 'broken', send: () => Promise.reject(new Error('gateway down')) } } });
      try {
        const res = await failing.app.inject({ method: 'POST', url: '/v1/users/online/sms_code', payload: { mobile: '13500000001' } });
        expect(res.statusCode).toBe(200);
        expect(res.json().code).toBe(-1058);
        expect(res.body).not.toContain('gateway down');
        const rows = await failing.app.db.selectFrom('sms_codes').selectAll().execute();
        expect(rows).toHaveLength(0);
      } finally {
        await failing.close();
      }
    });
  });

  describe('POST /v1/users/online/sms_code per-IP limit', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await build(dialect, { config: { sms: { ...testConfig().sms, perIpPerHour: 2 } } });
    });
    afterAll(() => limited.close());

    it('refuses the third send from one IP in an hour, whatever the mobile', async () => {
      expect((await sendCode(limited, '13600000001', { ip: '10.9.9.9' })).body.code).toBe(0);
      expect((await sendCode(limited, '13600000002', { ip: '10.9.9.9' })).body.code).toBe(0);
      expect((await sendCode(limited, '13600000003', { ip: '10.9.9.9' })).body.code).toBe(-10013);
      expect((await sendCode(limited, '13600000003', { ip: '10.9.9.10' })).body.code).toBe(0);
    });
  });

  describe('PUT /v1/users/authenticate (anonymous: sign in)', () => {
    it('creates an ordinary, not-audited user on the first login and answers a TokenPair', async () => {
      const mobile = freshMobile();
      const { code } = await sendCode(t, mobile);
      const res = await authenticate(t, { mobile, code });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.data).toEqual({
        accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresIn: t.config.accessTokenTtlSec,
        refreshExpiresIn: t.config.refreshTokenTtlSec,
        userId: expect.any(Number),
        isNewUser: true,
      });
      const user = await t.app.db.selectFrom('users').selectAll().where('id', '=', body.data.userId).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ mobile, user_type: 1, audit_status: 0, account_status: 0 });
      const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { 'access-token': body.data.accessToken } });
      expect(me.json()).toMatchObject({ code: 0, data: { userId: body.data.userId, mobile } });
    });

    it('signs an existing user in again (isNewUser false)', async () => {
      const user = await buildUser(t.app.db);
      const { code } = await sendCode(t, user.mobile!);
      const body = (await authenticate(t, { mobile: user.mobile, code })).json();
      expect(body).toMatchObject({ code: 0, data: { userId: user.id, isNewUser: false } });
    });

    it('uses a code once', async () => {
      const mobile = freshMobile();
      const { code } = await sendCode(t, mobile);
      expect((await authenticate(t, { mobile, code })).json().code).toBe(0);
      expect((await authenticate(t, { mobile, code })).json().code).toBe(-10011);
    });

    it('refuses an expired code with -10011', async () => {
      const mobile = freshMobile();
      const { code } = await sendCode(t, mobile);
      await t.app.db.updateTable('sms_codes').set({ expires_at: Date.now() - 1 }).where('mobile', '=', mobile).execute();
      expect((await authenticate(t, { mobile, code })).json().code).toBe(-10011);
    });

    it('answers -10011 when no code was ever sent', async () => {
      expect((await authenticate(t, { mobile: freshMobile(), code: '123456' })).json().code).toBe(-10011);
    });

    it('counts wrong codes and kills the code after 5 of them (-10012)', async () => {
      const mobile = freshMobile();
      const { code } = await sendCode(t, mobile);
      for (let i = 1; i <= 5; i++) {
        const res = await authenticate(t, { mobile, code: wrongCode(code) });
        expect(res.json().code).toBe(-10010);
      }
      const row = await t.app.db.selectFrom('sms_codes').select('attempts').where('mobile', '=', mobile).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(5);
      expect((await authenticate(t, { mobile, code })).json().code).toBe(-10012);
    });

    it('lets a locked user sign in, then refuses what they do', async () => {
      const user = await buildUser(t.app.db, { account_status: AccountStatus.LOCKED });
      const { code } = await sendCode(t, user.mobile!);
      const body = (await authenticate(t, { mobile: user.mobile, code })).json();
      expect(body).toMatchObject({ code: 0, data: { userId: user.id } });
      const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { 'access-token': body.data.accessToken } });
      expect(me.json().code).toBe(-1797);
    });

    it('treats a stale token as anonymous so the learner can sign in again', async () => {
      const user = await buildUser(t.app.db);
      const { accessToken } = await loginAs(t, user.id);
      await t.app.db.updateTable('sessions').set({ access_expires_at: Date.now() - 1 }).where('user_id', '=', user.id).execute();
      const { code } = await sendCode(t, user.mobile!);
      const body = (await authenticate(t, { mobile: user.mobile, code }, { 'access-token': accessToken })).json();
      expect(body).toMatchObject({ code: 0, data: { userId: user.id, accessToken: expect.any(String) } });
    });

    it.each([
      ['code 12345', { mobile: '13800000000', code: '12345' }],
      ['a code with letters', { mobile: '13800000000', code: '12a456' }],
      ['a 7-digit code', { mobile: '13800000000', code: '1234567' }],
      ['mobile abc', { mobile: 'abc', code: '123456' }],
      ['a missing code', { mobile: '13800000000' }],
      ['a missing mobile', { code: '123456' }],
      ['a code of the wrong type', { mobile: '13800000000', code: ['123456', '1'] }],
    ])('refuses %s with -10001', async (_label, payload) => {
      const res = await authenticate(t, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: -10001, data: null });
    });
  });

  describe('PUT /v1/users/authenticate (signed in: bind the phone)', () => {
    it('binds the phone with a bind-purpose code and answers {userId, mobile}', async () => {
      const user = await buildUser(t.app.db, { mobile: null });
      const login = await loginAs(t, user.id);
      const mobile = freshMobile();
      const { code } = await sendCode(t, mobile, { type: 2 });
      const res = await authenticate(t, { mobile, code }, login.headers);
      expect(res.json()).toEqual({ code: 0, message: 'ok', data: { userId: user.id, mobile } });
      const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: login.headers });
      expect(me.json().data.mobile).toBe(mobile);
    });

    it('accepts a login-purpose code too, and replaces an earlier phone', async () => {
      const user = await buildUser(t.app.db);
      const login = await loginAs(t, user.id);
      const mobile = freshMobile();
      const { code } = await sendCode(t, mobile, { type: 1 });
      expect((await authenticate(t, { mobile, code }, login.headers)).json()).toMatchObject({ code: 0, data: { userId: user.id, mobile } });
      const row = await t.app.db.selectFrom('users').select('mobile').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.mobile).toBe(mobile);
    });

    it('refuses a phone that another user holds (-10015) without spending the code', async () => {
      const holder = await buildUser(t.app.db);
      const me = await buildUser(t.app.db, { mobile: null });
      const login = await loginAs(t, me.id);
      const { code } = await sendCode(t, holder.mobile!, { type: 2 });
      expect((await authenticate(t, { mobile: holder.mobile, code }, login.headers)).json().code).toBe(-10015);
      // The holder can still use the code to sign in.
      expect((await authenticate(t, { mobile: holder.mobile, code })).json()).toMatchObject({ code: 0, data: { userId: holder.id } });
    });

    it('counts a wrong code against the binding too', async () => {
      const user = await buildUser(t.app.db, { mobile: null });
      const login = await loginAs(t, user.id);
      const mobile = freshMobile();
      const { code } = await sendCode(t, mobile, { type: 2 });
      expect((await authenticate(t, { mobile, code: wrongCode(code) }, login.headers)).json().code).toBe(-10010);
    });

    it.each([
      [AccountStatus.LOCKED, -1797],
      [AccountStatus.BLACKLISTED, 262145],
    ])('refuses a restricted user (status %i → %i)', async (status, expected) => {
      const user = await buildUser(t.app.db, { mobile: null, account_status: status });
      const login = await loginAs(t, user.id);
      const mobile = freshMobile();
      const { code } = await sendCode(t, mobile, { type: 2 });
      expect((await authenticate(t, { mobile, code }, login.headers)).json().code).toBe(expected);
    });
  });
});
