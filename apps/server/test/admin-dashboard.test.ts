/**
 * GET /v1/admin/dashboard (issue 13, docs/console.md): the figures equal what the factory rows
 * hold — sales by payment time before refunds, refunds apart, orders placed, new learners, only
 * server-credited learning seconds (listen_day, decision 016; the client's claimed seconds never
 * count), per Asia/Shanghai day with empty days as zeros, top courses, what waits — each read
 * served by an index; and who may see it. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, ConsoleErrorCodes } from '@jinfa/shared';
import { useApp, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildUser } from './support/factories.ts';
import { signInOperator, type SignedInOperator } from './support/admin.ts';
import type { OperatorRole } from '../src/modules/admin/guard.ts';
import { dashboardWindow, loadDashboard } from '../src/modules/admin/sections/dashboard.ts';
import { dashboardQueries } from '../src/modules/admin/sections/dashboard-repository.ts';

const HOUR = 3_600_000;
/** 2025-03-10 12:00 in Shanghai: far from the real clock, so the route's own window never sees these rows. */
const NOW = Date.UTC(2025, 2, 10, 4, 0, 0);
/** `h` hours into the Shanghai day that is `daysAgo` days before NOW's. */
const shanghai = (daysAgo: number, h: number) => Date.UTC(2025, 2, 10 - daysAgo, 0, 0, 0) - 8 * HOUR + h * HOUR;

