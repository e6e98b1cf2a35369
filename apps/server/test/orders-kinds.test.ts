/**
 * The order kinds (decision 013): column (kind 3), chapter (2), early-bird (5), live course (6),
 * the order list by type, the signed auto-order link and the 代付 link of send_pay. Every kind
 * goes through the same pay path and fulfilment; a refund revokes exactly what its order granted.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildLecturer, buildLive, signedInUser } from './support/factories.ts';
import { codeOf, expectEntitlementInvariant, grantsOf, orderRowOf, post, useOrdersApp } from './orders-helpers.ts';
import { DEFAULT_OPS_TOKEN } from '../src/config.ts';
import { AUTO_ORDER_TTL_S, signAutoOrder } from '../src/modules/orders/order-links.ts';

const OPS = { 'x-ops-token': DEFAULT_OPS_TOKEN };
const DAY = 24 * 60 * 60 * 1000;

describe.each(dialectsUnderTest())('order kinds (%s)', (dialect) => {
  let t: TestApp;
  const { db, get } = useOrdersApp(dialect, (app) => (t = app), { invariant: 'afterAll' });
  /** Creates an order at `url` and answers its id. */
  const create = async (url: string, headers: Record<string, string>) => {
    const res = (await post(t, url, headers)).json();
    expect(res.code, JSON.stringify(res)).toBe(0);
    return res.data.order as { orderId: number; kind: number; type: number; totalPrice: number; item: { title: string; kindLabel: string; typeLabel: string; cover: string } };
  };
  const pay = async (orderId: number, headers: Record<string, string>) => {
    const res = (await post(t, `/v1/orders/${orderId}/sandbox_pay`, headers)).json();
    expect(res.data?.status, JSON.stringify(res)).toBe('paid');
  };
  const refund = async (orderId: number) => {
    const res = await t.app.inject({ method: 'POST', url: `/v1/orders/${orderId}/refund`, headers: OPS, payload: {} });
    expect(res.json().code, res.body).toBe(0);
  };
  const owns = async (userId: number, courseId: number) => (await grantsOf(t, userId)).some((g) => g.course_id === courseId);

  async function buildColumn(opts: { price?: number; status?: number; courses: number[] }) {
    const lecturer = await buildLecturer(db());
    const column = await db()
      .insertInto('columns')
      .values({ title: `专栏${Math.random().toString(36).slice(2, 6)}`, intro: '', cover: '/c.svg', price: opts.price ?? 49900, lecturer_id: lecturer.id, status: opts.status ?? 1, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (opts.courses.length > 0) {
      await db().insertInto('column_courses').values(opts.courses.map((courseId, i) => ({ column_id: column.id, course_id: courseId, sort: i }))).execute();
    }
    return column.id;
  }

  async function buildSeries(opts: { status?: number } = {}) {
    const course = await buildCourse(db(), { course_type: 2, price: 19900, status: opts.status ?? 1 });
    const chapters = await db()
      .insertInto('chapters')
      .values([
        { course_id: course.id, title: '第1讲 试听', sort: 1, duration_seconds: 600, is_free_trial: 1, price: 0, status: 1 },
        { course_id: course.id, title: '第2讲 付费', sort: 2, duration_seconds: 900, is_free_trial: 0, price: 4900, status: 1 },
        { course_id: course.id, title: '第3讲 付费', sort: 3, duration_seconds: 900, is_free_trial: 0, price: 4900, status: 1 },
      ])
      .returning(['id', 'sort'])
      .execute();
    const bySort = new Map(chapters.map((c) => [c.sort, c.id]));
    return { course, trial: bySort.get(1) as number, paid: bySort.get(2) as number, paid2: bySort.get(3) as number };
  }

  describe('POST /v1/orders/create/order/:id (column, kind 3)', () => {
    it('sells the column once, grants each course with the order id, and a refund takes back exactly those', async () => {
      const { user, headers } = await signedInUser(t);
      const [a, b, c] = [await buildCourse(db()), await buildCourse(db()), await buildCourse(db())];
      const offShelf = await buildCourse(db(), { status: 0 });
      const columnId = await buildColumn({ price: 49900, courses: [a.id, b.id, c.id, offShelf.id] });
      // Owned before: keeps its own grant through the column's purchase and refund.
      await db().insertInto('user_courses').values({ user_id: user.id, course_id: a.id, source: 'member', created_at: Date.now() }).execute();

      const order = await create(`/v1/orders/create/order/${columnId}`, headers);
      expect(order).toMatchObject({ kind: 3, type: 1, totalPrice: 49900, item: { kindLabel: '专栏', typeLabel: '普通', cover: '/c.svg' } });
      await pay(order.orderId, headers);
      const grants = await grantsOf(t, user.id);
      expect(grants.filter((g) => g.order_id === order.orderId).map((g) => g.course_id).sort()).toEqual([b.id, c.id].sort());
      expect(grants.find((g) => g.course_id === a.id)?.source).toBe('member');
      // The course page and the whole-course order see it.
      expect((await get(`/v1/courses/${b.id}`, headers)).json().data.owned).toBe(true);
      expect(await codeOf(post(t, `/v1/orders/${b.id}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      expect(await codeOf(post(t, `/v1/orders/create/order/${columnId}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      await expectEntitlementInvariant(db());

      await refund(order.orderId);
      await refund(order.orderId);
      expect((await grantsOf(t, user.id)).map((g) => [g.course_id, g.source])).toEqual([[a.id, 'member']]);
      expect((await orderRowOf(t, order.orderId)).status).toBe('refunded');
      // Refunded: the column can be bought again.
      expect(await codeOf(post(t, `/v1/orders/create/order/${columnId}`, headers))).toBe(0);
    });

    it('answers -1366 for a hidden, empty or unknown column and -1283 when every course is owned', async () => {
      const { user, headers } = await signedInUser(t);
      const course = await buildCourse(db());
      expect(await codeOf(post(t, `/v1/orders/create/order/${await buildColumn({ status: 0, courses: [course.id] })}`, headers))).toBe(ErrorCodes.COLUMN_GONE);
      expect(await codeOf(post(t, `/v1/orders/create/order/${await buildColumn({ courses: [] })}`, headers))).toBe(ErrorCodes.COLUMN_GONE);
      expect(await codeOf(post(t, '/v1/orders/create/order/99999999', headers))).toBe(ErrorCodes.COLUMN_GONE);
      await db().insertInto('user_courses').values({ user_id: user.id, course_id: course.id, source: 'free', created_at: Date.now() }).execute();
      expect(await codeOf(post(t, `/v1/orders/create/order/${await buildColumn({ courses: [course.id] })}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      expect(await codeOf(post(t, '/v1/orders/create/order/abc', headers))).toBe(ErrorCodes.VALIDATION);
      expect(await codeOf(post(t, `/v1/orders/create/order/${await buildColumn({ courses: [course.id] })}`))).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('POST /v1/orders/chapter/:id (chapter, kind 2)', () => {
    it('sells one chapter, then refuses the chapter again (-1283) and the whole series (-1365); a refund revokes the chapter', async () => {
      const { user, headers } = await signedInUser(t);
      const s = await buildSeries();
      const order = await create(`/v1/orders/chapter/${s.paid}`, headers);
      expect(order).toMatchObject({ kind: 2, type: 1, totalPrice: 4900, item: { title: '第2讲 付费', kindLabel: '章节' } });
      await pay(order.orderId, headers);
      const rows = await db().selectFrom('user_chapters').selectAll().where('user_id', '=', user.id).execute();
      expect(rows.map((r) => [r.chapter_id, r.course_id, r.order_id])).toEqual([[s.paid, s.course.id, order.orderId]]);
      expect(await owns(user.id, s.course.id)).toBe(false);
      expect(await codeOf(post(t, `/v1/orders/chapter/${s.paid}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      expect(await codeOf(get(`/v1/courses/chapter/prepay/${s.paid}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      expect(await codeOf(post(t, `/v1/orders/${s.course.id}`, headers))).toBe(ErrorCodes.SERIES_BOUGHT_BY_CHAPTER);
      // Another chapter is still for sale.
      expect(await codeOf(post(t, `/v1/orders/chapter/${s.paid2}`, headers))).toBe(0);
      await expectEntitlementInvariant(db());

      await refund(order.orderId);
      expect(await db().selectFrom('user_chapters').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
      expect(await codeOf(post(t, `/v1/orders/chapter/${s.paid}`, headers))).toBe(0);
    });

    it('answers -45092 off shelf, -1283 when the course is owned, -10060 for a free trial, not found for none', async () => {
      const { user, headers } = await signedInUser(t);
      const off = await buildSeries({ status: 0 });
      expect(await codeOf(post(t, `/v1/orders/chapter/${off.paid}`, headers))).toBe(ErrorCodes.OFF_SHELF_CHAPTERS);
      const s = await buildSeries();
      expect(await codeOf(post(t, `/v1/orders/chapter/${s.trial}`, headers))).toBe(ErrorCodes.ORDER_COURSE_FREE);
      await db().updateTable('chapters').set({ status: 0 }).where('id', '=', s.paid2).execute();
      expect(await codeOf(post(t, `/v1/orders/chapter/${s.paid2}`, headers))).toBe(ErrorCodes.OFF_SHELF_CHAPTERS);
      await db().insertInto('user_courses').values({ user_id: user.id, course_id: s.course.id, source: 'member', created_at: Date.now() }).execute();
      expect(await codeOf(post(t, `/v1/orders/chapter/${s.paid}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      expect(await codeOf(post(t, '/v1/orders/chapter/99999999', headers))).toBe(ErrorCodes.NOT_FOUND);
    });
  });

  describe('early-bird (kind 5) through POST /v1/orders/:id', () => {
    const birdCourse = (start: number | null, end: number | null) =>
      buildCourse(db(), { activity_type: 2, price: 29900, vip_price: 19900, bird_price: 9900, enroll_start_at: start, enroll_end_at: end });

    it('charges the bird price within the window and grants the course; a refund revokes it', async () => {
      const { user, headers } = await signedInUser(t);
      const course = await birdCourse(Date.now() - DAY, Date.now() + DAY);
      const quote = (await get(`/v1/orders/quote/course/${course.id}`, headers)).json();
      expect(quote.data).toMatchObject({ code: 0, kind: 5, price: 9900, priceYuan: '99.00', window: { state: 'open' } });
      const order = await create(`/v1/orders/${course.id}`, headers);
      expect(order).toMatchObject({ kind: 5, type: 1, totalPrice: 9900, item: { kindLabel: '早鸟课' } });
      await pay(order.orderId, headers);
      expect(await owns(user.id, course.id)).toBe(true);
      expect(await codeOf(post(t, `/v1/orders/${course.id}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      await refund(order.orderId);
      expect(await owns(user.id, course.id)).toBe(false);
    });

    it('answers -1284 before the window and -1285 after it (also on the quote)', async () => {
      const { headers } = await signedInUser(t);
      const soon = await birdCourse(Date.now() + DAY, null);
      const over = await birdCourse(null, Date.now() - 1000);
      expect(await codeOf(post(t, `/v1/orders/${soon.id}`, headers))).toBe(ErrorCodes.ENROL_NOT_STARTED);
      expect(await codeOf(post(t, `/v1/orders/${over.id}`, headers))).toBe(ErrorCodes.ENROL_ENDED);
      const q = (await get(`/v1/orders/quote/course/${soon.id}`, headers)).json().data;
      expect(q).toMatchObject({ code: ErrorCodes.ENROL_NOT_STARTED, window: { state: 'not_started', endAt: null }, price: 29900 });
      expect(q.message).toContain('报名尚未开始');
      expect((await get(`/v1/orders/quote/course/${over.id}`, headers)).json().data.window.state).toBe('ended');
    });
  });

  describe('POST /v1/orders/live/:id (live course, kind 6, order type 6)', () => {
    it('sells a paid live once, grants it and counts the sign-up; a refund takes both back', async () => {
      const { user, headers } = await signedInUser(t);
      const live = await buildLive(db(), { start_at: Date.now() + DAY, end_at: Date.now() + DAY + 3_600_000, price: 9900, signup_count: 10 });
      const order = await create(`/v1/orders/live/${live.id}`, headers);
      expect(order).toMatchObject({ kind: 6, type: 6, totalPrice: 9900, item: { title: live.title, kindLabel: '直播课', typeLabel: '直播' } });
      await pay(order.orderId, headers);
      const signups = async () => (await db().selectFrom('lives').select('signup_count').where('id', '=', live.id).executeTakeFirstOrThrow()).signup_count;
      expect(await db().selectFrom('user_lives').select(['user_id', 'order_id']).where('live_id', '=', live.id).execute()).toEqual([{ user_id: user.id, order_id: order.orderId }]);
      expect(await signups()).toBe(11);
      expect(await codeOf(post(t, `/v1/orders/live/${live.id}`, headers))).toBe(ErrorCodes.ALREADY_ENROLLED);
      expect((await get(`/v1/orders/quote/live/${live.id}`, headers)).json().data).toMatchObject({ code: ErrorCodes.ALREADY_ENROLLED, owned: true });
      await refund(order.orderId);
      expect(await db().selectFrom('user_lives').selectAll().where('live_id', '=', live.id).execute()).toEqual([]);
      expect(await signups()).toBe(10);
    });

    it('answers -1285 after an ended live without replay, -10060 for a free one, not found for a withdrawn one', async () => {
      const { headers } = await signedInUser(t);
      const ended = await buildLive(db(), { start_at: Date.now() - 2 * DAY, end_at: Date.now() - DAY, price: 4900, has_replay: 0 });
      const replay = await buildLive(db(), { start_at: Date.now() - 2 * DAY, end_at: Date.now() - DAY, price: 4900, has_replay: 1 });
      const free = await buildLive(db(), { start_at: Date.now() + DAY, end_at: Date.now() + 2 * DAY, price: 0 });
      const gone = await buildLive(db(), { start_at: Date.now() + DAY, end_at: Date.now() + 2 * DAY, price: 4900, status: 0 });
      expect(await codeOf(post(t, `/v1/orders/live/${ended.id}`, headers))).toBe(ErrorCodes.ENROL_ENDED);
      expect(await codeOf(post(t, `/v1/orders/live/${replay.id}`, headers))).toBe(0);
      expect(await codeOf(post(t, `/v1/orders/live/${free.id}`, headers))).toBe(ErrorCodes.ORDER_COURSE_FREE);
      expect(await codeOf(post(t, `/v1/orders/live/${gone.id}`, headers))).toBe(ErrorCodes.NOT_FOUND);
    });
  });

  describe('GET /v1/orders/list/:type', () => {
    it('lists every kind under its type with its title and labels (0 all, 1 normal, 6 live)', async () => {
      const { headers } = await signedInUser(t);
      const course = await buildCourse(db());
      const s = await buildSeries();
      const columnId = await buildColumn({ courses: [(await buildCourse(db())).id] });
      const live = await buildLive(db(), { start_at: Date.now() + DAY, end_at: Date.now() + 2 * DAY, price: 4900 });
      await create(`/v1/orders/${course.id}`, headers);
      await create(`/v1/orders/chapter/${s.paid}`, headers);
      await create(`/v1/orders/create/order/${columnId}`, headers);
      await create(`/v1/orders/live/${live.id}`, headers);
      const list = async (type: number) => (await get(`/v1/orders/list/${type}?pageIndex=1&pageSize=10`, headers)).json().data;
      const all = await list(0);
      expect(all.total).toBe(4);
      expect(all.rows.map((o: { kind: number; item: { kindLabel: string } }) => [o.kind, o.item.kindLabel])).toEqual([
        [6, '直播课'],
        [3, '专栏'],
        [2, '章节'],
        [1, '课程'],
      ]);
      expect(all.rows.every((o: { item: { title: string } }) => o.item.title.length > 0)).toBe(true);
      expect((await list(1)).rows.map((o: { kind: number }) => o.kind)).toEqual([3, 2, 1]);
      expect((await list(6)).rows.map((o: { kind: number; course: unknown }) => [o.kind, o.course])).toEqual([[6, null]]);
      for (const type of [2, 3, 4]) expect((await list(type)).total).toBe(0);
    });
  });

  describe('double taps', () => {
    it('20 concurrent taps per kind give one pending order per kind', async () => {
      const { user, headers } = await signedInUser(t);
      const s = await buildSeries();
      const columnId = await buildColumn({ courses: [(await buildCourse(db())).id] });
      const live = await buildLive(db(), { start_at: Date.now() + DAY, end_at: Date.now() + 2 * DAY, price: 4900 });
      const bird = await buildCourse(db(), { activity_type: 2, bird_price: 9900, enroll_start_at: Date.now() - DAY });
      for (const url of [`/v1/orders/chapter/${s.paid}`, `/v1/orders/create/order/${columnId}`, `/v1/orders/live/${live.id}`, `/v1/orders/${bird.id}`]) {
        const answers = await Promise.all(Array.from({ length: 20 }, () => post(t, url, headers)));
        const ids = new Set(answers.map((r) => r.json().data?.order?.orderId));
        expect(ids.size, url).toBe(1);
        expect([...ids][0], url).toBeTypeOf('number');
      }
      const rows = await db().selectFrom('orders').select(['kind']).where('user_id', '=', user.id).execute();
      expect(rows.map((r) => r.kind).sort()).toEqual([2, 3, 5, 6]);
    });
  });

  describe('POST /v1/orders/:id/auto_order', () => {
    const link = async (courseId: number) => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/admin/orders/auto_order_link', headers: OPS, payload: { courseId } });
      expect(res.json().code).toBe(0);
      return res.json().data as { courseId: number; timestamp: number; sign: string; path: string; expiresAt: string };
    };

    it('creates (then reuses) the caller’s pending order from a valid link', async () => {
      const { headers } = await signedInUser(t);
      const course = await buildCourse(db(), { price: 15900 });
      const l = await link(course.id);
      expect(l.path).toBe(`/course/signup?courseId=${course.id}&timestamp=${l.timestamp}&sign=${l.sign}`);
      expect(Date.parse(l.expiresAt) - l.timestamp * 1000).toBe(AUTO_ORDER_TTL_S * 1000);
      const first = (await post(t, `/v1/orders/${course.id}/auto_order?timestamp=${l.timestamp}&sign=${l.sign}`, headers)).json();
      expect(first.data).toMatchObject({ created: true, order: { kind: 1, totalPrice: 15900, status: 'pending' } });
      const again = (await post(t, `/v1/orders/${course.id}/auto_order?timestamp=${l.timestamp}&sign=${l.sign}`, headers)).json();
      expect(again.data).toMatchObject({ created: false, order: { orderId: first.data.order.orderId } });
    });

    it('refuses a tampered link (-10100), an expired one (-10101) and a future one (-10100); nothing is created', async () => {
      const { user, headers } = await signedInUser(t);
      const course = await buildCourse(db());
      const other = await buildCourse(db());
      const l = await link(course.id);
      const call = (id: number, ts: number | string, sign: string) => codeOf(post(t, `/v1/orders/${id}/auto_order?timestamp=${ts}&sign=${sign}`, headers));
      expect(await call(other.id, l.timestamp, l.sign)).toBe(ErrorCodes.AUTO_ORDER_LINK_INVALID);
      expect(await call(course.id, l.timestamp + 1, l.sign)).toBe(ErrorCodes.AUTO_ORDER_LINK_INVALID);
      expect(await call(course.id, l.timestamp, `${l.sign.slice(0, -1)}${l.sign.endsWith('0') ? '1' : '0'}`)).toBe(ErrorCodes.AUTO_ORDER_LINK_INVALID);
      expect(await call(course.id, l.timestamp, signAutoOrder('another-secret', course.id, l.timestamp))).toBe(ErrorCodes.AUTO_ORDER_LINK_INVALID);
      const old = l.timestamp - AUTO_ORDER_TTL_S - 1;
      expect(await call(course.id, old, signAutoOrder(t.config.tokenSecret, course.id, old))).toBe(ErrorCodes.AUTO_ORDER_LINK_EXPIRED);
      const future = l.timestamp + 3600;
      expect(await call(course.id, future, signAutoOrder(t.config.tokenSecret, course.id, future))).toBe(ErrorCodes.AUTO_ORDER_LINK_INVALID);
      expect(await call(course.id, 'abc', l.sign)).toBe(ErrorCodes.VALIDATION);
      expect(await codeOf(post(t, `/v1/orders/${course.id}/auto_order`, headers))).toBe(ErrorCodes.VALIDATION);
      expect(await db().selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
      // Still valid 23 hours in: the course rules apply as usual.
      const recent = l.timestamp - AUTO_ORDER_TTL_S + 3600;
      expect(await call(course.id, recent, signAutoOrder(t.config.tokenSecret, course.id, recent))).toBe(0);
    });

    it('makes links only for the operator and only for a course that exists', async () => {
      const { headers } = await signedInUser(t);
      const course = await buildCourse(db());
      for (const h of [headers, { 'x-ops-token': 'nope' }, {}]) {
        const res = await t.app.inject({ method: 'POST', url: '/v1/admin/orders/auto_order_link', headers: h, payload: { courseId: course.id } });
        expect(res.json().code).toBe(ErrorCodes.OPS_TOKEN_REQUIRED);
      }
      const missing = await t.app.inject({ method: 'POST', url: '/v1/admin/orders/auto_order_link', headers: OPS, payload: { courseId: 99999999 } });
      expect(missing.json().code).toBe(ErrorCodes.NOT_FOUND);
      const bad = await t.app.inject({ method: 'POST', url: '/v1/admin/orders/auto_order_link', headers: OPS, payload: { courseId: 'x' } });
      expect(bad.json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('POST /v1/orders/:id/send_pay (代付)', () => {
    it('lets a friend pay the owner’s order through the link: the owner gets the course, the friend does not', async () => {
      const owner = await signedInUser(t, { nickname: '小周' });
      const friend = await signedInUser(t);
      const course = await buildCourse(db(), { price: 25900 });
      const { orderId } = await create(`/v1/orders/${course.id}`, owner.headers);
      const sent = (await post(t, `/v1/orders/${orderId}/send_pay`, owner.headers)).json();
      expect(sent.code).toBe(0);
      expect(sent.data.path).toBe(`/order/payFor?token=${sent.data.token}`);
      // The same link every time.
      expect((await post(t, `/v1/orders/${orderId}/send_pay`, owner.headers)).json().data.token).toBe(sent.data.token);

      const summary = (await get(`/v1/orders/pay_for/${sent.data.token}`, friend.headers)).json();
      expect(summary.data).toMatchObject({ orderId, status: 'pending', totalPrice: 25900, orderPrice: '259.00', requesterName: '小周', isOwner: false, item: { title: course.name } });
      expect(JSON.stringify(summary.data)).not.toContain(owner.user.mobile ?? 'none');
      const params = (await post(t, `/v1/orders/pay_for/${sent.data.token}/order_web_wxpay`, friend.headers)).json();
      expect(params.data).toMatchObject({ provider: 'sandbox' });
      expect((await post(t, `/v1/orders/pay_for/${sent.data.token}/sandbox_pay`, friend.headers)).json().data.status).toBe('paid');

      expect(await owns(owner.user.id, course.id)).toBe(true);
      expect(await owns(friend.user.id, course.id)).toBe(false);
      expect((await orderRowOf(t, orderId)).payer_id).toBe(friend.user.id);
      expect((await get(`/v1/orders/pay_for/${sent.data.token}`, friend.headers)).json().data.status).toBe('paid');
      expect(await codeOf(post(t, `/v1/orders/pay_for/${sent.data.token}/order_web_wxpay`, friend.headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/send_pay`, owner.headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
      // The friend's own lists stay empty.
      expect((await get('/v1/orders/list/0', friend.headers)).json().data.total).toBe(0);
    });

    it('only the owner can send; the friend cannot cancel, pay by id or refund; a forged token is -10102', async () => {
      const owner = await signedInUser(t);
      const other = await signedInUser(t);
      const course = await buildCourse(db());
      const { orderId } = await create(`/v1/orders/${course.id}`, owner.headers);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/send_pay`, other.headers))).toBe(ErrorCodes.NOT_FOUND);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/send_pay`))).toBe(ErrorCodes.LOGIN_REQUIRED);
      expect(await codeOf(post(t, '/v1/orders/99999999/send_pay', owner.headers))).toBe(ErrorCodes.NOT_FOUND);
      const { token } = (await post(t, `/v1/orders/${orderId}/send_pay`, owner.headers)).json().data as { token: string };
      expect(await codeOf(t.app.inject({ method: 'DELETE', url: `/v1/orders/${orderId}`, headers: other.headers }))).toBe(ErrorCodes.NOT_FOUND);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/order_web_wxpay`, other.headers))).toBe(ErrorCodes.NOT_FOUND);
      expect(await codeOf(post(t, `/v1/orders/${orderId}/refund`, other.headers))).toBe(ErrorCodes.OPS_TOKEN_REQUIRED);

      // Another order's id with this MAC, a changed MAC, garbage.
      const { orderId: secondId } = await create(`/v1/orders/${(await buildCourse(db())).id}`, owner.headers);
      const mac = token.split('.')[1] as string;
      for (const forged of [`${secondId}.${mac}`, `${orderId}.${mac.slice(0, -2)}AA`, `${orderId}.x`]) {
        expect(await codeOf(get(`/v1/orders/pay_for/${forged}`, other.headers)), forged).toBe(ErrorCodes.PAY_FOR_LINK_INVALID);
        expect(await codeOf(post(t, `/v1/orders/pay_for/${forged}/sandbox_pay`, other.headers)), forged).toBe(ErrorCodes.PAY_FOR_LINK_INVALID);
      }
      expect(await codeOf(get('/v1/orders/pay_for/not-a-token', other.headers))).toBe(ErrorCodes.VALIDATION);
      expect(await codeOf(get(`/v1/orders/pay_for/${token}`))).toBe(ErrorCodes.LOGIN_REQUIRED);
      // Cancelled by the owner: the link stops working for payment.
      expect(await codeOf(t.app.inject({ method: 'DELETE', url: `/v1/orders/${orderId}`, headers: owner.headers }))).toBe(0);
      expect(await codeOf(post(t, `/v1/orders/pay_for/${token}/sandbox_pay`, other.headers))).toBe(ErrorCodes.ORDER_NOT_PENDING);
      expect((await orderRowOf(t, orderId)).status).toBe('closed');
    });
  });

  describe('grants from before migration 011', () => {
    it('a refund still revokes a whole-course grant that has no order id', async () => {
      const { user, headers } = await signedInUser(t);
      const course = await buildCourse(db());
      const order = await create(`/v1/orders/${course.id}`, headers);
      await pay(order.orderId, headers);
      await db().updateTable('user_courses').set({ order_id: null }).where('user_id', '=', user.id).execute();
      await refund(order.orderId);
      expect(await grantsOf(t, user.id)).toEqual([]);
    });
  });
});
