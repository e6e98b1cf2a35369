/**
 * The console's demo activity (issue 13, demo/console-activity.ts): on a first start every console
 * section has rows — orders of several kinds over six weeks, refund requests waiting and decided,
 * profiles waiting and reviewed, pay anomalies, hidden appraisals and comments, credited learning
 * time — and every number those rows make is true of them (grants, counters, learning totals).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignupKind, UserAuditStatus } from '@jinfa/shared';
import { countListsOf } from '../src/modules/learning/list-count-repository.ts';
import { shanghaiDay } from '../src/modules/listening/progress-accounting.ts';
import { DAY_MS, SEED_BASE_TIME } from '../src/demo/common.ts';
import { COURSES } from '../src/demo/courses.ts';
import { DEMO_LEARNERS } from '../src/demo/learners.ts';
import { seedDemoData } from '../src/demo/seeder.ts';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from './support/db.ts';

/** A fixed "real clock" well after the content's anchor, as on a first start. */
const LIVE_NOW = SEED_BASE_TIME + 40 * DAY_MS + 15 * 3_600_000 + 7 * 60_000;

describe.each(dialectsUnderTest())('demo console activity (%s)', (dialect) => {
  let t: TestDatabase;
  let demoIds: number[];

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    expect((await seedDemoData(t.db, { liveNow: LIVE_NOW })).seeded).toBe(true);
    const rows = await t.db.selectFrom('users').select('id').where('preset_label', 'is', null).execute();
    demoIds = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('adds learners waiting for review, passed and failed with remarks, never submitted', async () => {
    const users = await t.db.selectFrom('users').selectAll().where('preset_label', 'is', null).execute();
    expect(users).toHaveLength(DEMO_LEARNERS.length);
    const waiting = users.filter((u) => u.audit_status === UserAuditStatus.NOT_AUDITED && u.audit_submitted_at !== null);
    expect(waiting.length).toBeGreaterThanOrEqual(4);
    for (const u of waiting) expect(u.audit_remark).toBe('');
    const failed = users.filter((u) => u.audit_status === UserAuditStatus.FAILED);
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(failed.map((u) => u.audit_remark)).toContain('单位名称与营业执照不一致，请重新上传工作证明');
    expect(users.filter((u) => u.audit_status === UserAuditStatus.PASSED).length).toBeGreaterThanOrEqual(8);
    expect(users.some((u) => u.audit_submitted_at === null)).toBe(true);
    expect(users.some((u) => u.account_status === 1)).toBe(true);
    // New learners on most weeks of the dashboard's month.
    const recent = users.filter((u) => u.created_at > LIVE_NOW - 30 * DAY_MS && u.created_at < LIVE_NOW);
    expect(new Set(recent.map((u) => Math.floor((LIVE_NOW - u.created_at) / (7 * DAY_MS)))).size).toBeGreaterThanOrEqual(4);
  });

  it('leaves the preset users without orders, listening or grants', async () => {
    const presets = (await t.db.selectFrom('users').select('id').where('preset_label', 'is not', null).execute()).map((u) => u.id);
    for (const table of ['orders', 'listen_day', 'user_courses', 'user_chapters', 'membership_grants', 'refund_requests'] as const) {
      const n = await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', presets).executeTakeFirstOrThrow();
      expect(Number(n.n), table).toBe(0);
    }
  });

  it('places orders of several kinds over six weeks: paid, closed unpaid, refunded', async () => {
    const orders = await t.db.selectFrom('orders').selectAll().execute();
    expect(orders.length).toBeGreaterThanOrEqual(40);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['paid', 'closed', 'refunded']));
    expect(new Set(orders.map((o) => o.kind))).toEqual(new Set([SignupKind.COURSE, SignupKind.CHAPTER, SignupKind.COLUMN, SignupKind.MEMBERSHIP]));
    for (const o of orders) {
      expect(o.created_at).toBeLessThan(LIVE_NOW);
      expect(o.created_at).toBeGreaterThan(LIVE_NOW - 42 * DAY_MS);
      expect(o.amount_fen).toBeGreaterThan(0);
      if (o.status === 'closed') expect(o.closed_at).toBeGreaterThanOrEqual(o.expires_at);
      else expect(o.paid_at).toBeGreaterThan(o.created_at);
    }
    const paidInMonth = orders.filter((o) => o.paid_at !== null && o.paid_at > LIVE_NOW - 30 * DAY_MS);
    expect(new Set(paidInMonth.map((o) => shanghaiDay(o.paid_at as number))).size).toBeGreaterThanOrEqual(15);
    // Every paid notification is recorded once, with the order's amount.
    const notes = await t.db.selectFrom('pay_notifications').selectAll().execute();
    expect(notes).toHaveLength(orders.filter((o) => o.status !== 'closed').length);
    for (const n of notes) expect(orders.find((o) => o.transaction_id === n.transaction_id)?.amount_fen).toBe(n.amount_fen);
  });

  it('grants what paid orders bought and takes back what refunds gave', async () => {
    const orders = await t.db.selectFrom('orders').selectAll().execute();
    const grants = await t.db.selectFrom('user_courses').selectAll().where('source', '=', 'order').execute();
    for (const g of grants) expect(orders.find((o) => o.id === g.order_id)?.status, `grant ${g.id}`).toBe('paid');
    for (const o of orders.filter((x) => x.status === 'paid' && x.kind === SignupKind.COURSE)) {
      expect(grants.some((g) => g.order_id === o.id && g.course_id === o.course_id), `order ${o.id}`).toBe(true);
    }
    const chapters = await t.db.selectFrom('user_chapters').selectAll().execute();
    expect(chapters.map((c) => c.order_id).sort()).toEqual(orders.filter((o) => o.status === 'paid' && o.kind === SignupKind.CHAPTER).map((o) => o.id).sort());
    // Memberships: the live grants set the learner's kind; a refunded one is revoked.
    const memberGrants = await t.db.selectFrom('membership_grants').selectAll().execute();
    for (const g of memberGrants) {
      const order = orders.find((o) => o.id === g.order_id);
      const user = await t.db.selectFrom('users').select(['user_type', 'member_expire_at']).where('id', '=', g.user_id).executeTakeFirstOrThrow();
      if (order?.status === 'refunded') {
        expect(g.revoked_at).not.toBeNull();
        expect(user.user_type).toBe(g.prev_user_type);
      } else {
        expect(g.revoked_at).toBeNull();
        expect(user).toEqual({ user_type: g.user_type, member_expire_at: g.expires_at });
      }
    }
  });

  it('has refund requests waiting, approved (order refunded) and refused', async () => {
    const requests = await t.db.selectFrom('refund_requests').selectAll().orderBy('id').execute();
    const by = (s: string) => requests.filter((r) => r.status === s);
    expect(by('pending').length).toBeGreaterThanOrEqual(3);
    expect(by('approved').length).toBeGreaterThanOrEqual(2);
    expect(by('refused').length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < requests.length; i++) expect(requests[i]!.created_at).toBeGreaterThanOrEqual(requests[i - 1]!.created_at);
    for (const r of requests) {
      const order = await t.db.selectFrom('orders').selectAll().where('id', '=', r.order_id).executeTakeFirstOrThrow();
      expect(r.user_id).toBe(order.user_id);
      expect(r.created_at).toBeGreaterThan(order.paid_at as number);
      if (r.status === 'approved') {
        expect(order.status).toBe('refunded');
        const refund = await t.db.selectFrom('refunds').selectAll().where('refund_no', '=', r.refund_no as string).executeTakeFirstOrThrow();
        expect(refund).toMatchObject({ order_id: order.id, status: 'success', amount_fen: r.amount_fen, source: 'operator' });
        expect(refund.finished_at).toBeGreaterThan(r.decided_at as number);
      } else {
        expect(order.status).toBe('paid');
        expect(r.refund_no).toBeNull();
        if (r.status === 'refused') expect(r.decision_reason).not.toBe('');
        else expect(r.decided_at).toBeNull();
      }
    }
    const refunds = await t.db.selectFrom('refunds').select(['order_id', 'status']).execute();
    expect(refunds.every((x) => x.status === 'success')).toBe(true);
    expect(refunds.map((x) => x.order_id).sort()).toEqual(
      (await t.db.selectFrom('orders').select('id').where('status', '=', 'refunded').execute()).map((o) => o.id).sort(),
    );
  });

  it('records pay anomalies with what came and what was expected', async () => {
    const anomalies = await t.db.selectFrom('pay_anomalies').selectAll().execute();
    expect(anomalies.length).toBeGreaterThanOrEqual(2);
    for (const a of anomalies) {
      const summary = JSON.parse(a.summary) as { received: Record<string, unknown>; expected: Record<string, unknown> };
      const field = { amount: 'amountFen', currency: 'currency', appid: 'appid', mchid: 'mchid' }[a.kind] as string;
      expect(summary.received[field], a.kind).not.toEqual(summary.expected[field]);
      if (a.order_id !== null) {
        const order = await t.db.selectFrom('orders').select(['order_no', 'status']).where('id', '=', a.order_id).executeTakeFirstOrThrow();
        expect(order).toEqual({ order_no: a.order_no, status: 'closed' });
      }
    }
  });

  it('hides a few appraisals and comments, with reasons, by learners of the course', async () => {
    for (const table of ['appraisals', 'comments'] as const) {
      const rows = await t.db.selectFrom(table).select(['course_id', 'user_id', 'hidden', 'hidden_reason', 'hidden_at', 'created_at']).where('user_id', 'in', demoIds).execute();
      const hidden = rows.filter((r) => r.hidden === 1);
      expect(hidden.length, table).toBeGreaterThanOrEqual(2);
      expect(rows.length - hidden.length, table).toBeGreaterThanOrEqual(5);
      for (const r of hidden) {
        expect(r.hidden_reason).not.toBe('');
        expect(r.hidden_at).toBeGreaterThan(r.created_at);
      }
      for (const r of rows) {
        const learned = await t.db.selectFrom('listen_courses').select('started_at').where('user_id', '=', r.user_id).where('course_id', '=', r.course_id).executeTakeFirst();
        expect(learned?.started_at).toBeLessThan(r.created_at);
      }
    }
  });

  it('credits learning time over the weeks, the same in every rollup', async () => {
    const days = await t.db.selectFrom('listen_day').selectAll().execute();
    const month = days.filter((d) => d.day > shanghaiDay(LIVE_NOW - 30 * DAY_MS));
    expect(month.reduce((s, d) => s + d.seconds, 0)).toBeGreaterThan(30 * 3600);
    expect(new Set(month.map((d) => d.day)).size).toBeGreaterThanOrEqual(20);
    const sum = <T>(rows: T[], key: (r: T) => string, value: (r: T) => number) => {
      const m = new Map<string, number>();
      for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + value(r));
      return m;
    };
    const perCourse = (r: { user_id: number; course_id: number }) => `${r.user_id}:${r.course_id}`;
    const fromDays = sum(days, perCourse, (d) => d.seconds);
    const courses = await t.db.selectFrom('listen_courses').selectAll().execute();
    expect(sum(courses, perCourse, (c) => c.played_seconds)).toEqual(fromDays);
    expect(sum(await t.db.selectFrom('listen_progress').selectAll().execute(), perCourse, (p) => p.played_seconds)).toEqual(fromDays);
    const records = await t.db.selectFrom('listen_records').selectAll().execute();
    expect(sum(records, perCourse, (r) => r.played_seconds)).toEqual(fromDays);
    expect(await t.db.selectFrom('listen_visits').select('record_id').execute()).toHaveLength(records.length);
    // The learner's clock stands at the end of their last credited listening.
    const clocks = await t.db.selectFrom('learning_clock').selectAll().execute();
    const lastEnd = new Map<number, number>();
    for (const r of records) lastEnd.set(r.user_id, Math.max(lastEnd.get(r.user_id) ?? 0, r.updated_at));
    expect(new Map(clocks.map((c) => [c.user_id, c.credited_until]))).toEqual(lastEnd);
    for (const r of records) {
      expect(r.played_seconds).toBeLessThanOrEqual(Math.ceil((r.updated_at - r.started_at) / 1000));
      expect(r.updated_at).toBeLessThan(LIVE_NOW);
    }
    expect(courses.some((c) => c.finished_at !== null)).toBe(true);
  });

  it('keeps every counter true: list counts and course learner counts', async () => {
    for (const id of demoIds) {
      const stored = await t.db.selectFrom('user_list_counts').select(['list', 'n']).where('user_id', '=', id).execute();
      const counted = await countListsOf(t.db, id);
      const nonZero = new Map(stored.filter((r) => r.n !== 0).map((r) => [r.list, r.n]));
      expect(nonZero, `user ${id}`).toEqual(new Map([...counted].filter(([, n]) => n !== 0)));
    }
    const demoLearners = await t.db.selectFrom('course_learners').select(['course_id', 'user_id']).where('user_id', 'in', demoIds).execute();
    const courses = await t.db.selectFrom('courses').select(['id', 'name', 'learners_count']).execute();
    for (const c of courses) {
      const seeded = COURSES.find((x) => x.name === c.name)?.learners_count ?? 0;
      expect(c.learners_count, c.name).toBe(seeded + demoLearners.filter((l) => l.course_id === c.id).length);
    }
  });

  it('is the same data on every seed with the same clocks', async () => {
    const other = await createTestDatabase(dialect);
    try {
      await seedDemoData(other.db, { liveNow: LIVE_NOW });
      const pick = (db: TestDatabase['db']) => db.selectFrom('orders').select(['order_no', 'amount_fen', 'status', 'created_at', 'paid_at']).orderBy('id').execute();
      expect(await pick(other.db)).toEqual(await pick(t.db));
      const secs = (db: TestDatabase['db']) => db.selectFrom('listen_day').select((eb) => eb.fn.sum<number>('seconds').as('s')).executeTakeFirstOrThrow();
      expect(Number((await secs(other.db)).s)).toBe(Number((await secs(t.db)).s));
    } finally {
      await other.cleanup();
    }
  });
});
