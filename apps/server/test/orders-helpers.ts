/** Shared checks of the order suites: the exactly-once invariant and the sandbox cashier's steps. */
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import type { TestApp } from './support/build.ts';
import { SandboxPaymentProvider } from '../src/adapters/pay/sandbox-pay.ts';

/**
 * paid ⇔ exactly one entitlement: every paid whole-course order (kind 1; chapter orders grant chapters) has its user_courses row, every
 * source='order' row has exactly one paid order behind it, and no order is paid twice.
 */
export async function expectEntitlementInvariant(db: Kysely<DB>): Promise<void> {
  const paid = await db.selectFrom('orders').select(['id', 'user_id', 'course_id', 'transaction_id', 'paid_at']).where('status', '=', 'paid').where('kind', '=', 1).execute();
  const grants = await db.selectFrom('user_courses').select(['user_id', 'course_id', 'source']).execute();
  const granted = new Set(grants.map((g) => `${g.user_id}/${g.course_id}`));
  const paidKeys = paid.map((o) => `${o.user_id}/${o.course_id}`);
  for (const o of paid) {
    expect(o.transaction_id, `paid order ${o.id} has its transaction`).not.toBeNull();
    expect(o.paid_at).not.toBeNull();
    expect(granted.has(`${o.user_id}/${o.course_id}`), `paid order ${o.id} grants its course`).toBe(true);
  }
  expect(new Set(paidKeys).size, 'no course is paid twice by one user').toBe(paidKeys.length);
  for (const g of grants.filter((r) => r.source === 'order')) {
    expect(paidKeys.filter((k) => k === `${g.user_id}/${g.course_id}`), `order grant ${g.user_id}/${g.course_id}`).toHaveLength(1);
  }
  // refunded ⇔ no order grant left (unless a later paid order of the same course stands behind it).
  const refunded = await db.selectFrom('orders').select(['id', 'user_id', 'course_id']).where('status', '=', 'refunded').where('kind', '=', 1).execute();
  const orderGrants = new Set(grants.filter((g) => g.source === 'order').map((g) => `${g.user_id}/${g.course_id}`));
  for (const o of refunded) {
    const key = `${o.user_id}/${o.course_id}`;
    if (!paidKeys.includes(key)) expect(orderGrants.has(key), `refunded order ${o.id} keeps no grant`).toBe(false);
  }
  const pairs = grants.map((g) => `${g.user_id}/${g.course_id}`);
  expect(new Set(pairs).size, 'one user_courses row per user and course').toBe(pairs.length);
}

export function sandboxOf(t: TestApp): SandboxPaymentProvider {
  const pay = t.app.adapters.pay;
  if (!(pay instanceof SandboxPaymentProvider)) throw new Error('tests expect the sandbox provider');
  return pay;
}

export function post(t: TestApp, url: string, headers?: Record<string, string>) {
  return t.app.inject({ method: 'POST', url, headers, payload: {} });
}

/** Creates the caller's order for a course and answers its id. */
export async function orderCourse(t: TestApp, courseId: number, headers: Record<string, string>): Promise<number> {
  const res = await post(t, `/v1/orders/${courseId}`, headers);
  expect(res.json().code).toBe(0);
  return res.json().data.order.orderId as number;
}

export function notify(t: TestApp, signed: { headers: Record<string, string>; body: string }) {
  return t.app.inject({ method: 'POST', url: '/v1/pay/notify/sandbox', headers: signed.headers, payload: signed.body });
}
