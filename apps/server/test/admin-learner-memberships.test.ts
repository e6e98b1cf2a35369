/**
 * Memberships granted or revoked with a reason in the console (issue 13 "用户 Learners",
 * docs/console.md): owner only; the learner's own membership answer (GET /v1/course_members/check,
 * what the H5 reads) follows at once; revoking replays the remaining grants as a refund does; one
 * audit row per write; reasons required; hostile input coded. SQLite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, ConsoleErrorCodes } from '@jinfa/shared';
import { insertMembershipPlans } from '../src/demo/seeder.ts';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildUser, signedInUser } from './support/factories.ts';
import { auditRowsOf, call, expectBadIds, expectRoles, useConsoleApp, type Operators } from './admin-people-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dialectsUnderTest())('console learner memberships (%s)', (dialect) => {
  let t: TestApp;
  let ops: Operators;
  useConsoleApp(dialect, (app, operators) => ((t = app), (ops = operators)));
  const plan: Record<string, { id: number; days: number; userType: number }> = {};

  beforeAll(async () => {
    if ((await t.app.db.selectFrom('membership_plans').select('id').limit(1).execute()).length === 0) {
      await t.app.db.transaction().execute((trx) => insertMembershipPlans(trx, Date.now()));
    }
    for (const p of await t.app.db.selectFrom('membership_plans').select(['id', 'code', 'duration_days', 'user_type']).execute()) {
      plan[p.code] = { id: p.id, days: p.duration_days, userType: p.user_type };
    }
  });

  const post = (url: string, payload: object, role: keyof Operators = 'owner') => call(t, ops[role], { method: 'POST', url, payload });
  const check = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/v1/course_members/check', headers })).json().data;
  const basicYear = () => plan['basic-year'] ?? Object.values(plan)[0]!;

  it('grant: the learner is a member at once; revoke: gone at once; each write one audit row with its reason', async () => {
    const { user, headers } = await signedInUser(t);
    expect((await check(headers)).member).toBe(false);
    const p = basicYear();

    const granted = await post(`/v1/admin/learners/${user.id}/memberships`, { planId: p.id, days: 30, reason: '客服补偿' });
    expect(granted.json().code, JSON.stringify(granted.json())).toBe(0);
    const g = granted.json().data;
    expect(g).toMatchObject({ id: user.id, userType: p.userType });
    expect(g.memberExpireAt).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(g.memberExpireAt).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    expect(g.memberships).toEqual([expect.objectContaining({ grantId: g.grantId, planId: p.id, orderId: null, active: true, revokedAt: null })]);

    const member = await check(headers);
    expect(member).toMatchObject({ member: true, userType: p.userType, daysLeft: 30 });
    // The learner page shows it too.
    const detail = (await call(t, ops.reviewer, { method: 'GET', url: `/v1/admin/learners/${user.id}` })).json().data;
    expect(detail.memberships[0]).toMatchObject({ grantId: g.grantId, active: true, orderId: null });

    const [grantAudit] = await auditRowsOf(t, 'learner.membership.grant', user.id);
    expect(grantAudit).toMatchObject({ operator_id: ops.owner.operatorId, target_type: 'learner' });
    expect(JSON.parse(grantAudit!.after_json!)).toMatchObject({ grantId: g.grantId, planId: p.id, days: 30, reason: '客服补偿', userType: p.userType });
    expect(JSON.parse(grantAudit!.before_json!)).toMatchObject({ userType: 1, memberExpireAt: null });

    const revoked = await post(`/v1/admin/learners/${user.id}/memberships/${g.grantId}/revoke`, { reason: '误操作' });
    expect(revoked.json().code).toBe(0);
    expect(revoked.json().data).toMatchObject({ userType: 1, memberExpireAt: null });
    expect(revoked.json().data.memberships[0]).toMatchObject({ grantId: g.grantId, active: false });
    expect((await check(headers)).member).toBe(false);
    const [revokeAudit] = await auditRowsOf(t, 'learner.membership.revoke', user.id);
    expect(JSON.parse(revokeAudit!.after_json!)).toMatchObject({ grantId: g.grantId, reason: '误操作', userType: 1 });

    // Once only.
    const again = await post(`/v1/admin/learners/${user.id}/memberships/${g.grantId}/revoke`, { reason: '再撤一次' });
    expect(again.json().code).toBe(ConsoleErrorCodes.ADMIN_MEMBERSHIP_REVOKED);
    expect(await auditRowsOf(t, 'learner.membership.revoke', user.id)).toHaveLength(1);
  });

  it('a grant without days takes the plan’s duration and renews a running membership; revoking one replays the other', async () => {
    const now = Date.now();
    const p = basicYear();
    const { user, headers } = await signedInUser(t, { user_type: p.userType, member_expire_at: now + 10 * DAY });
    const first = (await post(`/v1/admin/learners/${user.id}/memberships`, { planId: p.id, reason: '活动赠送' })).json().data;
    // Renewal: from the current expiry.
    expect(first.memberExpireAt).toBe(now + 10 * DAY + p.days * DAY);
    const second = (await post(`/v1/admin/learners/${user.id}/memberships`, { planId: p.id, days: 5, reason: '再送5天' })).json().data;
    expect(second.memberExpireAt).toBe(first.memberExpireAt + 5 * DAY);
    const back = (await post(`/v1/admin/learners/${user.id}/memberships/${first.grantId}/revoke`, { reason: '活动取消' })).json().data;
    expect(back.memberExpireAt).toBe(now + 10 * DAY + 5 * DAY);
    expect((await check(headers)).member).toBe(true);
  });

  it('owner only; reviewers and every other role are refused, writing nothing', async () => {
    const u = await buildUser(t.app.db, {});
    const p = basicYear();
    await expectRoles(t, ops, { method: 'POST', url: `/v1/admin/learners/${u.id}/memberships`, payload: { planId: p.id, days: 1, reason: '角色测试' } }, ['owner']);
    const grants = await t.app.db.selectFrom('membership_grants').select('id').where('user_id', '=', u.id).execute();
    expect(grants).toHaveLength(1);
    await expectRoles(t, ops, { method: 'POST', url: `/v1/admin/learners/${u.id}/memberships/${grants[0]!.id}/revoke`, payload: { reason: '角色测试' } }, ['owner']);
    // Without the CSRF token: refused.
    const noCsrf = await t.app.inject({ method: 'POST', url: `/v1/admin/learners/${u.id}/memberships`, headers: { cookie: ops.owner.cookie }, payload: { planId: p.id, reason: 'x' } });
    expect(noCsrf.json().code).toBe(ConsoleErrorCodes.ADMIN_CSRF);
  });

  it('bad input is coded: reason, plan, days, ids, another learner’s grant', async () => {
    const u = await buildUser(t.app.db, {});
    const other = await buildUser(t.app.db, {});
    const p = basicYear();
    const url = `/v1/admin/learners/${u.id}/memberships`;
    expect((await post(url, { planId: p.id, reason: '   ' })).json().code).toBe(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
    expect((await post(url, { planId: p.id })).json().code).toBe(ErrorCodes.VALIDATION);
    expect((await post(url, { planId: 2147483000, reason: '原因' })).json().code).toBe(ConsoleErrorCodes.ADMIN_MEMBERSHIP_PLAN_INVALID);
    for (const days of [0, -1, 3651, 1.5, 'x']) expect((await post(url, { planId: p.id, days, reason: '原因' })).json().code, `days ${days}`).toBe(ErrorCodes.VALIDATION);
    expect((await post(url, { planId: 'x', reason: '原因' })).json().code).toBe(ErrorCodes.VALIDATION);
    await expectBadIds(t, ops.owner, (id) => ({ method: 'POST', url: `/v1/admin/learners/${id}/memberships`, payload: { planId: p.id, reason: '原因' } }));

    const mine = (await post(`/v1/admin/learners/${other.id}/memberships`, { planId: p.id, days: 3, reason: '原因' })).json().data;
    // The other learner's grant is not this learner's.
    expect((await post(`/v1/admin/learners/${u.id}/memberships/${mine.grantId}/revoke`, { reason: '原因' })).json().code).toBe(ConsoleErrorCodes.ADMIN_NOT_FOUND);
    expect((await post(`/v1/admin/learners/${other.id}/memberships/${mine.grantId}/revoke`, { reason: '' })).json().code).toBe(ErrorCodes.VALIDATION);
    expect((await post(`/v1/admin/learners/${other.id}/memberships/${mine.grantId}/revoke`, { reason: '  ' })).json().code).toBe(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
    expect((await post(`/v1/admin/learners/${other.id}/memberships/abc/revoke`, { reason: '原因' })).json().code).toBe(ErrorCodes.VALIDATION);
    expect((await post(`/v1/admin/learners/${u.id}/memberships`, { planId: p.id, reason: '原因' })).statusCode).toBeLessThan(500);
    expect(await auditRowsOf(t, 'learner.membership.revoke', u.id)).toHaveLength(0);
  });
});
