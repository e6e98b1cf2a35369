/**
 * 用户 Learners in the console (issue 13, docs/console.md): who may use each route, the list's
 * filters and masked phones, a learner's page, the profile review in the spec's audit states (the
 * learner's own app sees the result), lock and blacklist (sessions end, the learner's token stops
 * working), one audit row per write, and hostile ids.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuditResult, ErrorCodes, ConsoleErrorCodes } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildUser, loginAs, signedInUser } from './support/factories.ts';
import { auditRowsOf, call, expectBadIds, expectBadQueries, expectRoles, useConsoleApp, type Operators } from './admin-people-helpers.ts';

/** A name prefix no other test of the run uses (letters only: names are Han or Latin). */
const uniqueName = () => `Zq${crypto.randomBytes(4).toString('hex').replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)}`;

describe.each(dialectsUnderTest())('console learners (%s)', (dialect) => {
  let t: TestApp;
  let ops: Operators;
  useConsoleApp(dialect, (app, operators) => ((t = app), (ops = operators)));

  const get = (url: string, role: keyof Operators = 'reviewer') => call(t, ops[role], { method: 'GET', url });
  const post = (url: string, payload: object, role: keyof Operators = 'reviewer') => call(t, ops[role], { method: 'POST', url, payload });
  const submitted = (name: string, extra: object = {}) => buildUser(t.app.db, { name, audit_status: 0, audit_submitted_at: Date.now() - 60_000, audit_submit_count: 1, ...extra });

  describe('roles', () => {
    it('owner and reviewer use every learner route; finance, operator, lecturer and corporate admins are refused; blacklist is the owner’s', async () => {
      const u = await buildUser(t.app.db);
      await expectRoles(t, ops, { method: 'GET', url: '/v1/admin/learners' }, ['owner', 'reviewer']);
      await expectRoles(t, ops, { method: 'GET', url: `/v1/admin/learners/${u.id}` }, ['owner', 'reviewer']);
      await expectRoles(t, ops, { method: 'POST', url: `/v1/admin/learners/${u.id}/review`, payload: { pass: true } }, ['owner', 'reviewer']);
      await expectRoles(t, ops, { method: 'POST', url: `/v1/admin/learners/${u.id}/lock`, payload: { locked: false, reason: '核对' } }, ['owner', 'reviewer']);
      await expectRoles(t, ops, { method: 'POST', url: `/v1/admin/learners/${u.id}/blacklist`, payload: { blacklisted: false, reason: '核对' } }, ['owner']);
    });

    it('a learner’s access token is no console session', async () => {
      const { headers } = await signedInUser(t);
      const res = await t.app.inject({ method: 'GET', url: '/v1/admin/learners', headers });
      expect(res.json().code).toBe(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
    });

    it('a write without the CSRF token is refused and changes nothing', async () => {
      const u = await buildUser(t.app.db);
      const res = await t.app.inject({ method: 'POST', url: `/v1/admin/learners/${u.id}/lock`, headers: { cookie: ops.reviewer.cookie }, payload: { locked: true, reason: '测试' } });
      expect(res.json().code).toBe(ConsoleErrorCodes.ADMIN_CSRF);
      expect((await t.app.db.selectFrom('users').select('account_status').where('id', '=', u.id).executeTakeFirstOrThrow()).account_status).toBe(0);
    });

    it('hostile ids answer coded errors, never a 500', async () => {
      await expectBadIds(t, ops.reviewer, (id) => ({ method: 'GET', url: `/v1/admin/learners/${id}` }));
      await expectBadIds(t, ops.reviewer, (id) => ({ method: 'POST', url: `/v1/admin/learners/${id}/review`, payload: { pass: true } }));
      await expectBadIds(t, ops.reviewer, (id) => ({ method: 'POST', url: `/v1/admin/learners/${id}/lock`, payload: { locked: true, reason: '测试' } }));
      await expectBadIds(t, ops.owner, (id) => ({ method: 'POST', url: `/v1/admin/learners/${id}/blacklist`, payload: { blacklisted: true, reason: '测试' } }));
      await expectBadQueries(t, ops.reviewer, ['/v1/admin/learners'], ['?page=0', '?pageSize=101', '?auditStatus=3', '?page=1e309', '?order=up']);
    });
  });

  describe('GET /v1/admin/learners', () => {
    it('finds by exact phone or name prefix, masks phones, pages newest first with the true total', async () => {
      const name = uniqueName();
      const a = await buildUser(t.app.db, { name: `${name}a`, created_at: 1_000 });
      const b = await buildUser(t.app.db, { name: `${name}b`, created_at: 2_000 });
      const c = await buildUser(t.app.db, { name: `${name}c`, created_at: 3_000 });
      const page1 = (await get(`/v1/admin/learners?q=${name}&pageSize=2`)).json();
      expect(page1.code).toBe(0);
      expect(page1.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(page1.data.items.map((i: { id: number }) => i.id)).toEqual([c.id, b.id]);
      const page2 = (await get(`/v1/admin/learners?q=${name}&pageSize=2&page=2`)).json();
      expect(page2.data.items.map((i: { id: number }) => i.id)).toEqual([a.id]);
      const asc = (await get(`/v1/admin/learners?q=${name}&order=ascend`)).json();
      expect(asc.data.items.map((i: { id: number }) => i.id)).toEqual([a.id, b.id, c.id]);

      const byPhone = (await get(`/v1/admin/learners?q=${b.mobile}`)).json();
      expect(byPhone.data.items).toHaveLength(1);
      expect(byPhone.data.items[0]).toMatchObject({ id: b.id, phoneMasked: `${b.mobile!.slice(0, 3)}****${b.mobile!.slice(-4)}`, locked: false, blacklisted: false, orderCount: 0 });
      expect(JSON.stringify(page1)).not.toContain(b.mobile!);
    });

    it('auditStatus=0 lists only submitted profiles waiting for review; locked filters account state', async () => {
      const name = uniqueName();
      const waiting = await submitted(`${name}w`);
      const longest = await submitted(`${name}v`, { audit_submitted_at: Date.now() - 3_600_000 });
      const never = await buildUser(t.app.db, { name: `${name}n` });
      const passed = await buildUser(t.app.db, { name: `${name}p`, audit_status: 1, audit_submitted_at: 1 });
      const locked = await buildUser(t.app.db, { name: `${name}l`, account_status: 1 });
      const ids = async (q: string) => ((await get(`/v1/admin/learners?q=${name}${q}`)).json().data.items as { id: number }[]).map((i) => i.id).sort((x, y) => x - y);
      expect(await ids('&auditStatus=0')).toEqual([waiting.id, longest.id].sort((x, y) => x - y));
      expect(await ids('&auditStatus=0&submitted=false')).toEqual([never.id, locked.id].sort((x, y) => x - y));
      const queue = (await get(`/v1/admin/learners?q=${name}&auditStatus=0&submitted=true&sort=auditSubmittedAt&order=ascend`)).json().data.items as { id: number }[];
      expect(queue.map((i) => i.id)).toEqual([longest.id, waiting.id]);
      expect(await ids('&auditStatus=1')).toEqual([passed.id]);
      expect(await ids('&locked=true')).toEqual([locked.id]);
      expect(await ids('&locked=false')).not.toContain(locked.id);
    });
  });

  describe('GET /v1/admin/learners/:id', () => {
    it('shows the profile, review state, memberships, recent orders and the server-credited learning time', async () => {
      const u = await submitted('王学员', { company: '某银行', email: 'wang@example.com' });
      const [c1, c2] = [await buildCourse(t.app.db), await buildCourse(t.app.db)];
      await t.app.db
        .insertInto('listen_day')
        .values([
          { user_id: u.id, day: '2026-11-01', course_id: c1.id, chapter_key: 0, seconds: 600 },
          { user_id: u.id, day: '2026-11-02', course_id: c2.id, chapter_key: 0, seconds: 150 },
        ])
        .execute();
      const now = Date.now();
      const orderNo = `T${crypto.randomBytes(8).toString('hex')}`;
      await t.app.db
        .insertInto('orders')
        .values({ order_no: orderNo, user_id: u.id, type: 1, kind: 1, target_id: c1.id, course_id: c1.id, amount_fen: 19900, status: 'paid', provider: 'sandbox', transaction_id: 'tx1', created_at: now, paid_at: now, expires_at: now + 60_000 })
        .execute();
      const res = (await get(`/v1/admin/learners/${u.id}`)).json();
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({
        id: u.id,
        name: '王学员',
        company: '某银行',
        auditStatus: 0,
        auditResult: AuditResult.FIRST_AUDIT,
        reviewable: true,
        locked: false,
        learningSeconds: 750,
        orderCount: 1,
      });
      expect(res.data.recentOrders).toEqual([expect.objectContaining({ orderNo, amountFen: 19900, status: 'paid', kindName: 'course', courseId: c1.id })]);
      expect(res.data.phoneMasked).toMatch(/^\d{3}\*{4}\d{4}$/);
      expect(JSON.stringify(res)).not.toContain(u.mobile!);
      expect(Array.isArray(res.data.memberships)).toBe(true);
    });
  });

  describe('POST /v1/admin/learners/:id/review', () => {
    it('passes a submitted profile: the learner’s app then answers 0, with one audit row', async () => {
      const u = await submitted('李学员');
      const login = await loginAs(t, u.id);
      expect((await t.app.inject({ method: 'GET', url: '/v1/users/me/audit_status', headers: login.headers })).json().data.result).toBe(AuditResult.FIRST_AUDIT);
      const res = (await post(`/v1/admin/learners/${u.id}/review`, { pass: true, remark: '资料属实' })).json();
      expect(res).toMatchObject({ code: 0, data: { id: u.id, auditStatus: 1, auditRemark: '资料属实' } });
      expect((await t.app.inject({ method: 'GET', url: '/v1/users/me/audit_status', headers: login.headers })).json().data).toMatchObject({ result: AuditResult.OK, auditStatus: 1 });
      const rows = await auditRowsOf(t, 'learner.review', u.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ operator_id: ops.reviewer.operatorId, target_type: 'learner' });
      expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ auditStatus: 1, pass: true });
    });

    it('fails a profile only with a remark; the learner reads 262145 and the remark', async () => {
      const u = await submitted('赵学员');
      expect((await post(`/v1/admin/learners/${u.id}/review`, { pass: false })).json().code).toBe(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
      expect((await post(`/v1/admin/learners/${u.id}/review`, { pass: false, remark: '   ' })).json().code).toBe(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
      expect(await auditRowsOf(t, 'learner.review', u.id)).toHaveLength(0);
      expect((await post(`/v1/admin/learners/${u.id}/review`, { pass: false, remark: '单位名称与证明不符' })).json()).toMatchObject({ code: 0, data: { auditStatus: 2 } });
      const login = await loginAs(t, u.id);
      expect((await t.app.inject({ method: 'GET', url: '/v1/users/me/audit_status', headers: login.headers })).json().data).toMatchObject({
        result: AuditResult.NOT_PASSED,
        remark: '单位名称与证明不符',
      });
      expect(await auditRowsOf(t, 'learner.review', u.id)).toHaveLength(1);
    });

    it('refuses a profile that was never submitted, writing nothing', async () => {
      const u = await buildUser(t.app.db);
      expect((await post(`/v1/admin/learners/${u.id}/review`, { pass: true })).json().code).toBe(ConsoleErrorCodes.ADMIN_PROFILE_NOT_SUBMITTED);
      expect((await t.app.db.selectFrom('users').select('audit_status').where('id', '=', u.id).executeTakeFirstOrThrow()).audit_status).toBe(0);
      expect(await auditRowsOf(t, 'learner.review', u.id)).toHaveLength(0);
    });
  });

  describe('POST /v1/admin/learners/:id/lock and /blacklist', () => {
    it('locking ends the learner’s sessions and a new sign-in answers locked; unlocking lets them act; each write one audit row', async () => {
      const { user, headers } = await signedInUser(t);
      expect((await t.app.inject({ method: 'GET', url: '/v1/users/me', headers })).json().code).toBe(0);
      expect((await post(`/v1/admin/learners/${user.id}/lock`, { locked: true, reason: '   ' })).json().code).toBe(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
      expect((await post(`/v1/admin/learners/${user.id}/lock`, { locked: true, reason: '' })).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await post(`/v1/admin/learners/${user.id}/lock`, { locked: true, reason: '异常退款' })).json()).toMatchObject({ code: 0, data: { locked: true, blacklisted: false } });
      expect((await t.app.inject({ method: 'GET', url: '/v1/users/me', headers })).json().code).toBe(ErrorCodes.TOKEN_INVALID);
      const again = await loginAs(t, user.id);
      expect((await t.app.inject({ method: 'POST', url: '/v1/users/activate', headers: again.headers, payload: {} })).json().code).toBe(ErrorCodes.USER_LOCKED);
      expect((await post(`/v1/admin/learners/${user.id}/lock`, { locked: false, reason: '核实无误' })).json()).toMatchObject({ code: 0, data: { locked: false } });
      expect((await t.app.inject({ method: 'POST', url: '/v1/users/activate', headers: again.headers, payload: {} })).json().code).toBe(0);
      const rows = await auditRowsOf(t, 'learner.lock', user.id);
      expect(rows.map((r) => JSON.parse(r.after_json!).locked)).toEqual([true, false]);
      expect(JSON.parse(rows[0]!.after_json!).reason).toBe('异常退款');
    });

    it('the owner blacklists (262145 for the learner); a reviewer cannot lock a blacklisted learner back to active', async () => {
      const { user } = await signedInUser(t);
      expect((await post(`/v1/admin/learners/${user.id}/blacklist`, { blacklisted: true, reason: '恶意刷单' })).json().code).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
      expect((await post(`/v1/admin/learners/${user.id}/blacklist`, { blacklisted: true, reason: '恶意刷单' }, 'owner')).json()).toMatchObject({ code: 0, data: { blacklisted: true } });
      const login = await loginAs(t, user.id);
      expect((await t.app.inject({ method: 'POST', url: '/v1/users/activate', headers: login.headers, payload: {} })).json().code).toBe(ErrorCodes.USER_BLACKLISTED);
      expect((await post(`/v1/admin/learners/${user.id}/lock`, { locked: false, reason: '解锁' })).json().code).toBe(ConsoleErrorCodes.ADMIN_LEARNER_BLACKLISTED);
      expect((await post(`/v1/admin/learners/${user.id}/blacklist`, { blacklisted: false, reason: '申诉通过' }, 'owner')).json()).toMatchObject({ code: 0, data: { blacklisted: false, locked: false } });
      expect((await t.app.inject({ method: 'POST', url: '/v1/users/activate', headers: login.headers, payload: {} })).json().code).toBe(0);
      const rows = await auditRowsOf(t, 'learner.blacklist', user.id);
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.operator_id === ops.owner.operatorId)).toBe(true);
      // Phones never reach the log whole.
      expect(JSON.stringify(rows)).not.toContain(user.mobile!);
    });
  });
});
