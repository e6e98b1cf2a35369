/**
 * The exactly-once invariant for grants that carry an order id (decision 013): every such row has
 * its order, of its user, PAID, and matching the order's kind and target; every paid chapter,
 * live and single-course order has its grant; a refunded order keeps no row; nothing is paid twice.
 */
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { groupOrdersNotFormed } from './activities-helpers.ts';

const COURSE_KINDS = new Set([1, 4, 5]);

export async function expectOrderKindInvariant(db: Kysely<DB>): Promise<void> {
  const orders = new Map(
    (await db.selectFrom('orders').select(['id', 'order_no', 'user_id', 'kind', 'target_id', 'course_id', 'chapter_id', 'status']).where('kind', 'in', [1, 2, 3, 4, 5, 6]).execute()).map(
      (o) => [o.id, o],
    ),
  );
  const columnCourses = await db.selectFrom('column_courses').select(['column_id', 'course_id']).execute();
  const inColumn = new Set(columnCourses.map((c) => `${c.column_id}/${c.course_id}`));
  const courseRows = await db.selectFrom('user_courses').select(['user_id', 'course_id', 'order_id']).where('order_id', 'is not', null).where('source', '=', 'order').execute();
  const chapterRows = await db.selectFrom('user_chapters').select(['user_id', 'chapter_id', 'course_id', 'order_id']).execute();
  const liveRows = await db.selectFrom('user_lives').select(['user_id', 'live_id', 'order_id']).execute();

  for (const r of courseRows) {
    const o = orders.get(r.order_id as number);
    expect(o, `course grant ${r.user_id}/${r.course_id} has its order`).toBeDefined();
    if (!o) continue;
    expect([o.status, o.user_id], `course grant ${r.user_id}/${r.course_id} stands on a paid order of its user`).toEqual(['paid', r.user_id]);
    if (o.kind === 3) expect(inColumn.has(`${o.target_id}/${r.course_id}`), `column order ${o.id} grants only its courses`).toBe(true);
    else expect(o.course_id, `order ${o.id} grants its course`).toBe(r.course_id);
  }
  for (const r of chapterRows) {
    const o = r.order_id === null ? undefined : orders.get(r.order_id);
    expect(o && [o.status, o.user_id, o.kind, o.chapter_id], `chapter grant ${r.user_id}/${r.chapter_id}`).toEqual(['paid', r.user_id, 2, r.chapter_id]);
  }
  for (const r of liveRows) {
    const o = r.order_id === null ? undefined : orders.get(r.order_id);
    if (r.order_id === null) continue; // granted otherwise (free sign-up), not by an order
    expect(o && [o.status, o.user_id, o.kind, o.target_id], `live grant ${r.user_id}/${r.live_id}`).toEqual(['paid', r.user_id, 6, r.live_id]);
  }

  const ownedCourse = new Set((await db.selectFrom('user_courses').select(['user_id', 'course_id']).execute()).map((r) => `${r.user_id}/${r.course_id}`));
  const ownedChapter = new Set(chapterRows.map((r) => `${r.user_id}/${r.chapter_id}`));
  const ownedLive = new Set(liveRows.map((r) => `${r.user_id}/${r.live_id}`));
  const byOrder = (rows: readonly { order_id: number | null }[]) => new Set(rows.map((r) => r.order_id));
  const [courseGrantOrders, chapterGrantOrders, liveGrantOrders] = [byOrder(courseRows), byOrder(chapterRows), byOrder(liveRows)];
  // Orders fulfilled through the one path (a believed notification); suites may also write paid rows directly.
  const fulfilled = new Set((await db.selectFrom('pay_notifications').select('order_no').where('outcome', '=', 'fulfilled').execute()).map((n) => n.order_no));
  // A group order (decision 014) grants only once its group forms.
  const notFormed = await groupOrdersNotFormed(db);
  const paidTargets: string[] = [];
  for (const o of orders.values()) {
    if (o.status === 'paid') {
      paidTargets.push(`${o.user_id}/${o.kind}/${o.target_id}`);
      if (!fulfilled.has(o.order_no) || notFormed.has(o.id)) continue;
      if (COURSE_KINDS.has(o.kind)) expect(ownedCourse.has(`${o.user_id}/${o.course_id}`), `paid order ${o.id} grants its course`).toBe(true);
      if (o.kind === 2) expect(ownedChapter.has(`${o.user_id}/${o.chapter_id}`), `paid chapter order ${o.id} grants its chapter`).toBe(true);
      if (o.kind === 6) expect(ownedLive.has(`${o.user_id}/${o.target_id}`), `paid live order ${o.id} grants its live`).toBe(true);
    }
    if (o.status === 'refunded' || o.status === 'closed' || o.status === 'pending') {
      for (const set of [courseGrantOrders, chapterGrantOrders, liveGrantOrders]) {
        expect(set.has(o.id), `${o.status} order ${o.id} keeps no grant`).toBe(false);
      }
    }
  }
  expect(new Set(paidTargets).size, 'nothing is paid twice by one user').toBe(paidTargets.length);
}
