/** Shared checks of the order suites: the exactly-once invariant and the sandbox cashier's steps. */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { build, useApp, type BuildOptions, type TestApp } from './support/build.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import type { Dialect } from '../src/db/database.ts';
import type { Adapters } from '../src/adapters/index.ts';
import type { Config } from '../src/config.ts';
import { SandboxPaymentProvider } from '../src/adapters/pay/sandbox-pay.ts';
import { WechatPayClient } from '../src/adapters/pay/wechat-pay.ts';
import { startWechatPayFake, type FakeWechatPayServer } from './fakes/wechatpay-fake-server.ts';
import { expectOrderKindInvariant } from './orders-kinds-helpers.ts';
import { groupOrdersNotFormed } from './activities-helpers.ts';

/**
 * paid ⇔ exactly one entitlement: every paid whole-course order (kind 1; chapter orders grant chapters) has its user_courses row, every
 * source='order' row has exactly one paid order behind it, and no order is paid twice.
 */
export async function expectEntitlementInvariant(db: Kysely<DB>): Promise<void> {
  // A group order (decision 014) is paid without entitlement until its group forms.
  const notFormed = await groupOrdersNotFormed(db);
  const paid = (await db.selectFrom('orders').select(['id', 'user_id', 'course_id', 'transaction_id', 'paid_at']).where('status', '=', 'paid').where('kind', '=', 1).execute()).filter((o) => !notFormed.has(o.id));
  const grants = await db.selectFrom('user_courses').select(['user_id', 'course_id', 'source', 'order_id']).execute();
  const granted = new Set(grants.map((g) => `${g.user_id}/${g.course_id}`));
  const paidKeys = paid.map((o) => `${o.user_id}/${o.course_id}`);
  for (const o of paid) {
    expect(o.transaction_id, `paid order ${o.id} has its transaction`).not.toBeNull();
    expect(o.paid_at).not.toBeNull();
    expect(granted.has(`${o.user_id}/${o.course_id}`), `paid order ${o.id} grants its course`).toBe(true);
  }
  expect(new Set(paidKeys).size, 'no course is paid twice by one user').toBe(paidKeys.length);
  // Grants of the other kinds (a column's courses, …) are checked by their order id in expectOrderKindInvariant.
  const kindOneOrders = new Set((await db.selectFrom('orders').select('id').where('kind', '=', 1).execute()).map((o) => o.id));
  for (const g of grants.filter((r) => r.source === 'order' && (r.order_id === null || kindOneOrders.has(r.order_id)))) {
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
  await expectMembershipInvariant(db);
  await expectOrderKindInvariant(db);
}

/** Membership orders (kind 7, decision 012): paid ⇔ one unrevoked grant; refunded ⇔ its grant revoked; no grant without its order. */
export async function expectMembershipInvariant(db: Kysely<DB>): Promise<void> {
  const orders = await db.selectFrom('orders').select(['id', 'status']).where('kind', '=', 7).where('status', 'in', ['paid', 'refunded']).execute();
  const grants = new Map((await db.selectFrom('membership_grants').select(['order_id', 'revoked_at']).execute()).map((g) => [g.order_id, g]));
  for (const o of orders) {
    expect(grants.get(o.id), `membership order ${o.id} has its grant`).toBeDefined();
    expect(grants.get(o.id)?.revoked_at === null, `membership order ${o.id} (${o.status}) grant revoked iff refunded`).toBe(o.status === 'paid');
  }
  expect(grants.size, 'every grant has its paid or refunded order').toBe(orders.length);
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

/** Delivers a WeChat Pay v3 callback the way WeChat posts it. */
export function notifyWechat(t: TestApp, signed: { headers: Record<string, string>; body: string }) {
  return t.app.inject({ method: 'POST', url: '/v1/pay/notify/wechatpay', headers: signed.headers, payload: signed.body });
}

/** The sandbox cashier's successful payment of an order (a fresh notification id and transaction), to sign and post. */
export function sandboxPaymentOf(order: { order_no: string; amount_fen: number }, overrides: Record<string, unknown> = {}) {
  return {
    id: crypto.randomUUID(),
    orderNo: order.order_no,
    transactionId: `tx${crypto.randomBytes(8).toString('hex')}`,
    tradeState: 'SUCCESS',
    amountFen: order.amount_fen,
    paidAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Asks for pay parameters (the pay sheet), then pays at the sandbox cashier; answers the order's status. */
export async function sandboxPay(t: TestApp, orderId: number, headers: Record<string, string>): Promise<string> {
  expect((await post(t, `/v1/orders/${orderId}/order_web_wxpay`, headers)).json().code).toBe(0);
  const res = await post(t, `/v1/orders/${orderId}/sandbox_pay`, headers);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data.status as string;
}

/** The answer's `code`, for checks that care about nothing else. */
export const codeOf = async (p: Promise<{ json: () => { code: number } }>) => (await p).json().code;

/* The set-up every order suite repeated (reliability, upkeep, extra, refunds). */

/** The order suites' app: rate limits off, since bursts of concurrent calls are what they test. */
export function buildOrdersApp(dialect: Dialect, opts: OrdersAppOptions = {}): Promise<TestApp> {
  return build(dialect, ordersAppOptions(opts));
}

type OrdersAppOptions = { adapters?: Partial<Adapters>; config?: Partial<Config> };

function ordersAppOptions(opts: OrdersAppOptions = {}): BuildOptions {
  return { adapters: opts.adapters, config: { rateLimit: { ipPerMinute: 0, userPerMinute: 0 }, ...opts.config } };
}

export const orderRowOf = (t: TestApp, id: number) => t.app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const grantsOf = (t: TestApp, userId: number) => t.app.db.selectFrom('user_courses').selectAll().where('user_id', '=', userId).execute();
export const notificationsOf = (t: TestApp, orderNo: string) => t.app.db.selectFrom('pay_notifications').selectAll().where('order_no', '=', orderNo).orderBy('id').execute();

/** The suite's questions and steps bound to its app, which exists only once `beforeAll` has run. */
export function orderSuiteOf(app: () => TestApp) {
  return {
    db: () => app().app.db,
    get: (url: string, headers?: Record<string, string>) => app().app.inject({ method: 'GET', url, headers }),
    orderRow: (id: number) => orderRowOf(app(), id),
    grantsOf: (userId: number) => grantsOf(app(), userId),
    notificationsOf: (orderNo: string) => notificationsOf(app(), orderNo),
    pendingOrder: () => pendingOrderOf(app()),
    prepaidOrder: () => prepaidOrderOf(app()),
    paidOrder: () => paidOrderOf(app()),
  };
}

/**
 * An order suite's app in its hooks: built before all (handed to `onReady`), closed after all.
 * `invariant` checks the exactly-once invariant after each test, or once after all before closing.
 */
export function useOrdersApp(dialect: Dialect, onReady: (t: TestApp) => void, opts: { invariant?: 'afterEach' | 'afterAll' } = {}) {
  const checkAfterAll = opts.invariant === 'afterAll' ? (t: TestApp) => expectEntitlementInvariant(t.app.db) : undefined;
  const app = useApp(dialect, onReady, { ...ordersAppOptions(), beforeClose: checkAfterAll });
  if (opts.invariant === 'afterEach') afterEach(() => expectEntitlementInvariant(app().app.db));
  return orderSuiteOf(app);
}

/** A pending order of a fresh user for a fresh course. */
export async function pendingOrderOf(t: TestApp, price = 19900) {
  const { user, headers } = await signedInUser(t);
  const course = await buildCourse(t.app.db, { price });
  const orderId = await orderCourse(t, course.id, headers);
  return { user, headers, course, order: await orderRowOf(t, orderId) };
}

/** A pending order with pay parameters asked for (the learner is on the pay sheet). */
export async function prepaidOrderOf(t: TestApp, price = 19900) {
  const s = await pendingOrderOf(t, price);
  expect((await post(t, `/v1/orders/${s.order.id}/order_web_wxpay`, s.headers)).json().code).toBe(0);
  return { ...s, order: await orderRowOf(t, s.order.id) };
}

/** Paid at the sandbox and notified: a paid order that owns its course. */
export async function paidOrderOf(t: TestApp, price = 19900) {
  const s = await prepaidOrderOf(t, price);
  expect((await post(t, `/v1/orders/${s.order.id}/sandbox_pay`, s.headers)).json().data.status).toBe('paid');
  return { ...s, order: await orderRowOf(t, s.order.id) };
}

/* The real WeChat Pay v3 client against the local fake (the upkeep and refund suites). */

/** Where the client tells WeChat to send notifications (nothing listens: tests deliver them by inject). */
export const WECHAT_NOTIFY_URL = 'http://127.0.0.1:9/v1/pay/notify/wechatpay';

export interface WechatPayRig {
  t: TestApp;
  fake: FakeWechatPayServer;
  client: WechatPayClient;
}

/**
 * The suite's rig in its hooks: the orders app paying through a real WechatPayClient whose merchant
 * key a fresh fake knows, started before all (handed to `onReady`), the exactly-once invariant
 * checked after each test, both stopped after all.
 */
export function useWechatPayRig(dialect: Dialect, onReady: (rig: WechatPayRig) => void): void {
  let rig: (WechatPayRig & { close: () => Promise<void> }) | undefined;
  beforeAll(async () => {
    rig = await startWechatPayRig(dialect);
    onReady(rig);
  });
  afterEach(() => expectEntitlementInvariant(rig!.t.app.db));
  afterAll(() => rig?.close());
}

async function startWechatPayRig(dialect: Dialect): Promise<WechatPayRig & { close: () => Promise<void> }> {
  const ids = { appId: 'wx1111111111mp0001', mchId: '1900000109', serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', apiV3Key: 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb' };
  const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fake = await startWechatPayFake({ ...ids, publicKey: merchant.publicKey });
  const client = new WechatPayClient({
    ...ids,
    privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    platformPublicKey: fake.platformPublicKeyPem,
    platformSerial: fake.platformSerial,
    notifyUrl: WECHAT_NOTIFY_URL,
    apiBase: fake.baseUrl,
    timeoutMs: 2000,
  });
  const t = await buildOrdersApp(dialect, { adapters: { pay: client } });
  return {
    t,
    fake,
    client,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** A fresh user's pending order for a fresh course, prepaid (jsapi) at the fake as the pay sheet would. */
export async function wechatPrepaidOrderOf({ t, client }: Pick<WechatPayRig, 't' | 'client'>, price = 29900) {
  const { user, headers } = await signedInUser(t);
  const course = await buildCourse(t.app.db, { price });
  const orderId = await orderCourse(t, course.id, headers);
  const order = await orderRowOf(t, orderId);
  const pre = await client.prepay({ orderNo: order.order_no, description: order.description, amountFen: order.amount_fen, scene: 'jsapi', openid: `o-${user.id}`, expiresAt: new Date(order.expires_at) });
  await t.app.db.updateTable('orders').set({ prepay_id: pre.prepayId }).where('id', '=', orderId).execute();
  return { user, headers, order: await orderRowOf(t, orderId) };
}
