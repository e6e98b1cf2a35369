/**
 * The console's sign-in, sessions, CSRF, roles and audit log (issue 13, decision 026), on SQLite
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/lib/crypto.ts';
import { upsertOperator } from '../src/modules/admin/operator-service.ts';
import { assertCourseReach, type OperatorRole } from '../src/modules/admin/guard.ts';
import { scrubForAudit } from '../src/modules/admin/audit.ts';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildLecturer, signedInUser } from './support/factories.ts';
import { signInAs, signInOperator, uniqueOperatorPhone } from './support/admin.ts';
import { useServerClock } from './support/clock.ts';

const ROLES: OperatorRole[] = ['owner', 'operator', 'finance', 'reviewer', 'lecturer', 'corporate_admin'];

describe.each(dialectsUnderTest())('console sign-in (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));
  const setClock = useServerClock();

  const signIn = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/admin/session', payload });
  const session = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/admin/session', headers });

  async function newOperator(role: OperatorRole = 'owner', password = 'right-password') {
    const phone = uniqueOperatorPhone();
    const lecturerId = role === 'lecturer' ? (await buildLecturer(t.app.db)).id : null;
    const { id } = await upsertOperator(t.app.db, { phone, password, role, lecturerId });
    return { id, phone, password };
  }

  describe('POST /v1/admin/session', () => {
    it('signs in with the right password: an HttpOnly, SameSite=Strict cookie and a CSRF token', async () => {
      const op = await newOperator('finance');
      const res = await signIn({ phone: op.phone, password: op.password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.data.operator).toMatchObject({ id: op.id, role: 'finance', totpEnabled: false });
      expect(body.data.operator.phone).toBe(`${op.phone.slice(0, 3)}****${op.phone.slice(-4)}`);
      expect(body.data.csrfToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const cookie = res.cookies.find((c) => c.name === 'jf_admin')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookie.secure).toBeFalsy();
      // Only the token's hash is stored.
      const rows = await t.app.db.selectFrom('operator_sessions').selectAll().where('operator_id', '=', op.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(sha256Hex(cookie.value));
      const me = await session({ cookie: `jf_admin=${cookie.value}` });
      expect(me.json()).toMatchObject({ code: 0, data: { operator: { id: op.id }, csrfToken: body.data.csrfToken } });
    });

    it('refuses a wrong password and an unknown phone alike', async () => {
      const op = await newOperator();
      const wrong = await signIn({ phone: op.phone, password: 'not-the-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe(-10805);
      expect(wrong.cookies.find((c) => c.name === 'jf_admin')).toBeUndefined();
      const unknown = await signIn({ phone: uniqueOperatorPhone(), password: 'whatever-1' });
      expect(unknown.json().code).toBe(-10805);
    });

    it('locks a phone after 5 failures in 15 minutes, even for the right password, and unlocks it after 15 minutes', async () => {
      const start = Date.now();
      setClock(start);
      const op = await newOperator();
      for (let i = 0; i < 5; i++) {
        setClock(start + i * 60_000);
        expect((await signIn({ phone: op.phone, password: `wrong-${i}-pass` })).json().code).toBe(-10805);
      }
      setClock(start + 5 * 60_000);
      const locked = await signIn({ phone: op.phone, password: op.password });
      expect(locked.json().code).toBe(-10804);
      expect(locked.statusCode).toBe(429);
      // Still locked just before 15 minutes after the 5th failure.
      setClock(start + 4 * 60_000 + 15 * 60_000 - 1_000);
      expect((await signIn({ phone: op.phone, password: op.password })).json().code).toBe(-10804);
      // Another phone is not affected.
      const other = await newOperator();
      expect((await signIn({ phone: other.phone, password: other.password })).json().code).toBe(0);
      setClock(start + 4 * 60_000 + 15 * 60_000 + 1_000);
      expect((await signIn({ phone: op.phone, password: op.password })).json().code).toBe(0);
    });

    it('limits sign-in attempts per IP (30 a minute), across phones', async () => {
      const remoteAddress = '10.9.8.7';
      for (let i = 0; i < 30; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/v1/admin/session', payload: {}, remoteAddress });
        expect(res.json().code).toBe(-10001);
      }
      const limited = await t.app.inject({ method: 'POST', url: '/v1/admin/session', payload: { phone: uniqueOperatorPhone(), password: 'whatever-1' }, remoteAddress });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe(-10003);
      // Another address is not held back.
      const other = await t.app.inject({ method: 'POST', url: '/v1/admin/session', payload: {}, remoteAddress: '10.9.8.6' });
      expect(other.json().code).toBe(-10001);
    });

    it('asks for the TOTP code once TOTP is on, and refuses a wrong one', async () => {
      const op = await newOperator('reviewer');
      const { headers } = await signInOperator(t, { role: 'reviewer', phone: op.phone, password: op.password });
      const setup = await t.app.inject({ method: 'POST', url: '/v1/admin/me/totp/setup', headers });
      expect(setup.json().code).toBe(0);
      const { secret, otpauthUrl } = setup.json().data as { secret: string; otpauthUrl: string };
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      // The secret is sealed at rest.
      const row = await t.app.db.selectFrom('operators').select('totp_secret').where('id', '=', op.id).executeTakeFirstOrThrow();
      expect(row.totp_secret).not.toContain(secret);
      // Not on until a code proves the app has the secret.
      expect((await signIn({ phone: op.phone, password: op.password })).json().code).toBe(0);
      const bad = await t.app.inject({ method: 'POST', url: '/v1/admin/me/totp/enable', headers, payload: { code: '000000' === (await generate({ secret })) ? '111111' : '000000' } });
      expect(bad.json().code).toBe(-10807);
      const good = await t.app.inject({ method: 'POST', url: '/v1/admin/me/totp/enable', headers, payload: { code: await generate({ secret }) } });
      expect(good.json().code).toBe(0);

      expect((await signIn({ phone: op.phone, password: op.password })).json().code).toBe(-10806);
      const wrongCode = (await generate({ secret })) === '123456' ? '654321' : '123456';
      expect((await signIn({ phone: op.phone, password: op.password, totp: wrongCode })).json().code).toBe(-10807);
      const ok = await signIn({ phone: op.phone, password: op.password, totp: await generate({ secret }) });
      expect(ok.json()).toMatchObject({ code: 0, data: { operator: { totpEnabled: true } } });
      // The authenticated session says so too.
      const me = await session({ cookie: `jf_admin=${ok.cookies.find((c) => c.name === 'jf_admin')!.value}` });
      expect(me.json().data.operator.totpEnabled).toBe(true);
    });
  });
  describe('sessions and CSRF', () => {
    it('never takes a learner access token, on the session route or a section route', async () => {
      const { login } = await signedInUser(t);
      for (const url of ['/v1/admin/session', '/v1/admin/operators', '/v1/admin/audit', '/v1/admin/dashboard', `/v1/admin/session?apptoken=${login.accessToken}`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'access-token': login.accessToken } });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().code, url).toBe(-10800);
      }
      // A learner token dressed as the console cookie is no console session either.
      const res = await session({ cookie: `jf_admin=${login.accessToken}` });
      expect(res.json().code).toBe(-10800);
    });

    it('refuses writes without the session\'s CSRF token', async () => {
      const a = await signInOperator(t, { role: 'owner' });
      const b = await signInOperator(t, { role: 'owner' });
      const payload = { phone: uniqueOperatorPhone(), password: 'new-operator-1', name: '新运营', role: 'operator' };
      const none = await t.app.inject({ method: 'POST', url: '/v1/admin/operators', headers: { cookie: a.cookie }, payload });
      expect(none.statusCode).toBe(403);
      expect(none.json().code).toBe(-10803);
      const other = await t.app.inject({ method: 'POST', url: '/v1/admin/operators', headers: { cookie: a.cookie, 'x-csrf-token': b.csrf }, payload });
      expect(other.json().code).toBe(-10803);
      const signOut = await t.app.inject({ method: 'DELETE', url: '/v1/admin/session', headers: { cookie: a.cookie } });
      expect(signOut.json().code).toBe(-10803);
      const okRes = await t.app.inject({ method: 'POST', url: '/v1/admin/operators', headers: a.headers, payload });
      expect(okRes.json().code).toBe(0);
    });

    it('signs out one session; revoke-all ends every session of the operator', async () => {
      const phone = uniqueOperatorPhone();
      const first = await signInOperator(t, { role: 'operator', phone, password: 'operator-pass' });
      const second = await signInAs(t, phone, 'operator-pass');
      const third = await signInAs(t, phone, 'operator-pass');
      const out = await t.app.inject({ method: 'DELETE', url: '/v1/admin/session', headers: first.headers });
      expect(out.json().code).toBe(0);
      expect(out.cookies.find((c) => c.name === 'jf_admin')?.value).toBe('');
      expect((await session({ cookie: first.cookie })).json().code).toBe(-10800);
      expect((await session({ cookie: second.cookie })).json().code).toBe(0);

      const all = await t.app.inject({ method: 'POST', url: '/v1/admin/session/revoke-all', headers: second.headers });
      expect(all.json()).toMatchObject({ code: 0, data: { revoked: 2 } });
      expect((await session({ cookie: second.cookie })).json().code).toBe(-10800);
      expect((await session({ cookie: third.cookie })).json().code).toBe(-10800);
    });

    it('expires after 12 idle hours, slides with use, and ends 7 days after sign-in', async () => {
      const start = Date.now();
      setClock(start);
      const s = await signInOperator(t, { role: 'finance' });
      setClock(start + 11 * 3_600_000);
      expect((await session({ cookie: s.cookie })).json().code).toBe(0);
      setClock(start + 22 * 3_600_000);
      expect((await session({ cookie: s.cookie })).json().code).toBe(0);
      setClock(start + 34 * 3_600_000 + 60_000);
      expect((await session({ cookie: s.cookie })).json().code).toBe(-10800);

      setClock(start);
      const k = await signInOperator(t, { role: 'finance' });
      for (let h = 10; h < 7 * 24; h += 10) {
        setClock(start + h * 3_600_000);
        expect((await session({ cookie: k.cookie })).json().code, `after ${h} h`).toBe(0);
      }
      setClock(start + 7 * 24 * 3_600_000 + 1);
      expect((await session({ cookie: k.cookie })).json().code).toBe(-10800);
    });

    it('disabling an operator ends their sessions and refuses sign-in', async () => {
      const owner = await signInOperator(t, { role: 'owner' });
      const phone = uniqueOperatorPhone();
      const target = await signInOperator(t, { role: 'reviewer', phone, password: 'reviewer-pass' });
      const res = await t.app.inject({ method: 'PATCH', url: `/v1/admin/operators/${target.operatorId}`, headers: owner.headers, payload: { disabled: true } });
      expect(res.json()).toMatchObject({ code: 0, data: { disabled: true } });
      expect((await session({ cookie: target.cookie })).json().code).toBe(-10800);
      expect((await signIn({ phone, password: 'reviewer-pass' })).json().code).toBe(-10805);
    });
  });

  describe('roles on operators and audit', () => {
    it.each(ROLES)('%s: only the owner lists and edits operators and reads the audit log', async (role) => {
      const lecturerId = role === 'lecturer' ? (await buildLecturer(t.app.db)).id : undefined;
      const s = await signInOperator(t, { role, lecturerId });
      const expected = role === 'owner' ? 0 : -10801;
      const list = await t.app.inject({ method: 'GET', url: '/v1/admin/operators', headers: s.headers });
      expect(list.json().code).toBe(expected);
      const audit = await t.app.inject({ method: 'GET', url: '/v1/admin/audit', headers: s.headers });
      expect(audit.json().code).toBe(expected);
      const create = await t.app.inject({
        method: 'POST',
        url: '/v1/admin/operators',
        headers: s.headers,
        payload: { phone: uniqueOperatorPhone(), password: 'some-password', name: '某人', role: 'finance' },
      });
      expect(create.json().code).toBe(expected);
      const patch = await t.app.inject({ method: 'PATCH', url: `/v1/admin/operators/${s.operatorId}`, headers: s.headers, payload: { name: '改名' } });
      expect(patch.json().code).toBe(expected);
      if (role !== 'owner') expect(list.statusCode).toBe(403);
      // Every role may see its own session.
      expect((await session(s.headers)).json().data.operator.role).toBe(role);
    });
  });

  describe('GET /v1/admin/audit', () => {
    it('has one row for each operator create and edit, filtered, newest first, secrets dropped and phones masked', async () => {
      const owner = await signInOperator(t, { role: 'owner', name: '审计所有者' });
      const phone = uniqueOperatorPhone();
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/admin/operators',
        headers: owner.headers,
        payload: { phone, password: 'first-password', name: '财务小王', role: 'finance' },
      });
      expect(created.json().code).toBe(0);
      const id = created.json().data.id as number;
      expect(created.json().data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
      const dup = await t.app.inject({ method: 'POST', url: '/v1/admin/operators', headers: owner.headers, payload: { phone, password: 'first-password', name: 'x', role: 'finance' } });
      expect(dup.json().code).toBe(-10808);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/v1/admin/operators/${id}`,
        headers: owner.headers,
        payload: { role: 'reviewer', name: '审核小王', password: 'second-password' },
      });
      expect(patched.json()).toMatchObject({ code: 0, data: { role: 'reviewer', name: '审核小王' } });

      const res = await t.app.inject({ method: 'GET', url: `/v1/admin/audit?targetType=operator&targetId=${id}`, headers: owner.headers });
      const data = res.json().data as { items: Array<Record<string, unknown>>; total: number; page: number; pageSize: number };
      expect(data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
      expect(data.items.map((r) => r.action)).toEqual(['operator.update', 'operator.create']);
      const [update, create] = data.items as Array<{ operatorId: number; operatorName: string; before: Record<string, unknown> | null; after: Record<string, unknown>; ip: string; createdAt: number }>;
      expect(create).toMatchObject({ operatorId: owner.operatorId, operatorName: '审计所有者', before: null, ip: '127.0.0.1' });
      expect(create!.after).toMatchObject({ id, role: 'finance', name: '财务小王' });
      expect(update!.before).toMatchObject({ role: 'finance' });
      expect(update!.after).toMatchObject({ role: 'reviewer', name: '审核小王', passwordChanged: true });
      const text = res.body;
      expect(text).not.toContain(phone);
      expect(text).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
      expect(text).not.toMatch(/password_hash|argon2|totp_secret|second-password/);

      const byAction = await t.app.inject({ method: 'GET', url: `/v1/admin/audit?action=operator.create&operatorId=${owner.operatorId}`, headers: owner.headers });
      expect(byAction.json().data.items.map((r: { targetId: string }) => r.targetId)).toEqual([String(id)]);
      const future = await t.app.inject({ method: 'GET', url: `/v1/admin/audit?from=${Date.now() + 60_000}&targetId=${id}`, headers: owner.headers });
      expect(future.json().data).toMatchObject({ items: [], total: 0 });
      const window = await t.app.inject({ method: 'GET', url: `/v1/admin/audit?from=${update!.createdAt}&to=${update!.createdAt + 1}&targetId=${id}&targetType=operator`, headers: owner.headers });
      expect(window.json().data.items.map((r: { action: string }) => r.action)).toContain('operator.update');
      const paged = await t.app.inject({ method: 'GET', url: `/v1/admin/audit?targetId=${id}&targetType=operator&page=2&pageSize=1&order=ascend`, headers: owner.headers });
      expect(paged.json().data).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ action: 'operator.update' }] });
      const bad = await t.app.inject({ method: 'GET', url: '/v1/admin/audit?pageSize=101', headers: owner.headers });
      expect(bad.json().code).toBe(-10001);
    });

    it('writes nothing to the audit log when a write fails', async () => {
      const owner = await signInOperator(t, { role: 'owner' });
      const before = await t.app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const res = await t.app.inject({ method: 'POST', url: '/v1/admin/operators', headers: owner.headers, payload: { phone: uniqueOperatorPhone(), password: 'long-enough', name: '讲师', role: 'lecturer', lecturerId: 2_000_000 } });
      expect(res.json().code).toBe(-10001);
      const after = await t.app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });
});

describe('audit scrubbing and course reach', () => {
  it('drops secret keys and masks phone numbers at any depth', () => {
    const out = scrubForAudit({
      phone: '13812345678',
      note: '请联系 13912345678 或 021-12345678，订单 2026031012345678',
      password: 'x',
      passwordHash: 'y',
      password_hash: 'z',
      secret: 's',
      token: 't',
      totpSecret: 'u',
      totp_enabled: 1,
      nested: [{ mobile: 13700001111, price: 19900, accessToken: 'a' }],
    });
    expect(out).toEqual({
      phone: '138****5678',
      note: '请联系 139****5678 或 021-12345678，订单 2026031012345678',
      nested: [{ mobile: '137****1111', price: 19900 }],
    });
  });

  const op = (role: OperatorRole, lecturerId: number | null = null) => ({ id: 1, name: 'x', role, lecturerId, corporateId: null, sessionId: 1 });

  it('lets a lecturer reach only their own courses, as if others did not exist', () => {
    expect(() => assertCourseReach(op('lecturer', 7), 7)).not.toThrow();
    expect(() => assertCourseReach(op('lecturer', 7), 8)).toThrow(expect.objectContaining({ code: -10802, status: 404 }));
    expect(() => assertCourseReach(op('lecturer', 7), null)).toThrow(expect.objectContaining({ code: -10802 }));
    expect(() => assertCourseReach(op('corporate_admin'), 7)).toThrow(expect.objectContaining({ code: -10801, status: 403 }));
    for (const role of ['owner', 'operator', 'finance', 'reviewer'] as const) expect(() => assertCourseReach(op(role), 8)).not.toThrow();
  });
});
