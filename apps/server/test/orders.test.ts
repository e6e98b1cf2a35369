import { describe, expect, it } from 'vitest';
import { AccountStatus, ErrorCodes } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildFreeCourse, signedInUser } from './support/factories.ts';
import { codeOf, expectEntitlementInvariant, notify, orderCourse, post, sandboxOf, useOrdersApp } from './orders-helpers.ts';
import { ORDER_TTL_MS, PROFILE_REVIEW_WINDOW_MS, closeExpiredOrders, newOrderNo } from '../src/modules/orders/order-service.ts';

const BAD_IDS = ['-1', '0', '2147483648', 'abc'];

describe.each(dialectsUnderTest())('orders (%s)', (dialect) => {
  let t: TestApp;
  const { get } = useOrdersApp(dialect, (app) => (t = app), { invariant: 'afterAll' });

  const signedIn = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);
  const del = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'DELETE', url, headers });

  describe('POST /v1/orders/:id', () => {
    it('creates one pending order in fen for a paid course and answers the same one again', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db, { price: 29900 });
      const first = (await post(t, `/v1/orders/${course.id}`, headers)).json();
      expect(first.code).toBe(0);
      expect(first.data.created).toBe(true);
      expect(first.data.order).toMatchObject({ status: 'pending', type: 1, kind: 1, totalPrice: 29900, orderPrice: '299.00', paidAt: null });
      expect(first.data.order.course.courseId).toBe(course.id);
      expect(first.data.order.orderNo).toMatch(/^[0-9a-f]{32}$/);
      const again = (await post(t, `/v1/orders/${course.id}`, headers)).json();
      expect(again.data).toMatchObject({ created: false, order: { orderId: first.data.order.orderId } });
    });

    it('answers each rule with its spec code', async () => {
      const { headers, user } = await signedIn();
      expect(await codeOf(post(t, '/v1/orders/999999', headers))).toBe(ErrorCodes.NOT_FOUND);
      const free = await buildFreeCourse(t.app.db);
      expect(await codeOf(post(t, `/v1/orders/${free.id}`, headers))).toBe(ErrorCodes.ORDER_COURSE_FREE);
      const off = await buildCourse(t.app.db, { status: 0 });
      expect(await codeOf(post(t, `/v1/orders/${off.id}`, headers))).toBe(ErrorCodes.COURSE_OFF_SHELF);
      const soon = await buildCourse(t.app.db, { status: 2 });
      expect(await codeOf(post(t, `/v1/orders/${soon.id}`, headers))).toBe(ErrorCodes.COURSE_NOT_STARTED);
      const owned = await buildCourse(t.app.db);
      await t.app.db.insertInto('user_courses').values({ user_id: user.id, course_id: owned.id, source: 'member', created_at: Date.now() }).execute();
      expect(await codeOf(post(t, `/v1/orders/${owned.id}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
    });

    it('refuses a series already bought chapter by chapter with -1365', async () => {
      const { headers, user } = await signedIn();
      const series = await buildCourse(t.app.db, { course_type: 2 });
      const now = Date.now();
      await t.app.db
        .insertInto('orders')
        .values({
          order_no: newOrderNo(), user_id: user.id, type: 1, kind: 2, target_id: 77, course_id: series.id, chapter_id: 77, column_id: null,
          amount_fen: 990, status: 'paid', provider: 'sandbox', prepay_id: null, transaction_id: `tx-${newOrderNo()}`,
          created_at: now, paid_at: now, expires_at: now + ORDER_TTL_MS, closed_at: null,
        })
        .execute();
      expect(await codeOf(post(t, `/v1/orders/${series.id}`, headers))).toBe(ErrorCodes.SERIES_BOUGHT_BY_CHAPTER);
    });

    it('gates courses that need a verified profile by the audit state (262148 / 262147 / 262149)', async () => {
      const course = await buildCourse(t.app.db, { needs_verified_profile: 1 });
      const now = Date.now();
      const never = await signedIn({ audit_status: 0, audit_submitted_at: null });
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, never.headers))).toBe(ErrorCodes.AUDIT_FAILED);
      const failed = await signedIn({ audit_status: 2, audit_submitted_at: now });
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, failed.headers))).toBe(ErrorCodes.AUDIT_FAILED);
      const reapplied = await signedIn({ audit_status: 0, audit_submitted_at: now, audit_submit_count: 2 });
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, reapplied.headers))).toBe(ErrorCodes.AUDIT_PENDING);
      const lapsed = await signedIn({ audit_status: 0, audit_submitted_at: now - PROFILE_REVIEW_WINDOW_MS - 1000, audit_submit_count: 1 });
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, lapsed.headers))).toBe(ErrorCodes.AUDIT_EXPIRED_ORDER);
      const fresh = await signedIn({ audit_status: 0, audit_submitted_at: now - 1000, audit_submit_count: 1 });
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, fresh.headers))).toBe(0);
      const passed = await signedIn({ audit_status: 1, audit_submitted_at: now });
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, passed.headers))).toBe(0);
    });

    it('asks for login and refuses locked (-1797) and blacklisted (262145) users', async () => {
      const course = await buildCourse(t.app.db);
      expect(await codeOf(post(t, `/v1/orders/${course.id}`))).toBe(ErrorCodes.LOGIN_REQUIRED);
      const locked = await signedIn({ account_status: AccountStatus.LOCKED });
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, locked.headers))).toBe(ErrorCodes.USER_LOCKED);
      const black = await signedIn({ account_status: AccountStatus.BLACKLISTED });
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, black.headers))).toBe(ErrorCodes.USER_BLACKLISTED);
    });

    it.each(BAD_IDS)('refuses id %s with -10001, never a 500', async (id) => {
      const { headers } = await signedIn();
      const res = await post(t, `/v1/orders/${id}`, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('POST /v1/orders/:id/order_web_wxpay', () => {
    it('answers sandbox pay parameters for the owner’s pending order', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      const orderId = await orderCourse(t, course.id, headers);
      const res = (await post(t, `/v1/orders/${orderId}/order_web_wxpay`, headers)).json();
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ provider: 'sandbox', signType: 'HMAC-SHA256', appId: 'sandbox' });
      expect(res.data.prepayId).toMatch(/^sbx_/);
      expect(res.data.package).toBe(`prepay_id=${res.data.prepayId}`);
      expect(res.data.timestamp).toMatch(/^\d+$/);
      expect(res.data.sign.length).toBeGreaterThan(20);
    });

    it('answers not found for another user’s order and an unknown one; -10061 once paid', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const course = await buildCourse(t.app.db);
      const orderId = await orderCourse(t, course.id, a.headers);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/order_web_wxpay`, b.headers))).toBe(ErrorCodes.NOT_FOUND);
      expect(await codeOf(post(t, '/v1/orders/999999/order_web_wxpay', a.headers))).toBe(ErrorCodes.NOT_FOUND);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/sandbox_pay`, a.headers))).toBe(0);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/order_web_wxpay`, a.headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
      expect(await codeOf(post(t, '/v1/orders/abc/order_web_wxpay', a.headers))).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('POST /v1/orders/:id/sandbox_pay', () => {
    it('pays through the signed notification: the order is paid, the course owned, the buy button gone', async () => {
      const { headers, user } = await signedIn();
      const course = await buildCourse(t.app.db);
      const orderId = await orderCourse(t, course.id, headers);
      expect((await get(`/v1/courses/${course.id}`, headers)).json().data.owned).toBe(false);
      const res = (await post(t, `/v1/orders/${orderId}/sandbox_pay`, headers)).json();
      expect(res).toEqual({ code: 0, message: 'ok', data: { status: 'paid' } });
      const grants = await t.app.db.selectFrom('user_courses').selectAll().where('user_id', '=', user.id).execute();
      expect(grants).toMatchObject([{ course_id: course.id, source: 'order' }]);
      expect((await get(`/v1/courses/${course.id}`, headers)).json().data.owned).toBe(true);
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      // Confirming twice charges nothing more.
      expect(await codeOf(post(t, `/v1/orders/${orderId}/sandbox_pay`, headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
      await expectEntitlementInvariant(t.app.db);
    });

    it('will not pay another user’s order', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const course = await buildCourse(t.app.db);
      const orderId = await orderCourse(t, course.id, a.headers);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/sandbox_pay`, b.headers))).toBe(ErrorCodes.NOT_FOUND);
      const row = await t.app.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
    });
  });

  describe('DELETE /v1/orders/:id', () => {
    it('cancels the owner’s pending order, then a new buy makes a new order', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      const orderId = await orderCourse(t, course.id, headers);
      const res = (await del(`/v1/orders/${orderId}`, headers)).json();
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ orderId, status: 'closed' });
      expect(await codeOf(del(`/v1/orders/${orderId}`, headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/sandbox_pay`, headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
      const next = await orderCourse(t, course.id, headers);
      expect(next).not.toBe(orderId);
    });

    it('will not cancel another user’s order, nor a paid one', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const course = await buildCourse(t.app.db);
      const orderId = await orderCourse(t, course.id, a.headers);
      expect(await codeOf(del(`/v1/orders/${orderId}`, b.headers))).toBe(ErrorCodes.NOT_FOUND);
      expect(await codeOf(del('/v1/orders/0', a.headers))).toBe(ErrorCodes.VALIDATION);
      await post(t, `/v1/orders/${orderId}/sandbox_pay`, a.headers);
      expect(await codeOf(del(`/v1/orders/${orderId}`, a.headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
    });

    it('refuses to close an order the provider already charged whose notification is still on its way', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      const orderId = await orderCourse(t, course.id, headers);
      const row = await t.app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      const delayed = sandboxOf(t).simulatePayment(row.order_no, row.amount_fen);
      expect(await codeOf(del(`/v1/orders/${orderId}`, headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
      expect((await notify(t, delayed)).statusCode).toBe(200);
      expect((await get(`/v1/courses/${course.id}/check_order_progress`, headers)).json().data).toMatchObject({ paid: true, owned: true });
    });
  });

  describe('GET /v1/orders/list/:type', () => {
    it('lists only the caller’s orders of that type, newest first, paged', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1) ids.push(await orderCourse(t, (await buildCourse(t.app.db)).id, a.headers));
      await orderCourse(t, (await buildCourse(t.app.db)).id, b.headers);
      const page1 = (await get('/v1/orders/list/1?pageIndex=1&pageSize=2', a.headers)).json();
      expect(page1.code).toBe(0);
      expect(page1.data.total).toBe(3);
      expect(page1.data.rows.map((r: { orderId: number }) => r.orderId)).toEqual([ids[2], ids[1]]);
      const page2 = (await get('/v1/orders/list/1?pageIndex=2&pageSize=2', a.headers)).json();
      expect(page2.data.rows.map((r: { orderId: number }) => r.orderId)).toEqual([ids[0]]);
      expect((await get('/v1/orders/list/3', a.headers)).json().data).toEqual({ rows: [], total: 0 });
    });

    it('refuses an unknown type or page and asks for login', async () => {
      const { headers } = await signedIn();
      for (const url of ['/v1/orders/list/5', '/v1/orders/list/x', '/v1/orders/list/1?pageSize=500', '/v1/orders/list/1?pageIndex=0']) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe(ErrorCodes.VALIDATION);
      }
      expect(await codeOf(get('/v1/orders/list/1'))).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('GET /v1/courses/:id/check_order_progress', () => {
    it('says whether the caller’s latest order is paid, for the caller only', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const course = await buildCourse(t.app.db);
      expect((await get(`/v1/courses/${course.id}/check_order_progress`, a.headers)).json().data).toEqual({ orderId: null, status: null, paid: false, owned: false });
      const orderId = await orderCourse(t, course.id, a.headers);
      expect((await get(`/v1/courses/${course.id}/check_order_progress`, a.headers)).json().data).toEqual({ orderId, status: 'pending', paid: false, owned: false });
      await post(t, `/v1/orders/${orderId}/sandbox_pay`, a.headers);
      expect((await get(`/v1/courses/${course.id}/check_order_progress`, a.headers)).json().data).toEqual({ orderId, status: 'paid', paid: true, owned: true });
      expect((await get(`/v1/courses/${course.id}/check_order_progress`, b.headers)).json().data).toMatchObject({ orderId: null, paid: false });
      expect(await codeOf(get('/v1/courses/999999/check_order_progress', a.headers))).toBe(ErrorCodes.NOT_FOUND);
      expect(await codeOf(get('/v1/courses/abc/check_order_progress', a.headers))).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/courses/:id/simple_order', () => {
    it('answers the course tracking id and the caller’s latest order', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      expect((await get(`/v1/courses/${course.id}/simple_order`, headers)).json().data).toEqual({ trackingId: `course-${course.id}`, orderId: null });
      const orderId = await orderCourse(t, course.id, headers);
      expect((await get(`/v1/courses/${course.id}/simple_order`, headers)).json().data.orderId).toBe(orderId);
      expect(await codeOf(get('/v1/courses/999999/simple_order', headers))).toBe(ErrorCodes.NOT_FOUND);
      expect(await codeOf(get(`/v1/courses/${course.id}/simple_order`))).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('GET /v1/orders/profile/check', () => {
    it('answers the audit result code and completeness', async () => {
      const passed = await signedIn({ audit_status: 1, email: 'a@example.com', audit_submitted_at: Date.now() });
      expect((await get('/v1/orders/profile/check', passed.headers)).json().data).toEqual({ auditCode: 0, complete: true });
      const never = await signedIn({ audit_status: 0, audit_submitted_at: null, email: '' });
      expect((await get('/v1/orders/profile/check', never.headers)).json().data).toEqual({ auditCode: 262146, complete: false });
      expect(await codeOf(get('/v1/orders/profile/check'))).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('order timeout', () => {
    it('closes unpaid orders after 30 minutes; paying a closed order is refused', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      const orderId = await orderCourse(t, course.id, headers);
      const created = await t.app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(created.expires_at - created.created_at).toBe(ORDER_TTL_MS);
      const statusNow = async () => (await t.app.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
      await closeExpiredOrders(t.app.db, t.app.adapters.pay, created.expires_at - 1);
      expect(await statusNow()).toBe('pending');
      expect(await closeExpiredOrders(t.app.db, t.app.adapters.pay, created.expires_at)).toBeGreaterThanOrEqual(1);
      const row = await t.app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(row.status).toBe('closed');
      expect(row.closed_at).toBe(created.expires_at);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/order_web_wxpay`, headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/sandbox_pay`, headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
    });

    it('a lapsed pending order is replaced by a new one on the next buy', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      const orderId = await orderCourse(t, course.id, headers);
      await t.app.db.updateTable('orders').set({ expires_at: Date.now() - 1 }).where('id', '=', orderId).execute();
      const next = (await post(t, `/v1/orders/${course.id}`, headers)).json();
      expect(next.data).toMatchObject({ created: true });
      expect(next.data.order.orderId).not.toBe(orderId);
      const old = await t.app.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(old.status).toBe('closed');
    });
  });
});
