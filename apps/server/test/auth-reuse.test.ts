/**
 * The auth plugin's short reuse of a token's session and user (AUTH_CACHE_MS, decision 022):
 * sign-out through this instance takes effect at once, a revocation made elsewhere (another
 * instance: here a direct database write) within AUTH_CACHE_MS, and never past the token's expiry.
 */
import { describe, expect, it } from 'vitest';
import { AccountStatus } from '@jinfa/shared';
import { build, type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildUser, loginAs } from './support/factories.ts';
import { useServerClock } from './support/clock.ts';

describe.each(dialectsUnderTest())('token reuse (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app), { config: { authCacheMs: 1000 } });
  const setClock = useServerClock();

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { 'access-token': token } });
  const revokeElsewhere = (userId: number) =>
    t.app.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('user_id', '=', userId).execute();

  it('signs out at once on this instance', async () => {
    const user = await buildUser(t.app.db);
    const login = await loginAs(t, user.id);
    expect((await me(login.accessToken)).json().code).toBe(0);
    expect((await me(login.accessToken)).json().code).toBe(0);
    const out = await t.app.inject({ method: 'POST', url: '/v1/users/logout', headers: login.headers, payload: {} });
    expect(out.json()).toMatchObject({ code: 0, data: { revoked: true } });
    const after = await me(login.accessToken);
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe(-10005);
  });

  it('sees a revocation made by another instance within AUTH_CACHE_MS', async () => {
    const start = Date.now();
    setClock(start);
    const user = await buildUser(t.app.db);
    const login = await loginAs(t, user.id);
    expect((await me(login.accessToken)).json().code).toBe(0);
    await revokeElsewhere(user.id);
    setClock(start + 500);
    // Documented trade-off: up to AUTH_CACHE_MS on an instance that did not handle the sign-out.
    expect((await me(login.accessToken)).json().code).toBe(0);
    setClock(start + 1001);
    expect((await me(login.accessToken)).json().code).toBe(-10005);
  });

  it('forgets every reused answer when this instance handles a write', async () => {
    const user = await buildUser(t.app.db);
    const login = await loginAs(t, user.id);
    expect((await me(login.accessToken)).json().code).toBe(0);
    await t.app.db.updateTable('users').set({ account_status: AccountStatus.LOCKED }).where('id', '=', user.id).execute();
    await revokeElsewhere(user.id);
    // Any write request through this instance (here one refused for want of a token) clears the reuse.
    await t.app.inject({ method: 'POST', url: '/v1/users/logout', payload: {} });
    expect((await me(login.accessToken)).json().code).toBe(-10005);
  });

  it('never reuses an answer past the token’s own expiry', async () => {
    const start = Date.now();
    setClock(start);
    const user = await buildUser(t.app.db);
    const login = await loginAs(t, user.id);
    await t.app.db.updateTable('sessions').set({ access_expires_at: start + 200 }).where('user_id', '=', user.id).execute();
    expect((await me(login.accessToken)).json().code).toBe(0);
    setClock(start + 201);
    expect((await me(login.accessToken)).json().code).toBe(-10005);
  });

  it('is off under NODE_ENV=test unless set: a direct revocation is seen at once', async () => {
    const plain = await build(dialect);
    try {
      const user = await buildUser(plain.app.db);
      const login = await loginAs(plain, user.id);
      const get = () => plain.app.inject({ method: 'GET', url: '/v1/users/me', headers: login.headers });
      expect((await get()).json().code).toBe(0);
      await plain.app.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('user_id', '=', user.id).execute();
      expect((await get()).json().code).toBe(-10005);
    } finally {
      await plain.close();
    }
  });
});
