import { describe, expect, it } from 'vitest';
import { AccountStatus } from '@jinfa/shared';
import { sha256Hex } from '../src/lib/crypto.ts';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildUser, loginAs } from './support/factories.ts';

describe.each(dialectsUnderTest())('sessions (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { 'access-token': token } });
  const refresh = (refreshToken: string) => t.app.inject({ method: 'GET', url: `/v1/wechat/token?refreshToken=${encodeURIComponent(refreshToken)}` });

  describe('tokens at rest', () => {
    it('keeps only sha256 hashes of both tokens in the database', async () => {
      const user = await buildUser(t.app.db);
      const pair = await loginAs(t, user.id);
      const rows = await t.app.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row.access_hash).toBe(sha256Hex(pair.accessToken));
      expect(row.refresh_hash).toBe(sha256Hex(pair.refreshToken));
      expect(JSON.stringify(row)).not.toContain(pair.accessToken);
      expect(JSON.stringify(row)).not.toContain(pair.refreshToken);
    });

    it('refuses an expired access token with -10005 (HTTP 403)', async () => {
      const user = await buildUser(t.app.db);
      const pair = await loginAs(t, user.id);
      await t.app.db.updateTable('sessions').set({ access_expires_at: Date.now() - 1 }).where('user_id', '=', user.id).execute();
      const res = await me(pair.accessToken);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(-10005);
    });

    it('reads the apptoken query before the Access-Token header', async () => {
      const a = await buildUser(t.app.db);
      const b = await buildUser(t.app.db);
      const ta = await loginAs(t, a.id);
      const tb = await loginAs(t, b.id);
      const res = await t.app.inject({ method: 'GET', url: `/v1/users/me?apptoken=${ta.accessToken}`, headers: tb.headers });
      expect(res.json().data.userId).toBe(a.id);
    });

    it('answers code 403 (HTTP 403) without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/users/me' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, data: null });
    });
  });

  describe('GET /v1/wechat/token', () => {
    it('rotates: a new pair works, the old access token no longer does', async () => {
      const user = await buildUser(t.app.db);
      const old = await loginAs(t, user.id);
      const res = await refresh(old.refreshToken);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ code: 0, data: { userId: user.id, isNewUser: false, expiresIn: t.config.accessTokenTtlSec } });
      expect(body.data.accessToken).not.toBe(old.accessToken);
      expect(body.data.refreshToken).not.toBe(old.refreshToken);
      expect((await me(body.data.accessToken)).json().code).toBe(0);
      expect((await me(old.accessToken)).json().code).toBe(-10005);
    });

    it('treats reuse of a rotated refresh token as theft: every session of the user ends', async () => {
      const user = await buildUser(t.app.db);
      const other = await loginAs(t, user.id);
      const old = await loginAs(t, user.id);
      const rotated = (await refresh(old.refreshToken)).json().data;
      const reuse = await refresh(old.refreshToken);
      expect(reuse.statusCode).toBe(403);
      expect(reuse.json().code).toBe(-10005);
      expect((await me(rotated.accessToken)).json().code).toBe(-10005);
      expect((await me(other.accessToken)).json().code).toBe(-10005);
      expect((await refresh(rotated.refreshToken)).json().code).toBe(-10005);
    });

    it('refuses the refresh token of a logged-out session without ending the others', async () => {
      const user = await buildUser(t.app.db);
      const keep = await loginAs(t, user.id);
      const gone = await loginAs(t, user.id);
      await t.app.inject({ method: 'POST', url: '/v1/users/logout', headers: gone.headers, payload: {} });
      expect((await refresh(gone.refreshToken)).json().code).toBe(-10005);
      expect((await me(keep.accessToken)).json().code).toBe(0);
    });

    it('refuses an expired refresh token', async () => {
      const user = await buildUser(t.app.db);
      const pair = await loginAs(t, user.id);
      await t.app.db.updateTable('sessions').set({ refresh_expires_at: Date.now() - 1 }).where('user_id', '=', user.id).execute();
      expect((await refresh(pair.refreshToken)).json().code).toBe(-10005);
    });

    it('refuses an access token offered as a refresh token', async () => {
      const user = await buildUser(t.app.db);
      const pair = await loginAs(t, user.id);
      expect((await refresh(pair.accessToken)).json().code).toBe(-10005);
    });

    it.each(['x', 'A'.repeat(43), '1;DROP TABLE sessions', '<script>alert(1)</script>'])('refuses the refresh token %j with -10005', async (token) => {
      const res = await refresh(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(-10005);
    });

    it('refuses a missing refreshToken with -10001', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/wechat/token' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(-10001);
    });
  });

  describe('POST /v1/users/logout', () => {
    it('revokes the current session; the token then answers -10005', async () => {
      const user = await buildUser(t.app.db);
      const pair = await loginAs(t, user.id);
      const res = await t.app.inject({ method: 'POST', url: '/v1/users/logout', headers: pair.headers, payload: {} });
      expect(res.json()).toEqual({ code: 0, message: 'ok', data: { revoked: true } });
      expect((await me(pair.accessToken)).json().code).toBe(-10005);
      const row = await t.app.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.revoked_at).not.toBeNull();
    });

    it('is idempotent: again with the same token, with a garbage token, or with none, it answers 0', async () => {
      const user = await buildUser(t.app.db);
      const pair = await loginAs(t, user.id);
      await t.app.inject({ method: 'POST', url: '/v1/users/logout', headers: pair.headers, payload: {} });
      for (const headers of [pair.headers, { 'access-token': 'not-a-real-token-at-all-000000' }, {}]) {
        const res = await t.app.inject({ method: 'POST', url: '/v1/users/logout', headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ code: 0, message: 'ok', data: { revoked: false } });
      }
    });

    it('ends only the session it was called with', async () => {
      const user = await buildUser(t.app.db);
      const a = await loginAs(t, user.id);
      const b = await loginAs(t, user.id);
      await t.app.inject({ method: 'POST', url: '/v1/users/logout', headers: a.headers, payload: {} });
      expect((await me(b.accessToken)).json().code).toBe(0);
    });

    it.each([AccountStatus.LOCKED, AccountStatus.BLACKLISTED])('lets a restricted user (status %i) log out', async (status) => {
      const user = await buildUser(t.app.db, { account_status: status });
      const pair = await loginAs(t, user.id);
      const res = await t.app.inject({ method: 'POST', url: '/v1/users/logout', headers: pair.headers, payload: {} });
      expect(res.json()).toMatchObject({ code: 0, data: { revoked: true } });
    });
  });

  describe('GET /v1/wechat/token2 (test login on)', () => {
    it('answers a TokenPair for any existing user', async () => {
      const user = await buildUser(t.app.db);
      const res = await t.app.inject({ method: 'GET', url: `/v1/wechat/token2?userId=${user.id}&productType=0` });
      const body = res.json();
      expect(body).toMatchObject({ code: 0, data: { userId: user.id, accessToken: expect.any(String), isNewUser: false } });
      expect((await me(body.data.accessToken)).json().data.userId).toBe(user.id);
    });

    it('answers -1796 for a user that does not exist', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/wechat/token2?userId=987654&productType=0' });
      expect(res.json().code).toBe(-1796);
    });
  });

  describe('GET /v1/users/preset (test login on)', () => {
    it('lists the preset users with masked mobiles', async () => {
      const preset = await buildUser(t.app.db, { name: '王经理', mobile: '13800000001', preset_label: '企业会员' });
      await buildUser(t.app.db, { preset_label: null });
      const res = await t.app.inject({ method: 'GET', url: '/v1/users/preset' });
      expect(res.json()).toEqual({ code: 0, message: 'ok', data: [{ userId: preset.id, name: '王经理', label: '企业会员', mobile: '138****0001' }] });
    });
  });
});

describe.each(dialectsUnderTest())('test login off (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app), { config: { testLogin: false } });

  describe('GET /v1/wechat/token2', () => {
    it.each(['userId=1&productType=0', 'userId=abc', ''])('answers -10016 (HTTP 404) for %j', async (query) => {
      await buildUser(t.app.db);
      const res = await t.app.inject({ method: 'GET', url: `/v1/wechat/token2?${query}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: -10016, data: null });
    });
  });

  describe('GET /v1/users/preset', () => {
    it('answers -10016 (HTTP 404)', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/users/preset' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(-10016);
    });
  });
});
