/**
 * Activity orders in the exactly-once invariant (decision 014). A group order (type 3) is paid
 * without an entitlement until its group forms: the order helpers skip those, and
 * `expectActivityInvariant` checks the group side instead.
 */
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { buildCourse } from './support/factories.ts';

/** Group orders whose group has not formed (forming or failed): paid without entitlement, by design. */
export async function groupOrdersNotFormed(db: Kysely<DB>): Promise<Set<number>> {
  const rows = await db
    .selectFrom('group_buy_members as m')
    .innerJoin('group_buy_groups as g', 'g.id', 'm.group_id')
    .select('m.order_id')
    .where('g.status', '!=', 'formed')
    .execute();
  return new Set(rows.map((r) => r.order_id));
}

/**
 * Groups: never more slots held or paid than the size; formed ⇔ paid count reached the size, and
 * then every paid member owns the course through their own order; a failed group keeps no member
 * waiting as paid. Cash-back: one reward per paid or refunded cash-back order with a referral,
 * never to the buyer. Invitations: success ⇔ the invite order is paid.
 */
export async function expectActivityInvariant(db: Kysely<DB>): Promise<void> {
  const groups = await db.selectFrom('group_buy_groups').selectAll().execute();
  const members = await db.selectFrom('group_buy_members as m').innerJoin('orders as o', 'o.id', 'm.order_id').select(['m.group_id', 'm.user_id', 'm.order_id', 'm.status', 'o.status as order_status', 'o.type']).execute();
  const grants = await db.selectFrom('user_courses').select(['user_id', 'course_id', 'order_id']).execute();
  for (const g of groups) {
    const mine = members.filter((m) => m.group_id === g.id);
    expect(g.reserved_count, `group ${g.id} holds at most its size`).toBeLessThanOrEqual(g.group_size);
    expect(g.paid_count, `group ${g.id} paid at most its size`).toBeLessThanOrEqual(g.group_size);
    if (g.status === 'forming') expect(mine.filter((m) => m.status === 'reserved' || m.status === 'paid')).toHaveLength(g.reserved_count);
    expect(mine.filter((m) => m.status === 'paid' || (g.status === 'formed' && m.status === 'refunded'))).toHaveLength(g.status === 'formed' ? g.paid_count : mine.filter((m) => m.status === 'paid').length);
    if (g.status === 'formed') expect(g.paid_count, `formed group ${g.id} is full`).toBe(g.group_size);
    if (g.status === 'failed') expect(mine.filter((m) => m.status === 'paid'), `failed group ${g.id} owes every paid member`).toHaveLength(0);
    for (const m of mine) {
      expect(m.type).toBe(3);
      const granted = grants.some((r) => r.order_id === m.order_id);
      expect(granted, `member order ${m.order_id} (${g.status}, ${m.status}, ${m.order_status}) owns the course iff formed and paid`).toBe(g.status === 'formed' && m.order_status === 'paid');
      if (m.status === 'paid') expect(m.order_status, `paid member ${m.order_id}`).toBe('paid');
    }
  }
  const rewards = await db.selectFrom('cashback_rewards as r').innerJoin('orders as o', 'o.id', 'r.buyer_order_id').select(['r.sharer_user_id', 'r.buyer_user_id', 'r.status', 'o.type', 'o.status as order_status', 'o.user_id']).execute();
  for (const r of rewards) {
    expect(r.sharer_user_id, 'no reward for a self-referral').not.toBe(r.buyer_user_id);
    expect(r.type).toBe(4);
    expect(['paid', 'refunded']).toContain(r.order_status);
    if (r.order_status === 'refunded') expect(['cancelled', 'paying', 'paid_out', 'failed']).toContain(r.status);
  }
  const invitations = await db.selectFrom('invitations as i').innerJoin('orders as o', 'o.id', 'i.order_id').select(['i.status', 'o.status as order_status', 'i.order_id']).execute();
  for (const i of invitations) expect(i.status === 1, `invitation of order ${i.order_id} succeeded iff paid`).toBe(i.order_status === 'paid');
}

const HOUR = 3_600_000;

/** A published group-buy activity (size 3 unless told) on a new paid course, open for a month. */
export async function buildGroupActivity(db: Kysely<DB>, opts: { size?: number; formWithinMs?: number; courseId?: number } = {}) {
  const courseId = opts.courseId ?? (await buildCourse(db, { price: 19900, vip_price: 14900, activity_type: 3 })).id;
  const now = Date.now();
  return db
    .insertInto('group_buy_activities')
    .values({
      course_id: courseId,
      title: '三人拼团',
      group_size: opts.size ?? 3,
      group_price_fen: 9900,
      form_within_ms: opts.formWithinMs ?? 24 * HOUR,
      starts_at: now - HOUR,
      ends_at: now + 30 * 24 * HOUR,
      status: 1,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
