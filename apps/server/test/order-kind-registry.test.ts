/**
 * The order-kind registry (decision 025). A kind defined in this file alone — one object and one
 * `registerOrderKind` line, as src/order-kinds.ts does for the shipped ones — is sold, paid,
 * reconciled and refunded through the public paths every real kind uses: its checkout route made
 * from the registry, the sandbox cashier's signed notification, the reconciliation sweep and the
 * operator's refund. And every shipped kind is registered exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, OrderType, SignupKind } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import { buildOrdersApp, expectEntitlementInvariant, notify, orderRowOf, post, sandboxOf } from './orders-helpers.ts';
import { DEFAULT_OPS_TOKEN } from '../src/config.ts';
import { AppError, NotFoundError } from '../src/lib/errors.ts';
import { orderKinds, registerOrderKind, UnknownOrderKindError, type OrderKind } from '../src/modules/orders/kinds/registry.ts';
import { deleteOrderCourseGrants, grantCourseOfOrder } from '../src/modules/access/grant-writes.ts';
import { RECONCILE_AFTER_MS, reconcilePendingOrders } from '../src/modules/orders/reconcile-service.ts';
import { courseOrderKind } from '../src/modules/orders/kinds/course.ts';

/** A sign-up kind number no shipped kind uses. */
const EXAM = 90;
const EXAM_PRICE = 2990;

/** A mock exam of a course: bought on its own, it opens the course it examines. */
const examOrderKind: OrderKind = {
  name: 'exam',
  signupKinds: [EXAM],
  checkoutPath: '/orders/exam/:id',
  async draft(db, _user, courseId) {
    const course = await db.selectFrom('courses').select(['id', 'name', 'status']).where('id', '=', courseId).executeTakeFirst();
    if (!course) throw new NotFoundError('考试不存在');
    if (course.status !== 1) throw new AppError(ErrorCodes.COURSE_OFF_SHELF, '考试未开放');
    return { type: OrderType.NORMAL, kind: EXAM, targetId: course.id, courseId: course.id, chapterId: null, columnId: null, amountFen: EXAM_PRICE, description: `模拟考试·${course.name}` };
  },
  fulfil: grantCourseOfOrder,
  refund: (trx, order) => deleteOrderCourseGrants(trx, order, false),
};
registerOrderKind(examOrderKind);

const OPS = { 'x-ops-token': DEFAULT_OPS_TOKEN };
const SHIPPED = ['course', 'chapter', 'column', 'live', 'membership', 'invite', 'group', 'cash-back'];