describe.each(dialectsUnderTest())('GET /v1/admin/dashboard (%s)', (dialect) => {
  let t: TestApp;
  const app = useApp(dialect, (built) => (t = built));
  let courseA: { id: number; name: string };
  let courseB: { id: number; name: string };

  async function order(userId: number, courseId: number | null, amount: number, createdAt: number, paidAt: number | null, status: 'pending' | 'paid' | 'closed' | 'refunded') {
    return t.app.db
      .insertInto('orders')
      .values({
        order_no: crypto.randomBytes(8).toString('hex'),
        user_id: userId,
        type: 1,
        kind: courseId === null ? 7 : 1,
        target_id: courseId ?? 1,
        course_id: courseId,
        chapter_id: null,
        column_id: null,
        amount_fen: amount,
        status,
        provider: 'sandbox',
        prepay_id: null,
        transaction_id: paidAt === null ? null : crypto.randomBytes(8).toString('hex'),
        created_at: createdAt,
        paid_at: paidAt,
        expires_at: createdAt + HOUR,
        closed_at: null,
        payer_id: null,
      })
      .returning(['id', 'order_no'])
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    app();
    const db = t.app.db;
    courseA = await buildCourse(db, { name: '热销课A' });
    courseB = await buildCourse(db, { name: '热销课B' });
    // Learners: two joined within the 7 days (one on a day boundary's Shanghai side), one before.
    const alice = await buildUser(db, { created_at: shanghai(0, 0) });
    const bob = await buildUser(db, { created_at: shanghai(2, 23.99) });
    await buildUser(db, { created_at: shanghai(9, 10) });
    // Orders: A twice paid (one later refunded in part), B once paid, one pending, one closed, one
    // membership order (no course), one paid outside the window.
    await order(alice.id, courseA.id, 19900, shanghai(0, 1), shanghai(0, 1.1), 'paid');
    const refunded = await order(bob.id, courseA.id, 29900, shanghai(1, 9), shanghai(1, 9.5), 'refunded');
    await order(bob.id, courseB.id, 9900, shanghai(2, 8), shanghai(2, 8.2), 'paid');
    await order(alice.id, courseB.id, 9900, shanghai(0, 2), null, 'pending');
    await order(alice.id, courseB.id, 9900, shanghai(3, 2), null, 'closed');
    await order(alice.id, null, 36500, shanghai(3, 5), shanghai(3, 5.1), 'paid');
    await order(bob.id, courseB.id, 100000, shanghai(8, 5), shanghai(8, 5.1), 'paid');
    await db
      .insertInto('refunds')
      .values({ refund_no: `R${refunded.order_no}`, order_id: refunded.id, order_no: refunded.order_no, transaction_id: null, amount_fen: 10000, total_fen: 29900, status: 'success', source: 'operator', provider: 'sandbox', provider_refund_id: null, last_error: null, created_at: shanghai(1, 10), updated_at: shanghai(1, 10), finished_at: shanghai(1, 10) })
      .execute();
    await db
      .insertInto('refunds')
      .values({ refund_no: `Rx${refunded.order_no}`, order_id: refunded.id, order_no: refunded.order_no, transaction_id: null, amount_fen: 5000, total_fen: 29900, status: 'processing', source: 'operator', provider: 'sandbox', provider_refund_id: null, last_error: null, created_at: shanghai(1, 11), updated_at: shanghai(1, 11), finished_at: null })
      .execute();
    // Learning: server-credited seconds per Shanghai day; a client's claim alone credits nothing.
    const day = (daysAgo: number) => new Date(Date.UTC(2025, 2, 10 - daysAgo)).toISOString().slice(0, 10);
    await db
      .insertInto('listen_day')
      .values([
        { user_id: alice.id, day: day(0), course_id: courseA.id, chapter_key: 0, seconds: 600 },
        { user_id: bob.id, day: day(0), course_id: courseA.id, chapter_key: 0, seconds: 300 },
        { user_id: bob.id, day: day(4), course_id: courseB.id, chapter_key: 0, seconds: 1200 },
        { user_id: bob.id, day: day(7), course_id: courseB.id, chapter_key: 0, seconds: 9999 },
      ])
      .execute();
    await db
      .insertInto('listen_records')
      .values({ record_id: 'claimed', user_id: alice.id, course_id: courseA.id, chapter_id: null, started_at: shanghai(0, 1), updated_at: shanghai(0, 1), position_seconds: 0, duration_seconds: null, reported_seconds: 172_890, played_seconds: 0, reports: 1 })
      .execute();
    // Waiting: one profile submitted and unreviewed (one reviewed, one never submitted), one refund request, one anomaly.
    await buildUser(db, { audit_status: 0, audit_submitted_at: shanghai(0, 3), created_at: shanghai(40, 1) });
    await buildUser(db, { audit_status: 1, audit_submitted_at: shanghai(0, 3), created_at: shanghai(40, 1) });
    await db.insertInto('refund_requests').values({ order_id: refunded.id, user_id: bob.id, amount_fen: 100, status: 'pending', created_at: shanghai(0, 4) }).execute();
    await db
      .insertInto('pay_anomalies')
      .values({ provider: 'sandbox', order_id: null, order_no: 'X1', transaction_id: 'T1', event_id: 'E1', kind: 'amount', summary: '{}', created_at: shanghai(0, 4) })
      .execute();
  });

  it('equals what the rows hold over 7 Shanghai days, with empty days as zeros', async () => {
    const d = await loadDashboard(t.app.db, 7, NOW);
    expect(d.totals).toEqual({
      salesFen: 19900 + 29900 + 9900 + 36500,
      orders: 6,
      paidOrders: 4,
      newLearners: 2,
      learningSeconds: 600 + 300 + 1200,
      refundsFen: 10000,
    });
    expect(d.series.map((s) => s.day)).toEqual(['2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10']);
    expect(d.series).toEqual([
      { day: '2025-03-04', salesFen: 0, orders: 0, newLearners: 0, learningSeconds: 0 },
      { day: '2025-03-05', salesFen: 0, orders: 0, newLearners: 0, learningSeconds: 0 },
      { day: '2025-03-06', salesFen: 0, orders: 0, newLearners: 0, learningSeconds: 1200 },
      { day: '2025-03-07', salesFen: 36500, orders: 2, newLearners: 0, learningSeconds: 0 },
      { day: '2025-03-08', salesFen: 9900, orders: 1, newLearners: 1, learningSeconds: 0 },
      { day: '2025-03-09', salesFen: 29900, orders: 1, newLearners: 0, learningSeconds: 0 },
      { day: '2025-03-10', salesFen: 19900, orders: 2, newLearners: 1, learningSeconds: 900 },
    ]);
    expect(d.topCourses).toEqual([
      { courseId: courseA.id, title: '热销课A', orders: 2, salesFen: 19900 + 29900 },
      { courseId: courseB.id, title: '热销课B', orders: 1, salesFen: 9900 },
    ]);
    expect(d.waiting).toEqual({ profiles: 1, refunds: 1, anomalies: 1 });
  });

  it('today and 30 days cover their own windows', async () => {
    const today = await loadDashboard(t.app.db, 1, NOW);
    expect(today.series).toHaveLength(1);
    expect(today.totals).toEqual({ salesFen: 19900, orders: 2, paidOrders: 1, newLearners: 1, learningSeconds: 900, refundsFen: 0 });
    const month = await loadDashboard(t.app.db, 30, NOW);
    expect(month.series).toHaveLength(30);
    expect(month.totals).toMatchObject({ salesFen: 19900 + 29900 + 9900 + 36500 + 100000, paidOrders: 5, newLearners: 3, learningSeconds: 600 + 300 + 1200 + 9999 });
    expect(month.topCourses[0]).toMatchObject({ courseId: courseB.id, orders: 2, salesFen: 9900 + 100000 });
  });

  it('the window is whole Shanghai days', () => {
    const w = dashboardWindow(NOW, 7);
    expect(w).toMatchObject({ fromDay: '2025-03-04', toDay: '2025-03-10', from: Date.UTC(2025, 2, 3, 16), to: Date.UTC(2025, 2, 10, 16) });
  });

  it('reads every figure through an index', async () => {
    const w = dashboardWindow(NOW, 30);
    for (const [name, build] of Object.entries(dashboardQueries)) {
      const compiled = (build as (db: TestApp['app']['db'], win: typeof w, limit: number) => { compile: () => { sql: string; parameters: readonly unknown[] } })(t.app.db, w, 10).compile();
      if (dialect === 'sqlite') {
        const res = await t.app.db.executeQuery({ ...compiled, sql: `explain query plan ${compiled.sql}` } as never);
        const plan = (res.rows as { detail: string }[]).map((r) => r.detail).join('\n');
        expect({ name, plan }).toEqual({ name, plan: expect.stringMatching(/USING (COVERING )?INDEX/) });
        expect({ name, plan }).not.toEqual({ name, plan: expect.stringMatching(/SCAN (orders|users|listen_day|refunds)( |$)(?!USING)/m) });
      } else {
        // A tiny table is cheaper to scan: ask the planner what it does when scans are costly.
        await t.app.db.transaction().execute(async (trx) => {
          await trx.executeQuery({ sql: 'set local enable_seqscan = off', parameters: [] } as never);
          const res = await trx.executeQuery({ ...compiled, sql: `explain ${compiled.sql}` } as never);
          const plan = (res.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
          expect({ name, plan }).toEqual({ name, plan: expect.stringMatching(/Index/) });
        });
      }
    }
  });

  describe('roles', () => {
    const who: Partial<Record<OperatorRole, SignedInOperator>> = {};
    beforeAll(async () => {
      for (const role of ['owner', 'operator', 'finance', 'reviewer', 'lecturer', 'corporate_admin'] as const) who[role] = await signInOperator(t, { role, ...(role === 'lecturer' ? { lecturerId: (await t.app.db.selectFrom('lecturers').select('id').executeTakeFirstOrThrow()).id } : {}) });
    });

    it('owner, operator, finance and reviewer see it; lecturer and corporate_admin are refused', async () => {
      for (const role of ['owner', 'operator', 'finance', 'reviewer'] as const) {
        const res = await t.app.inject({ method: 'GET', url: '/v1/admin/dashboard?days=30', headers: who[role]!.headers });
        const body = res.json();
        expect({ role, code: body.code }).toEqual({ role, code: 0 });
        expect(body.data.series).toHaveLength(30);
        expect(body.data.waiting).toEqual({ profiles: 1, refunds: 1, anomalies: 1 });
      }
      for (const role of ['lecturer', 'corporate_admin'] as const) {
        const res = await t.app.inject({ method: 'GET', url: '/v1/admin/dashboard', headers: who[role]!.headers });
        expect({ role, status: res.statusCode, code: res.json().code }).toEqual({ role, status: 403, code: ConsoleErrorCodes.ADMIN_FORBIDDEN });
      }
      expect((await t.app.inject({ method: 'GET', url: '/v1/admin/dashboard' })).json().code).toBe(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
    });

    it('answers a window other than 1, 7 or 30 days with a coded error', async () => {
      for (const days of ['0', '2', '31', 'NaN', '1e400', '-7']) {
        const res = await t.app.inject({ method: 'GET', url: `/v1/admin/dashboard?days=${days}`, headers: who.operator!.headers });
        expect({ days, code: res.json().code, server: res.statusCode >= 500 }).toEqual({ days, code: ErrorCodes.VALIDATION, server: false });
      }
    });
  });
});
