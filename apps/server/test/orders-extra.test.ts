import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import { codeOf, orderCourse, post, useOrdersApp } from './orders-helpers.ts';
import { PROFILE_REVIEW_WINDOW_MS } from '../src/modules/orders/order-service.ts';

const BAD_IDS = ['-1', '0', '2147483648', 'abc'];
const DAY = 24 * 60 * 60 * 1000;

describe.each(dialectsUnderTest())('order rules and extra calls (%s)', (dialect) => {
  let t: TestApp;
  const { get } = useOrdersApp(dialect, (app) => (t = app), { invariant: 'afterAll' });

  const signedIn = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);
  const member = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedIn({ user_type: 3, member_expire_at: Date.now() + 30 * DAY, ...overrides });
  const buyAndPay = async (courseId: number, headers: Record<string, string>) => {
    const id = await orderCourse(t, courseId, headers);
    expect((await post(t, `/v1/orders/${id}/sandbox_pay`, headers)).json()).toMatchObject({ code: 0, data: { status: 'paid' } });
    return id;
  };
  const addChapter = async (courseId: number, status = 1, price = 990) =>
    (await t.app.db.insertInto('chapters').values({ course_id: courseId, title: '第一讲', sort: 1, duration_seconds: 60, is_free_trial: 0, price, status }).returning('id').executeTakeFirstOrThrow()).id;

  describe('POST /v1/orders/:id (member prices)', () => {
    it('charges an active member the vip price and everyone else the list price', async () => {
      const course = await buildCourse(t.app.db, { price: 29900, vip_price: 19900 });
      const m = await member();
      expect((await post(t, `/v1/orders/${course.id}`, m.headers)).json().data.order).toMatchObject({ totalPrice: 19900, orderPrice: '199.00' });
      const plain = await signedIn({ user_type: 1 });
      expect((await post(t, `/v1/orders/${course.id}`, plain.headers)).json().data.order.totalPrice).toBe(29900);
      const lapsed = await member({ member_expire_at: Date.now() - 1000 });
      expect((await post(t, `/v1/orders/${course.id}`, lapsed.headers)).json().data.order.totalPrice).toBe(29900);
      const timeLimited = await signedIn({ user_type: 2, member_expire_at: Date.now() + DAY });
      expect((await post(t, `/v1/orders/${course.id}`, timeLimited.headers)).json().data.order.totalPrice).toBe(29900);
      const noVip = await buildCourse(t.app.db, { price: 5000, vip_price: null });
      expect((await post(t, `/v1/orders/${noVip.id}`, m.headers)).json().data.order.totalPrice).toBe(5000);
    });

    it('refuses member-free courses to members with -1283 and lets others buy them', async () => {
      const course = await buildCourse(t.app.db, { member_free: 1 });
      const m = await member({ user_type: 7 });
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, m.headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      const plain = await signedIn();
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, plain.headers))).toBe(0);
    });

    it('lets members join cash-back only where the vip price is above 0 (-1368)', async () => {
      const m = await member();
      const noVip = await buildCourse(t.app.db, { activity_type: 1, vip_price: 0 });
      expect(await codeOf(post(t, `/v1/orders/${noVip.id}`, m.headers))).toBe(ErrorCodes.VIP_CASHBACK_NEEDS_VIP_PRICE);
      const nullVip = await buildCourse(t.app.db, { activity_type: 1, vip_price: null });
      expect(await codeOf(post(t, `/v1/orders/${nullVip.id}`, m.headers))).toBe(ErrorCodes.VIP_CASHBACK_NEEDS_VIP_PRICE);
      const withVip = await buildCourse(t.app.db, { activity_type: 1, price: 10000, vip_price: 8000 });
      expect((await post(t, `/v1/orders/${withVip.id}`, m.headers)).json().data.order.totalPrice).toBe(8000);
      const plain = await signedIn();
      expect(await codeOf(post(t, `/v1/orders/${noVip.id}`, plain.headers))).toBe(0);
      const count = await t.app.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', m.user.id).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });
  });

  describe('GET /v1/orders/list/:type', () => {
    it('type 0 lists every type of the caller only, newest first', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const c1 = await buildCourse(t.app.db);
      const c2 = await buildCourse(t.app.db);
      const first = await orderCourse(t, c1.id, a.headers);
      const second = await orderCourse(t, c2.id, a.headers);
      await t.app.db.updateTable('orders').set({ type: 4 }).where('id', '=', second).execute();
      await orderCourse(t, c1.id, b.headers);
      const all = (await get('/v1/orders/list/0', a.headers)).json();
      expect(all.code).toBe(0);
      expect(all.data.total).toBe(2);
      expect(all.data.rows.map((o: { orderId: number }) => o.orderId)).toEqual([second, first]);
      expect((await get('/v1/orders/list/1', a.headers)).json().data.total).toBe(1);
      expect((await get('/v1/orders/list/0?pageIndex=2&pageSize=1', a.headers)).json().data.rows[0].orderId).toBe(first);
      for (const bad of ['5', '-1', '7', 'x']) expect(await codeOf(get(`/v1/orders/list/${bad}`, a.headers))).toBe(ErrorCodes.VALIDATION);
      expect((await get('/v1/orders/list/0')).json().code).not.toBe(0);
    });
  });

  describe('GET /v1/courses/:id/check_user_audit_status', () => {
    it('answers 0 or the profile-review code for the course', async () => {
      const gated = await buildCourse(t.app.db, { needs_verified_profile: 1 });
      const open = await buildCourse(t.app.db);
      const now = Date.now();
      const passed = await signedIn({ audit_status: 1, audit_submitted_at: now });
      expect((await get(`/v1/courses/${gated.id}/check_user_audit_status`, passed.headers)).json()).toMatchObject({ code: 0, data: { code: 0, canBuy: true } });
      const never = await signedIn({ audit_status: 0, audit_submitted_at: null });
      expect((await get(`/v1/courses/${open.id}/check_user_audit_status`, never.headers)).json().data).toEqual({ code: 0, canBuy: true, needsVerifiedProfile: false });
      expect((await get(`/v1/courses/${gated.id}/check_user_audit_status`, never.headers)).json().data).toMatchObject({ code: ErrorCodes.AUDIT_FAILED, canBuy: false });
      const fresh = await signedIn({ audit_status: 0, audit_submitted_at: now - 1000, audit_submit_count: 1 });
      expect((await get(`/v1/courses/${gated.id}/check_user_audit_status`, fresh.headers)).json().data).toMatchObject({ code: ErrorCodes.AUDIT_TEMPORARY_RIGHT, canBuy: true });
      const lapsed = await signedIn({ audit_status: 0, audit_submitted_at: now - PROFILE_REVIEW_WINDOW_MS - 1000, audit_submit_count: 1 });
      expect((await get(`/v1/courses/${gated.id}/check_user_audit_status`, lapsed.headers)).json().data).toMatchObject({ code: ErrorCodes.AUDIT_EXPIRED_ORDER, canBuy: false });
      const reapplied = await signedIn({ audit_status: 0, audit_submitted_at: now, audit_submit_count: 2 });
      expect((await get(`/v1/courses/${gated.id}/check_user_audit_status`, reapplied.headers)).json().data.code).toBe(ErrorCodes.AUDIT_PENDING);
      expect(await codeOf(get('/v1/courses/999999/check_user_audit_status', passed.headers))).toBe(ErrorCodes.NOT_FOUND);
      for (const bad of BAD_IDS) expect(await codeOf(get(`/v1/courses/${bad}/check_user_audit_status`, passed.headers))).toBe(ErrorCodes.VALIDATION);
      expect((await get(`/v1/courses/${gated.id}/check_user_audit_status`)).json().code).not.toBe(0);
    });
  });

  describe('GET /v1/courses/:id/invite_buy', () => {
    it('answers whether the course offers invite buying and the caller’s own state', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const course = await buildCourse(t.app.db, { price: 9900 });
      expect((await get(`/v1/courses/${course.id}/invite_buy`, a.headers)).json().data).toEqual({ enabled: true, owned: false, inviteOrderId: null, inviteOrderStatus: null });
      const id = await orderCourse(t, course.id, a.headers);
      await t.app.db.updateTable('orders').set({ type: 2 }).where('id', '=', id).execute();
      expect((await get(`/v1/courses/${course.id}/invite_buy`, a.headers)).json().data).toMatchObject({ inviteOrderId: id, inviteOrderStatus: 'pending' });
      expect((await get(`/v1/courses/${course.id}/invite_buy`, b.headers)).json().data).toMatchObject({ inviteOrderId: null, owned: false });
      const off = await buildCourse(t.app.db, { status: 0 });
      expect((await get(`/v1/courses/${off.id}/invite_buy`, a.headers)).json().data.enabled).toBe(false);
      expect(await codeOf(get('/v1/courses/999999/invite_buy', a.headers))).toBe(ErrorCodes.NOT_FOUND);
      for (const bad of BAD_IDS) expect(await codeOf(get(`/v1/courses/${bad}/invite_buy`, a.headers))).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/courses/chapter/prepay/:id', () => {
    it('answers the chapter price, -45092 when off shelf and -1283 when the course is owned', async () => {
      const { headers, user } = await signedIn();
      const series = await buildCourse(t.app.db, { course_type: 2 });
      const chapter = await addChapter(series.id, 1, 990);
      expect((await get(`/v1/courses/chapter/prepay/${chapter}`, headers)).json()).toMatchObject({
        code: 0,
        data: { chapterId: chapter, courseId: series.id, price: 990, priceText: '9.90', canBuy: true },
      });
      const hidden = await addChapter(series.id, 0);
      expect(await codeOf(get(`/v1/courses/chapter/prepay/${hidden}`, headers))).toBe(ErrorCodes.OFF_SHELF_CHAPTERS);
      const offCourse = await buildCourse(t.app.db, { course_type: 2, status: 0 });
      expect(await codeOf(get(`/v1/courses/chapter/prepay/${await addChapter(offCourse.id)}`, headers))).toBe(ErrorCodes.OFF_SHELF_CHAPTERS);
      await t.app.db.insertInto('user_courses').values({ user_id: user.id, course_id: series.id, source: 'member', created_at: Date.now() }).execute();
      expect(await codeOf(get(`/v1/courses/chapter/prepay/${chapter}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      const other = await signedIn();
      expect(await codeOf(get(`/v1/courses/chapter/prepay/${chapter}`, other.headers))).toBe(0);
      expect(await codeOf(get('/v1/courses/chapter/prepay/999999', headers))).toBe(ErrorCodes.NOT_FOUND);
      for (const bad of BAD_IDS) expect(await codeOf(get(`/v1/courses/chapter/prepay/${bad}`, headers))).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/orders/lately/course, /lately/0 and /add/lately/course/:a/:b', () => {
    it('answers the caller’s paid course orders, newest first, at most 10, never another user’s', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const paid: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const id = await buyAndPay((await buildCourse(t.app.db)).id, a.headers);
        await t.app.db.updateTable('orders').set({ paid_at: 1_700_000_000_000 + i * 1000 }).where('id', '=', id).execute();
        paid.push(id);
      }
      const pendingCourse = await buildCourse(t.app.db);
      await orderCourse(t, pendingCourse.id, a.headers);
      await buyAndPay((await buildCourse(t.app.db)).id, b.headers);
      const expected = paid.slice(1).reverse();
      for (const url of ['/v1/orders/lately/course', '/v1/orders/lately/0']) {
        const res = (await get(url, a.headers)).json();
        expect(res.code).toBe(0);
        expect(res.data.rows.map((o: { orderId: number }) => o.orderId)).toEqual(expected);
        expect(res.data.rows.every((o: { status: string }) => o.status === 'paid')).toBe(true);
      }
      const some = (await get(`/v1/orders/add/lately/course/${pendingCourse.id}/3`, a.headers)).json();
      expect(some.data.rows.map((o: { orderId: number }) => o.orderId)).toEqual(expected.slice(0, 3));
      expect((await get('/v1/orders/lately/course', b.headers)).json().data.rows).toHaveLength(1);
      expect(await codeOf(get('/v1/orders/add/lately/course/999999/3', a.headers))).toBe(ErrorCodes.NOT_FOUND);
      for (const bad of [`${pendingCourse.id}/0`, `${pendingCourse.id}/11`, '0/3', 'abc/3', `${pendingCourse.id}/x`]) {
        expect(await codeOf(get(`/v1/orders/add/lately/course/${bad}`, a.headers))).toBe(ErrorCodes.VALIDATION);
      }
      expect((await get('/v1/orders/lately/course')).json().code).not.toBe(0);
    });
  });
});
