/**
 * Memberships (issue 4 point 3, decision 012): `/v1/course_members/*`, buying a plan through the
 * one order path (`POST /v1/orders/member/{planId}` → order_web_wxpay → sandbox notify →
 * fulfilment), renewals, upgrades, expiry, member prices, and refunds that revoke once.
 * After each test the order invariants (course and membership) are checked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, SignupKind } from '@jinfa/shared';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCorporate, buildCourse, signedInUser } from './support/factories.ts';
import { expectEntitlementInvariant, notify, post, sandboxOf } from './orders-helpers.ts';
import { insertMembershipPlans } from '../src/demo/seeder.ts';
import { DEFAULT_OPS_TOKEN } from '../src/config.ts';

const DAY = 24 * 60 * 60 * 1000;
const OPS = { 'x-ops-token': DEFAULT_OPS_TOKEN };
type Headers = Record<string, string>;

describe.each(dialectsUnderTest())('memberships (%s)', (dialect) => {
  let t: TestApp;
  const plan: Record<string, number> = {};
  beforeAll(async () => {
    t = await build(dialect, { config: { rateLimit: { ipPerMinute: 0, userPerMinute: 0 } } });
    await t.app.db.transaction().execute((trx) => insertMembershipPlans(trx, Date.now()));
    for (const p of await t.app.db.selectFrom('membership_plans').select(['id', 'code']).execute()) plan[p.code] = p.id;
  });
  afterEach(() => expectEntitlementInvariant(t.app.db));
  afterAll(() => t.close());

  const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });
  const userRow = (id: number) => t.app.db.selectFrom('users').select(['user_type', 'member_expire_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const orderRow = (id: number) => t.app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const grantsOf = (userId: number) => t.app.db.selectFrom('membership_grants').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const expireAt = async (userId: number) => Number((await userRow(userId)).member_expire_at);

  /** The caller's pending membership order for a plan. */
  async function orderPlan(code: string, headers: Headers) {
    const res = await post(t, `/v1/orders/member/${plan[code]}`, headers);
    expect(res.json().code, JSON.stringify(res.json())).toBe(0);
    return orderRow(res.json().data.order.orderId as number);
  }

  /** Buys a plan end to end: order → pay parameters → the sandbox's signed notification. */
  async function buy(code: string, headers: Headers) {
    const order = await orderPlan(code, headers);
    expect((await post(t, `/v1/orders/${order.id}/order_web_wxpay`, headers)).json().code).toBe(0);
    const signed = sandboxOf(t).simulatePayment(order.order_no, order.amount_fen);
    expect((await notify(t, signed)).statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('paid');
    return order;
  }

  const refund = (orderId: number) => t.app.inject({ method: 'POST', url: `/v1/orders/${orderId}/refund`, headers: OPS, payload: {} });

  describe('GET /v1/course_members/rights/list', () => {
    it('answers the on-sale plans of the billing type with their rights, in order', async () => {
      const monthly = await get('/v1/course_members/rights/list?type=3');
      expect(monthly.json().code).toBe(0);
      const m = monthly.json().data;
      expect(m.type).toBe(3);
      expect(m.plans.map((p: { code: string }) => p.code)).toEqual(['basic-month', 'topic-month', 'traffic-month']);
      expect(m.plans[0]).toMatchObject({ userType: 3, userTypeLabel: '基础会员', billingType: 3, durationDays: 30, price: 3900, priceYuan: '39.00', originalPriceYuan: '69.00' });
      expect(m.plans[0].rights.map((r: { title: string }) => r.title)).toEqual(['会员免费课程', '会员专享价', '课件下载', '直播回放']);

      const yearly = (await get('/v1/course_members/rights/list?type=1')).json().data;
      expect(yearly.plans.map((p: { code: string }) => p.code)).toEqual(['basic-year', 'bundle-year', 'student-year']);
      // Without a type: monthly.
      expect((await get('/v1/course_members/rights/list')).json().data.type).toBe(3);
    });

    it('leaves out plans taken off sale', async () => {
      await t.app.db.updateTable('membership_plans').set({ on_sale: 0 }).where('id', '=', plan['traffic-month']!).execute();
      try {
        const codes = (await get('/v1/course_members/rights/list?type=3')).json().data.plans.map((p: { code: string }) => p.code);
        expect(codes).not.toContain('traffic-month');
      } finally {
        await t.app.db.updateTable('membership_plans').set({ on_sale: 1 }).where('id', '=', plan['traffic-month']!).execute();
      }
    });

    it('refuses other billing types with a coded envelope', async () => {
      for (const q of ['type=2', 'type=abc', 'type=']) {
        const res = await get(`/v1/course_members/rights/list?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().code).toBe(ErrorCodes.VALIDATION);
      }
    });
  });

  describe('GET /v1/course_members/check', () => {
    it('says who is an active member, of what kind, until when and how many days are left', async () => {
      const now = Date.now();
      const cases = [
        { user: { user_type: 1 }, want: { member: false, expired: false, kindName: '普通用户', expireAt: null, daysLeft: null } },
        { user: { user_type: 3, member_expire_at: now + 10 * DAY - 3600_000 }, want: { member: true, expired: false, kindName: '基础会员', daysLeft: 10 } },
        { user: { user_type: 3, member_expire_at: now - DAY }, want: { member: false, expired: true, kindName: '基础会员', daysLeft: null } },
        { user: { user_type: 2, member_expire_at: now + DAY }, want: { member: false, expired: false, kindName: '限时会员' } },
        { user: { user_type: 8, member_expire_at: null }, want: { member: false, expired: false, kindName: '早鸟用户' } },
        { user: { user_type: 7, member_expire_at: now + 100 * DAY }, want: { member: true, kindName: '企业年度会员', daysLeft: 100 } },
        { user: { user_type: 5, member_expire_at: null }, want: { member: true, expireAt: null, daysLeft: null } },
      ];
      for (const c of cases) {
        const { headers } = await signedInUser(t, c.user);
        const res = await get('/v1/course_members/check', headers);
        expect(res.json().code).toBe(0);
        expect(res.json().data, JSON.stringify(c.user)).toMatchObject(c.want);
      }
    });

    it('needs a login', async () => {
      const res = await get('/v1/course_members/check');
      expect(res.json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('GET /v1/course_members/rights', () => {
    it('answers the basic list to anonymous callers and non-members, and the plan’s rights to a member', async () => {
      const anonymous = (await get('/v1/course_members/rights')).json();
      expect(anonymous.code).toBe(0);
      expect(anonymous.data).toMatchObject({ member: false, kindName: '基础会员' });
      expect(anonymous.data.rights.map((r: { icon: string }) => r.icon)).toEqual(['free', 'price', 'download', 'live']);

      const expired = await signedInUser(t, { user_type: 5, member_expire_at: Date.now() - 1 });
      expect((await get('/v1/course_members/rights', expired.headers)).json().data).toMatchObject({ member: false, rights: anonymous.data.rights });

      const { headers } = await signedInUser(t);
      await buy('bundle-year', headers);
      const mine = (await get('/v1/course_members/rights', headers)).json().data;
      expect(mine).toMatchObject({ member: true, userType: 5, kindName: '套餐会员' });
      expect(mine.rights.map((r: { title: string }) => r.title)).toContain('专属客服');
    });
  });

  describe('GET /v1/course_members/vip_info', () => {
    it('adds up what member prices saved on paid orders, and shows the corporate membership of types 6/7', async () => {
      const corporate = await buildCorporate(t.app.db, { name: '青溪农村商业银行' });
      const expires = Date.now() + 200 * DAY;
      const { headers } = await signedInUser(t, { user_type: 7, member_expire_at: expires, corporate_id: corporate.id });
      const fresh = (await get('/v1/course_members/vip_info', headers)).json();
      expect(fresh.code).toBe(0);
      expect(fresh.data).toMatchObject({ member: true, kindName: '企业年度会员', savedFen: 0, savedYuan: '0.00' });
      expect(fresh.data.corporate).toEqual({ corporateId: corporate.id, name: '青溪农村商业银行', kindName: '企业年度会员', expireAt: new Date(expires).toISOString(), expired: false });

      // Two courses bought at the member price: 299 → 199 and 99 → 59 saves 140 yuan.
      for (const c of [{ price: 29900, vip_price: 19900 }, { price: 9900, vip_price: 5900 }]) {
        const course = await buildCourse(t.app.db, c);
        const res = await post(t, `/v1/orders/${course.id}`, headers);
        const order = await orderRow(res.json().data.order.orderId);
        expect(order.amount_fen).toBe(c.vip_price);
        await notify(t, sandboxOf(t).simulatePayment(order.order_no, order.amount_fen));
      }
      expect((await get('/v1/course_members/vip_info', headers)).json().data).toMatchObject({ savedFen: 14000, savedYuan: '140.00' });
    });

    it('answers no corporate part and an expired flag for an ordinary user whose membership ran out', async () => {
      const { headers } = await signedInUser(t, { user_type: 3, member_expire_at: Date.now() - DAY });
      expect((await get('/v1/course_members/vip_info', headers)).json().data).toMatchObject({ member: false, expired: true, corporate: null, daysLeft: null });
      expect((await get('/v1/course_members/vip_info')).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('POST /v1/orders/member/:planId', () => {
    it('buying end to end makes the user a member with the right expiry exactly once under 50 concurrent replays', async () => {
      const { user, headers } = await signedInUser(t);
      const order = await orderPlan('basic-month', headers);
      expect(order).toMatchObject({ kind: SignupKind.MEMBERSHIP, type: 1, target_id: plan['basic-month'], course_id: null, amount_fen: 3900, status: 'pending' });
      expect((await post(t, `/v1/orders/${order.id}/order_web_wxpay`, headers)).json().code).toBe(0);
      const before = Date.now();
      const signed = sandboxOf(t).simulatePayment(order.order_no, order.amount_fen);
      const answers = await Promise.all(Array.from({ length: 50 }, () => notify(t, signed)));
      const after = Date.now();
      expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));

      expect((await orderRow(order.id)).status).toBe('paid');
      const grants = await grantsOf(user.id);
      expect(grants).toHaveLength(1);
      expect(grants[0]).toMatchObject({ order_id: order.id, user_type: 3, duration_days: 30, prev_user_type: 1, prev_expire_at: null, revoked_at: null });
      const row = await userRow(user.id);
      expect(row.user_type).toBe(3);
      expect(Number(row.member_expire_at)).toBeGreaterThanOrEqual(before + 30 * DAY);
      expect(Number(row.member_expire_at)).toBeLessThanOrEqual(after + 30 * DAY);
      expect((await get('/v1/course_members/check', headers)).json().data).toMatchObject({ member: true, userType: 3, daysLeft: 30 });
      expect((await get(`/v1/course_members/orders/${order.id}`, headers)).json().data).toEqual({ orderId: order.id, status: 'paid', paid: true, owned: true });
      // The order shows in "my orders" like any other, without a course.
      const listed = (await get('/v1/orders/list/0', headers)).json().data.rows;
      expect(listed).toMatchObject([{ orderId: order.id, kind: 7, status: 'paid', orderPrice: '39.00', course: null }]);
    });

    it('50 concurrent taps give one pending order', async () => {
      const { user, headers } = await signedInUser(t);
      const answers = await Promise.all(Array.from({ length: 50 }, () => post(t, `/v1/orders/member/${plan['basic-year']}`, headers)));
      const bodies = answers.map((r) => r.json());
      expect(bodies.every((b) => b.code === 0)).toBe(true);
      expect(new Set(bodies.map((b) => b.data.order.orderId)).size).toBe(1);
      expect(bodies.filter((b) => b.data.created)).toHaveLength(1);
      expect(await t.app.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    });

    it('a renewal extends from the current expiry; an upgrade applies at once and carries the time left over', async () => {
      const { user, headers } = await signedInUser(t);
      await buy('basic-month', headers);
      const first = await expireAt(user.id);
      await buy('basic-month', headers);
      expect(await expireAt(user.id)).toBe(first + 30 * DAY);
      expect((await get('/v1/course_members/check', headers)).json().data.daysLeft).toBe(60);

      await buy('bundle-year', headers);
      expect(await userRow(user.id)).toEqual({ user_type: 5, member_expire_at: first + 30 * DAY + 365 * DAY });
      const grants = await grantsOf(user.id);
      expect(grants.map((g) => [g.user_type, g.expires_at - g.starts_at])).toEqual([
        [3, 30 * DAY],
        [3, 30 * DAY],
        [5, 365 * DAY],
      ]);
      expect(grants[1]?.starts_at).toBe(first);
    });

    it('two plans paid at the same moment both count (one applies after the other)', async () => {
      const { user, headers } = await signedInUser(t);
      const month = await orderPlan('basic-month', headers);
      const year = await orderPlan('basic-year', headers);
      const before = Date.now();
      const signed = [month, year].map((o) => sandboxOf(t).simulatePayment(o.order_no, o.amount_fen));
      await Promise.all(Array.from({ length: 10 }, (_, i) => notify(t, signed[i % 2]!)));
      const after = Date.now();
      expect(await grantsOf(user.id)).toHaveLength(2);
      const expiry = await expireAt(user.id);
      expect(expiry).toBeGreaterThanOrEqual(before + 395 * DAY);
      expect(expiry).toBeLessThanOrEqual(after + 395 * DAY);
    });

    it('an expired member starts afresh from now', async () => {
      const { user, headers } = await signedInUser(t, { user_type: 3, member_expire_at: Date.now() - 5 * DAY });
      const before = Date.now();
      await buy('basic-month', headers);
      expect(await expireAt(user.id)).toBeGreaterThanOrEqual(before + 30 * DAY);
    });

    it('refuses what makes no sense: a downgrade, an enterprise or lifetime member, a plan off sale, an unknown plan', async () => {
      const bundle = await signedInUser(t, { user_type: 5, member_expire_at: Date.now() + 100 * DAY });
      const corporate = await signedInUser(t, { user_type: 7, member_expire_at: Date.now() + 100 * DAY });
      const lifetime = await signedInUser(t, { user_type: 3, member_expire_at: null });
      for (const who of [bundle, corporate, lifetime]) {
        const res = await post(t, `/v1/orders/member/${plan['basic-month']}`, who.headers);
        expect(res.json().code).toBe(ErrorCodes.MEMBERSHIP_NOT_NEEDED);
      }
      // A lapsed bundle member may buy anything.
      const lapsed = await signedInUser(t, { user_type: 5, member_expire_at: Date.now() - 1 });
      expect((await post(t, `/v1/orders/member/${plan['traffic-month']}`, lapsed.headers)).json().code).toBe(0);

      const { headers } = await signedInUser(t);
      await t.app.db.updateTable('membership_plans').set({ on_sale: 0 }).where('id', '=', plan['student-year']!).execute();
      try {
        expect((await post(t, `/v1/orders/member/${plan['student-year']}`, headers)).json().code).toBe(ErrorCodes.MEMBERSHIP_PLAN_OFF_SALE);
      } finally {
        await t.app.db.updateTable('membership_plans').set({ on_sale: 1 }).where('id', '=', plan['student-year']!).execute();
      }
      expect((await post(t, '/v1/orders/member/99999999', headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
      for (const bad of ['abc', '0', '-1', '1e20']) {
        const res = await post(t, `/v1/orders/member/${bad}`, headers);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe(ErrorCodes.VALIDATION);
      }
      expect((await post(t, `/v1/orders/member/${plan['basic-month']}`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      const locked = await signedInUser(t, { account_status: 1 });
      expect((await post(t, `/v1/orders/member/${plan['basic-month']}`, locked.headers)).json().code).toBe(ErrorCodes.USER_LOCKED);
    });
  });

  describe('member prices follow the membership', () => {
    it('apply after buying, and not once it has expired; member-free courses likewise', async () => {
      const { user, headers } = await signedInUser(t);
      const course = await buildCourse(t.app.db, { price: 29900, vip_price: 19900 });
      const free = await buildCourse(t.app.db, { price: 19900, vip_price: null, member_free: 1 });
      const amountNow = async () => {
        const res = await post(t, `/v1/orders/${course.id}`, headers);
        const order = res.json().data.order;
        // Cancel, so the next call prices afresh.
        await t.app.inject({ method: 'DELETE', url: `/v1/orders/${order.orderId}`, headers });
        return order.totalPrice as number;
      };
      expect(await amountNow()).toBe(29900);
      await buy('basic-month', headers);
      expect(await amountNow()).toBe(19900);
      expect((await post(t, `/v1/orders/${free.id}`, headers)).json().code).toBe(ErrorCodes.ALREADY_ENROLLED);

      // Time passes: the membership ends a moment ago.
      await t.app.db.updateTable('users').set({ member_expire_at: Date.now() - 1 }).where('id', '=', user.id).execute();
      expect(await amountNow()).toBe(29900);
      expect((await post(t, `/v1/orders/${free.id}`, headers)).json().code).toBe(0);
      expect((await get('/v1/course_members/check', headers)).json().data).toMatchObject({ member: false, expired: true });
      expect((await get('/v1/course_members/vip_info', headers)).json().data).toMatchObject({ member: false, expired: true });
    });
  });

  describe('refunds', () => {
    it('revoke the grant once under 20 concurrent refunds and recompute from the remaining grants', async () => {
      const { user, headers } = await signedInUser(t);
      const first = await buy('basic-month', headers);
      const second = await buy('basic-month', headers);
      const [g1, g2] = await grantsOf(user.id);
      expect(await expireAt(user.id)).toBe(g1!.expires_at + 30 * DAY);

      const answers = await Promise.all(Array.from({ length: 20 }, () => refund(first.id)));
      expect(answers.every((r) => r.json().code === 0)).toBe(true);
      const after = await grantsOf(user.id);
      expect(after[0]?.revoked_at).not.toBeNull();
      expect(after[1]?.revoked_at).toBeNull();
      // The second purchase alone, replayed from where the user started (ordinary) at its own time.
      expect(after[1]?.starts_at).toBe(g2!.granted_at);
      expect(after[1]?.expires_at).toBe(g2!.granted_at + 30 * DAY);
      expect(await userRow(user.id)).toEqual({ user_type: 3, member_expire_at: g2!.granted_at + 30 * DAY });
      const revokedAt = after[0]?.revoked_at;
      // Asking again changes nothing.
      expect((await refund(first.id)).json().data.status).toBe('refunded');
      expect((await grantsOf(user.id))[0]?.revoked_at).toBe(revokedAt);

      expect((await refund(second.id)).json().code).toBe(0);
      expect(await userRow(user.id)).toEqual({ user_type: 1, member_expire_at: null });
      expect((await get('/v1/course_members/check', headers)).json().data).toMatchObject({ member: false, expired: false });
      expect((await get(`/v1/course_members/orders/${second.id}`, headers)).json().data).toMatchObject({ status: 'refunded', paid: false, owned: false });
    });

    it('a refund of an upgrade falls back to the renewal bought before it, and restores a seeded membership', async () => {
      const seededExpiry = Date.now() + 3 * DAY;
      const { user, headers } = await signedInUser(t, { user_type: 3, member_expire_at: seededExpiry });
      await buy('basic-month', headers);
      const upgrade = await buy('bundle-year', headers);
      expect(await userRow(user.id)).toEqual({ user_type: 5, member_expire_at: seededExpiry + 395 * DAY });
      expect((await refund(upgrade.id)).json().code).toBe(0);
      expect(await userRow(user.id)).toEqual({ user_type: 3, member_expire_at: seededExpiry + 30 * DAY });
    });

    it('leave an enterprise membership that arrived since alone', async () => {
      const { user, headers } = await signedInUser(t);
      const order = await buy('basic-month', headers);
      const corporateExpiry = Date.now() + 300 * DAY;
      await t.app.db.updateTable('users').set({ user_type: 7, member_expire_at: corporateExpiry }).where('id', '=', user.id).execute();
      expect((await refund(order.id)).json().code).toBe(0);
      expect(await userRow(user.id)).toEqual({ user_type: 7, member_expire_at: corporateExpiry });
      expect((await grantsOf(user.id))[0]?.revoked_at).not.toBeNull();
    });
  });

  describe('per-user privacy', () => {
    it('user B never sees, pays or cancels A’s membership order, and is no member because of it', async () => {
      const a = await signedInUser(t);
      const b = await signedInUser(t);
      const pending = await orderPlan('topic-month', a.headers);
      expect((await get(`/v1/course_members/orders/${pending.id}`, b.headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
      expect((await post(t, `/v1/orders/${pending.id}/order_web_wxpay`, b.headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
      expect((await t.app.inject({ method: 'DELETE', url: `/v1/orders/${pending.id}`, headers: b.headers })).json().code).toBe(ErrorCodes.NOT_FOUND);

      await notify(t, sandboxOf(t).simulatePayment(pending.order_no, pending.amount_fen));
      expect((await get('/v1/course_members/check', a.headers)).json().data).toMatchObject({ member: true, userType: 4 });
      expect((await get(`/v1/course_members/orders/${pending.id}`, b.headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
      expect((await get('/v1/course_members/check', b.headers)).json().data).toMatchObject({ member: false, userType: 1 });
      expect((await get('/v1/course_members/vip_info', b.headers)).json().data).toMatchObject({ member: false, savedFen: 0 });
      expect((await get('/v1/orders/list/0', b.headers)).json().data.total).toBe(0);
      // Only membership orders are polled here: a course order id answers not found even to its owner.
      const course = await buildCourse(t.app.db);
      const courseOrder = (await post(t, `/v1/orders/${course.id}`, a.headers)).json().data.order.orderId;
      expect((await get(`/v1/course_members/orders/${courseOrder}`, a.headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
    });
  });
});