describe('the order-kind registry', () => {
  it('holds every shipped kind exactly once, and the one this test added', () => {
    const names = orderKinds.all().map((k) => k.name);
    expect(names).toEqual([...SHIPPED, 'exam']);
    expect(() => registerOrderKind(courseOrderKind)).toThrow(/already course's/);
    expect(() => registerOrderKind({ ...examOrderKind, name: 'exam-2' })).toThrow(/sign-up kind 90 is already exam's/);
  });

  it('resolves every order by its type first, then its sign-up kind, and throws for one no kind claims', () => {
    const nameOf = (kind: number, type: number) => orderKinds.resolve({ id: 1, kind, type }).name;
    expect([1, 2, 3, 5, 6, 7].map((k) => nameOf(k, k === 6 ? OrderType.LIVE : OrderType.NORMAL))).toEqual(['course', 'chapter', 'column', 'course', 'live', 'membership']);
    expect([OrderType.INVITE, OrderType.GROUP, OrderType.CASHBACK].map((t) => nameOf(SignupKind.COURSE, t))).toEqual(['invite', 'group', 'cash-back']);
    expect(nameOf(SignupKind.REBATE, OrderType.CASHBACK)).toBe('cash-back');
    expect(nameOf(EXAM, OrderType.NORMAL)).toBe('exam');
    expect(() => orderKinds.resolve({ id: 7, kind: 98, type: OrderType.NORMAL })).toThrow(UnknownOrderKindError);
    expect(orderKinds.forQuote('course')?.name).toBe('course');
  });
});

describe.each(dialectsUnderTest())('a kind registered in a test alone (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => void (t = await buildOrdersApp(dialect)));
  afterAll(() => t.close());

  const progress = async (courseId: number, headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: `/v1/courses/${courseId}/check_order_progress`, headers })).json().data as { status: string | null; owned: boolean };
  /** The operator's refund, then the grant is gone (and every order invariant holds). */
  const refundAndCheck = async (orderId: number, courseId: number, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'POST', url: `/v1/orders/${orderId}/refund`, headers: OPS, payload: {} });
    expect(res.json(), res.body).toMatchObject({ code: 0, data: { status: 'refunded', refundStatus: 'success' } });
    expect(await progress(courseId, headers)).toMatchObject({ status: 'refunded', owned: false });
    await expectEntitlementInvariant(t.app.db);
  };
  const placeExam = async (courseId: number, headers: Record<string, string>) => {
    const res = (await post(t, `/v1/orders/exam/${courseId}`, headers)).json();
    expect(res, JSON.stringify(res)).toMatchObject({ code: 0, data: { created: true, order: { kind: EXAM, status: 'pending', totalPrice: EXAM_PRICE } } });
    return res.data.order.orderId as number;
  };

  it('POST /v1/orders/exam/:id → sandbox notify → the grant → operator refund → no grant', async () => {
    const { headers } = await signedInUser(t);
    const course = await buildCourse(t.app.db, { price: 19900 });
    expect((await post(t, `/v1/orders/exam/${course.id + 1000}`, headers)).json().code).toBe(-10004);

    const orderId = await placeExam(course.id, headers);
    // A double tap answers the same pending order (the one-pending-order guard of every kind).
    expect((await post(t, `/v1/orders/exam/${course.id}`, headers)).json().data).toMatchObject({ created: false, order: { orderId } });
    expect(await progress(course.id, headers)).toMatchObject({ status: 'pending', owned: false });

    expect((await post(t, `/v1/orders/${orderId}/order_web_wxpay`, headers)).json().code).toBe(0);
    expect((await post(t, `/v1/orders/${orderId}/sandbox_pay`, headers)).json().data.status).toBe('paid');
    expect(await progress(course.id, headers)).toMatchObject({ status: 'paid', owned: true });
    const grant = await t.app.db.selectFrom('user_courses').select(['source', 'order_id']).where('course_id', '=', course.id).executeTakeFirstOrThrow();
    expect(grant).toEqual({ source: 'order', order_id: orderId });

    // A replayed notification changes nothing; the refund takes the grant back once.
    const row = await orderRowOf(t, orderId);
    expect((await notify(t, sandboxOf(t).simulatePayment(row.order_no, row.amount_fen))).statusCode).toBe(200);
    await refundAndCheck(orderId, course.id, headers);
  });

  it('a paid exam whose notification was lost is fulfilled by reconciliation, then refunded', async () => {
    const { headers } = await signedInUser(t);
    const course = await buildCourse(t.app.db, { price: 19900 });
    const orderId = await placeExam(course.id, headers);
    expect((await post(t, `/v1/orders/${orderId}/order_web_wxpay`, headers)).json().code).toBe(0);
    const row = await orderRowOf(t, orderId);
    sandboxOf(t).simulatePayment(row.order_no, row.amount_fen); // charged, never posted
    expect(await reconcilePendingOrders(t.app.db, t.app.adapters.pay, Date.now() + RECONCILE_AFTER_MS + 1000)).toMatchObject({ fulfilled: 1 });
    expect(await progress(course.id, headers)).toMatchObject({ status: 'paid', owned: true });
    await refundAndCheck(orderId, course.id, headers);
  });

  it('money for an order of a kind no one registered is not taken: the notification is refused and nothing moves', async () => {
    const { user } = await signedInUser(t);
    const course = await buildCourse(t.app.db, { price: 19900 });
    const now = Date.now();
    const orderNo = `unknown${now}`;
    await t.app.db
      .insertInto('orders')
      .values({ order_no: orderNo, user_id: user.id, type: OrderType.NORMAL, kind: 98, target_id: course.id, course_id: course.id, chapter_id: null, column_id: null, amount_fen: 990, status: 'pending', provider: 'sandbox', description: '', prepay_id: null, transaction_id: null, created_at: now, paid_at: null, expires_at: now + 60_000, closed_at: null })
      .execute();
    const res = await notify(t, sandboxOf(t).simulatePayment(orderNo, 990));
    expect(res.statusCode).toBeGreaterThanOrEqual(500); // the provider retries once the kind is deployed
    const order = await t.app.db.selectFrom('orders').select(['status']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
    expect(await t.app.db.selectFrom('pay_notifications').select('id').where('order_no', '=', orderNo).execute()).toEqual([]);
    // Closed, so the invariant's sweep of pending orders does not trip on a row this test wrote by hand.
    await t.app.db.updateTable('orders').set({ status: 'closed', closed_at: now }).where('order_no', '=', orderNo).execute();
  });
});
