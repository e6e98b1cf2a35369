/**
 * GET /v1/admin/dashboard?days=1|7|30 (owner, operator, finance, reviewer): sales, orders, new
 * learners and server-credited learning time over today / the last 7 / 30 Asia/Shanghai days, per
 * day (days without activity answer zeros), the best-selling courses and what waits for someone.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminDashboard, AdminDashboardQuery, Envelope, type AdminDashboard as Dashboard } from '@jinfa/shared';
import type { Conn } from '../../../db/conn.ts';
import { ok } from '../../../lib/envelope.ts';
import { requireRoles } from '../guard.ts';
import {
  DAY_MS,
  SHANGHAI_OFFSET_MS,
  learningByDay,
  newLearnersByDay,
  ordersByDay,
  paidByDay,
  paidTotals,
  refundedFen,
  topCourses,
  waitingCounts,
  type Window,
} from './dashboard-repository.ts';

const TOP_COURSES = 10;

/** Day number (days since 1970-01-01 in Shanghai) as 'YYYY-MM-DD'. */
export function shanghaiDayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The window of `days` Shanghai days ending with the day of `now`, and its day numbers. */
export function dashboardWindow(now: number, days: number): Window & { firstDay: number; lastDay: number } {
  const lastDay = Math.floor((now + SHANGHAI_OFFSET_MS) / DAY_MS);
  const firstDay = lastDay - (days - 1);
  return {
    firstDay,
    lastDay,
    from: firstDay * DAY_MS - SHANGHAI_OFFSET_MS,
    to: (lastDay + 1) * DAY_MS - SHANGHAI_OFFSET_MS,
    fromDay: shanghaiDayString(firstDay),
    toDay: shanghaiDayString(lastDay),
  };
}

export async function loadDashboard(db: Conn, days: number, now = Date.now()): Promise<Dashboard> {
  const w = dashboardWindow(now, days);
  const [paid, sales, placed, joined, learned, refundsFen, top, waiting] = await Promise.all([
    paidTotals(db, w),
    paidByDay(db, w),
    ordersByDay(db, w),
    newLearnersByDay(db, w),
    learningByDay(db, w),
    refundedFen(db, w),
    topCourses(db, w, TOP_COURSES),
    waitingCounts(db),
  ]);
  const salesOf = new Map(sales.map((r) => [r.day, r.fen]));
  const ordersOf = new Map(placed.map((r) => [r.day, r.n]));
  const joinedOf = new Map(joined.map((r) => [r.day, r.n]));
  const learnedOf = new Map(learned.map((r) => [r.day, r.seconds]));
  const series: Dashboard['series'] = [];
  for (let d = w.firstDay; d <= w.lastDay; d++) {
    const day = shanghaiDayString(d);
    series.push({ day, salesFen: salesOf.get(d) ?? 0, orders: ordersOf.get(d) ?? 0, newLearners: joinedOf.get(d) ?? 0, learningSeconds: learnedOf.get(day) ?? 0 });
  }
  const sum = (pick: (r: Dashboard['series'][number]) => number) => series.reduce((acc, r) => acc + pick(r), 0);
  return {
    totals: {
      salesFen: paid.salesFen,
      orders: sum((r) => r.orders),
      paidOrders: paid.paidOrders,
      newLearners: sum((r) => r.newLearners),
      learningSeconds: sum((r) => r.learningSeconds),
      refundsFen,
    },
    series,
    topCourses: top,
    waiting,
  };
}

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/admin/dashboard',
    {
      preHandler: requireRoles('operator', 'finance', 'reviewer'),
      schema: { tags: ['admin'], querystring: AdminDashboardQuery, response: { 200: Envelope(AdminDashboard) } },
    },
    async (request) => ok(await loadDashboard(app.db, request.query.days ?? 7)),
  );
}
