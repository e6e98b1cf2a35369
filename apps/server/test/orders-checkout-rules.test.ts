/**
 * Rules of `POST /v1/orders/{courseId}` found missing in review (issue 4), on SQLite and PostgreSQL:
 * - a paid group-buy order whose group has not formed holds the course: no second payment for it
 *   (a plain order, or a group of another activity of the same course) until the group forms (then
 *   the course is owned) or fails (then the money goes back and the learner may buy again);
 * - a corporate's course is not sold to that corporate's active members: the course page says
 *   开始学习 (`accessBy` 'corporate', the player's `checkEntitlement`), and ordering answers -1283
 *   the way member-free courses do — the same verdict, never a second copy of the rule.
 */
import { describe, expect, it } from 'vitest';
import { UserType } from '@jinfa/shared';
import type { NewUser } from '../src/db/schema.ts';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCorporate, buildCourse, signedInUser } from './support/factories.ts';
import { expectEntitlementInvariant, post, sandboxPay, useOrdersApp } from './orders-helpers.ts';
import { buildGroupActivity, expectActivityInvariant } from './activities-helpers.ts';
import { runActivityUpkeep } from '../src/modules/activities/upkeep-service.ts';
import { GROUP_FAIL_GRACE_MS } from '../src/modules/activities/group-service.ts';
import { runOrderUpkeep } from '../src/modules/orders/reconcile-service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe.each(dialectsUnderTest())('checkout rules (%s)', (dialect) => {
  let t: TestApp;
  const { db, get } = useOrdersApp(dialect, (app) => (t = app));
  const ordersOf = (userId: number) => db().selectFrom('orders').select(['id', 'type', 'status']).where('user_id', '=', userId).orderBy('id').execute();
  const pay = async (orderId: number, headers: Record<string, string>) => expect(await sandboxPay(t, orderId, headers)).toBe('paid');
  /** A leader who started a group of `size` on a new course and paid for it. */
  async function paidLeader(size = 2) {
    const activity = await buildGroupActivity(db(), { size });
    const leader = await signedInUser(t);
    const started = (await post(t, `/v1/activities/group/${activity.id}/start`, leader.headers)).json();
    expect(started.code, started.message).toBe(0);
    await pay(started.data.order.orderId, leader.headers);
    return { activity, courseId: activity.course_id, leader, groupId: started.data.group.groupId as number, orderId: started.data.order.orderId as number };
  }

  describe('a paid group order whose group has not formed', () => {
    it('refuses a plain order for the course with -1283 and creates no order', async () => {
      const { courseId, leader } = await paidLeader();
      const before = await ordersOf(leader.user.id);
      const res = (await post(t, `/v1/orders/${courseId}`, leader.headers)).json();
      expect(res.code).toBe(-1283);
      expect(res.message).toContain('拼团');
      expect(await ordersOf(leader.user.id)).toEqual(before);
      await expectEntitlementInvariant(db());
      await expectActivityInvariant(db());
    });

    it("refuses a group of another activity of the same course; the same activity still answers 'already in a group'", async () => {
      const { activity, courseId, leader } = await paidLeader();
      const other = await buildGroupActivity(db(), { courseId });
      expect((await post(t, `/v1/activities/group/${other.id}/start`, leader.headers)).json().code).toBe(-1283);
      expect((await post(t, `/v1/activities/group/${activity.id}/start`, leader.headers)).json().code).toBe(-10122);
      // Somebody else, with no group payment, may still buy the course plainly.
      const stranger = await signedInUser(t);
      expect((await post(t, `/v1/orders/${courseId}`, stranger.headers)).json().code).toBe(0);
    });

    it('does not hold an unpaid (reserved) group order against the learner, nor another course', async () => {
      const activity = await buildGroupActivity(db(), { size: 2 });
      const leader = await signedInUser(t);
      expect((await post(t, `/v1/activities/group/${activity.id}/start`, leader.headers)).json().code).toBe(0);
      const elsewhere = await buildCourse(db(), { price: 5900 });
      expect((await post(t, `/v1/orders/${elsewhere.id}`, leader.headers)).json().code).toBe(0);
    });

    it('lets the learner buy again once the group failed and the money went back; a formed group means owned', async () => {
      const { courseId, leader, orderId } = await paidLeader(3);
      const after = Date.now() + 24 * HOUR + GROUP_FAIL_GRACE_MS + 1000;
      await runOrderUpkeep(db(), t.app.adapters.pay, after);
      await runActivityUpkeep(db(), t.app.adapters.pay, t.app.adapters.payout, { appId: t.config.wechat.appId, now: after });
      expect((await db().selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('refunded');
      expect((await post(t, `/v1/orders/${courseId}`, leader.headers)).json().code).toBe(0);

      const formed = await paidLeader(2);
      const member = await signedInUser(t);
      const joined = (await post(t, `/v1/activities/groups/${formed.groupId}/join`, member.headers)).json();
      await pay(joined.data.order.orderId, member.headers);
      for (const u of [formed.leader, member]) expect((await post(t, `/v1/orders/${formed.courseId}`, u.headers)).json().code).toBe(-1283);
      await expectEntitlementInvariant(db());
      await expectActivityInvariant(db());
    });
  });

  describe("a corporate's course", () => {
    const learner = (overrides: Partial<NewUser>) => signedInUser(t, overrides);
    /** The page and the order agree: owned on the page ⇔ ordering answers -1283. */
    async function expectPageAndOrder(courseId: number, headers: Record<string, string>, owned: boolean) {
      const page = (await get(`/v1/courses/${courseId}`, headers)).json();
      expect(page.data.owned).toBe(owned);
      const order = (await post(t, `/v1/orders/${courseId}`, headers)).json();
      expect(order.code, order.message).toBe(owned ? -1283 : 0);
    }

    it("answers -1283 to that corporate's active members (types 6 and 7) and sells to everyone else", async () => {
      const corp = await buildCorporate(db(), { name: '青溪农村商业银行' });
      const otherCorp = await buildCorporate(db(), { name: '东岭城市商业银行' });
      const course = await buildCourse(db(), { corporate_id: corp.id, price: 29900 });
      for (const user_type of [UserType.ENTERPRISE_CUSTOM, UserType.ENTERPRISE_ANNUAL]) {
        const member = await learner({ user_type, corporate_id: corp.id, member_expire_at: Date.now() + 30 * DAY });
        await expectPageAndOrder(course.id, member.headers, true);
        expect(await ordersOf(member.user.id)).toEqual([]);
        const res = (await post(t, `/v1/orders/${course.id}`, member.headers)).json();
        expect(res.message).toContain('企业会员');
      }
      // Another corporate's member, an individual member with the right corporate id, a lapsed member: they buy.
      await expectPageAndOrder(course.id, (await learner({ user_type: UserType.ENTERPRISE_ANNUAL, corporate_id: otherCorp.id, member_expire_at: Date.now() + 30 * DAY })).headers, false);
      await expectPageAndOrder(course.id, (await learner({ user_type: UserType.BASIC_MEMBER, corporate_id: corp.id, member_expire_at: Date.now() + 30 * DAY })).headers, false);
      await expectPageAndOrder(course.id, (await learner({ user_type: UserType.ENTERPRISE_ANNUAL, corporate_id: corp.id, member_expire_at: Date.now() - DAY })).headers, false);
    });

    it('still refuses a lapsed member whose corporate grant is on record: an order could not grant the course', async () => {
      const corp = await buildCorporate(db());
      const course = await buildCourse(db(), { corporate_id: corp.id });
      const lapsed = await learner({ user_type: UserType.ENTERPRISE_ANNUAL, corporate_id: corp.id, member_expire_at: Date.now() - DAY });
      await db().insertInto('user_courses').values({ user_id: lapsed.user.id, course_id: course.id, source: 'corporate', created_at: Date.now() }).execute();
      expect((await post(t, `/v1/orders/${course.id}`, lapsed.headers)).json().code).toBe(-1283);
      expect(await ordersOf(lapsed.user.id)).toEqual([]);
    });

    it('answers -1283 to an active member for a member-free course, as before', async () => {
      const course = await buildCourse(db(), { member_free: 1, vip_price: 0 });
      const member = await learner({ user_type: UserType.BASIC_MEMBER, member_expire_at: Date.now() + DAY });
      await expectPageAndOrder(course.id, member.headers, true);
    });
  });
});
