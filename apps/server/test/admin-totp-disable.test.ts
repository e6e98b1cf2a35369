/**
 * Turning the console's TOTP off (POST /v1/admin/me/totp/disable): needs a current code, writes an
 * audit row, drops the secret; on SQLite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { signInOperator } from './support/admin.ts';

describe.each(dialectsUnderTest())('console TOTP off (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  it('turns TOTP off only with a current code, and audits it', async () => {
    const op = await signInOperator(t, { role: 'finance' });
    const post = (url: string, payload?: Record<string, string>) => t.app.inject({ method: 'POST', url, headers: op.headers, ...(payload === undefined ? {} : { payload }) });

    // Not on yet: nothing to turn off.
    expect((await post('/v1/admin/me/totp/disable', { code: '123456' })).json().code).toBe(-10001);

    const { secret } = (await post('/v1/admin/me/totp/setup')).json().data as { secret: string };
    expect((await post('/v1/admin/me/totp/enable', { code: await generate({ secret }) })).json().code).toBe(0);

    const current = await generate({ secret });
    const wrong = current === '000000' ? '111111' : '000000';
    expect((await post('/v1/admin/me/totp/disable', { code: wrong })).json().code).toBe(-10807);
    expect((await post('/v1/admin/me/totp/disable', { code: 'abc' })).json().code).toBe(-10001);
    // No CSRF token: refused.
    const noCsrf = await t.app.inject({ method: 'POST', url: '/v1/admin/me/totp/disable', headers: { cookie: op.cookie }, payload: { code: current } });
    expect(noCsrf.json().code).toBe(-10803);

    const off = await post('/v1/admin/me/totp/disable', { code: await generate({ secret }) });
    expect(off.json()).toMatchObject({ code: 0 });
    const row = await t.app.db.selectFrom('operators').select(['totp_enabled', 'totp_secret']).where('id', '=', op.operatorId).executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_enabled: 0, totp_secret: null });
    const me = await t.app.inject({ method: 'GET', url: '/v1/admin/session', headers: op.headers });
    expect(me.json().data.operator.totpEnabled).toBe(false);

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'before_json', 'after_json'])
      .where('operator_id', '=', op.operatorId)
      .where('action', '=', 'operator.totp_disable')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_type: 'operator', target_id: String(op.operatorId) });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ secondFactor: false });
  });
});
