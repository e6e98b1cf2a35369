/**
 * The dashboard's reads (issue 13). Each is one index range (migrations 027, 028): orders placed
 * by `created_at`, orders paid by `(paid_at, course_id, amount_fen)`, learners by `created_at`,
 * credited learning time by `listen_day (day, seconds)` — the seconds the server credited
 * (decision 016), never the client's claims — and succeeded refunds by
 * `(status, finished_at, amount_fen)`. Days are Asia/Shanghai (UTC+8, no daylight saving): a
 * timestamp's day number is floor((ms + 8 h) / 24 h), the same in both dialects' integer division.
 */
import { sql } from 'kysely';
import type { Conn } from '../../../db/conn.ts';

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** `expr` (epoch ms) as its Asia/Shanghai day number. */
const dayOf = (column: string) => sql<number>`(${sql.ref(column)} + ${sql.lit(SHANGHAI_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

export interface Window {
  /** First ms of the first day (inclusive). */
  from: number;
  /** First ms after the last day (exclusive). */
  to: number;
  /** The same window as 'YYYY-MM-DD' Shanghai days, inclusive. */
  fromDay: string;
  toDay: string;
}

const n = (v: unknown) => Number(v ?? 0);

/** Each dashboard statement once, so the plan tests read the very queries the dashboard runs. */
export const dashboardQueries = {
  paidTotals: (db: Conn, w: Window) =>
    db
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll<number>().as('orders'), eb.fn.sum<number>('amount_fen').as('fen')])
      .where('paid_at', '>=', w.from)
      .where('paid_at', '<', w.to),
  paidByDay: (db: Conn, w: Window) =>
    db
      .selectFrom('orders')
      .select((eb) => [dayOf('paid_at').as('day'), eb.fn.sum<number>('amount_fen').as('fen')])
      .where('paid_at', '>=', w.from)
      .where('paid_at', '<', w.to)
      .groupBy(dayOf('paid_at')),
  ordersByDay: (db: Conn, w: Window) =>
    db
      .selectFrom('orders')
      .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', w.from)
      .where('created_at', '<', w.to)
      .groupBy(dayOf('created_at')),
  newLearnersByDay: (db: Conn, w: Window) =>
    db
      .selectFrom('users')
      .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', w.from)
      .where('created_at', '<', w.to)
      .groupBy(dayOf('created_at')),
  learningByDay: (db: Conn, w: Window) =>
    db
      .selectFrom('listen_day')
      .select((eb) => ['day', eb.fn.sum<number>('seconds').as('seconds')])
      .where('day', '>=', w.fromDay)
      .where('day', '<=', w.toDay)
      .groupBy('day'),
  refunded: (db: Conn, w: Window) =>
    db
      .selectFrom('refunds')
      .select((eb) => eb.fn.sum<number>('amount_fen').as('fen'))
      .where('status', '=', 'success')
      .where('finished_at', '>=', w.from)
      .where('finished_at', '<', w.to),
  topCourses: (db: Conn, w: Window, limit: number) =>
    db
      .selectFrom('orders')
      .innerJoin('courses', 'courses.id', 'orders.course_id')
      .select((eb) => ['orders.course_id', 'courses.name', eb.fn.countAll<number>().as('orders'), eb.fn.sum<number>('orders.amount_fen').as('fen')])
      .where('orders.paid_at', '>=', w.from)
      .where('orders.paid_at', '<', w.to)
      .groupBy(['orders.course_id', 'courses.name'])
      .orderBy('orders', 'desc')
      .orderBy('fen', 'desc')
      .orderBy('orders.course_id')
      .limit(limit),
  waitingProfiles: (db: Conn) =>
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('audit_status', '=', 0).where('audit_submitted_at', 'is not', null),
  waitingRefunds: (db: Conn) => db.selectFrom('refund_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending'),
  // Anomalies have no resolution state: every recorded one is open until someone deals with it.
  anomalies: (db: Conn) => db.selectFrom('pay_anomalies').select((eb) => eb.fn.countAll<number>().as('n')),
};

export async function paidTotals(db: Conn, w: Window) {
  const row = await dashboardQueries.paidTotals(db, w).executeTakeFirst();
  return { paidOrders: n(row?.orders), salesFen: n(row?.fen) };
}

export async function paidByDay(db: Conn, w: Window) {
  return (await dashboardQueries.paidByDay(db, w).execute()).map((r) => ({ day: n(r.day), fen: n(r.fen) }));
}

export async function ordersByDay(db: Conn, w: Window) {
  return (await dashboardQueries.ordersByDay(db, w).execute()).map((r) => ({ day: n(r.day), n: n(r.n) }));
}

export async function newLearnersByDay(db: Conn, w: Window) {
  return (await dashboardQueries.newLearnersByDay(db, w).execute()).map((r) => ({ day: n(r.day), n: n(r.n) }));
}

export async function learningByDay(db: Conn, w: Window) {
  return (await dashboardQueries.learningByDay(db, w).execute()).map((r) => ({ day: r.day, seconds: n(r.seconds) }));
}

export async function refundedFen(db: Conn, w: Window): Promise<number> {
  return n((await dashboardQueries.refunded(db, w).executeTakeFirst())?.fen);
}

/** Courses by paid orders in the window (orders of a course or its chapters), most first. */
export async function topCourses(db: Conn, w: Window, limit: number) {
  const rows = await dashboardQueries.topCourses(db, w, limit).execute();
  return rows.map((r) => ({ courseId: n(r.course_id), title: r.name, orders: n(r.orders), salesFen: n(r.fen) }));
}

/** What waits for someone: profiles submitted and not yet reviewed, refund requests, pay anomalies. */
export async function waitingCounts(db: Conn) {
  const [profiles, refunds, anomalies] = await Promise.all([
    dashboardQueries.waitingProfiles(db).executeTakeFirst(),
    dashboardQueries.waitingRefunds(db).executeTakeFirst(),
    dashboardQueries.anomalies(db).executeTakeFirst(),
  ]);
  return { profiles: n(profiles?.n), refunds: n(refunds?.n), anomalies: n(anomalies?.n) };
}

export { DAY_MS, SHANGHAI_OFFSET_MS };
