/**
 * The course page knows memberships: GET /v1/courses/:id answers owned (and why, `accessBy`) for
 * a member-free course seen by an active member and for a corporate course seen by that
 * corporate's active member — so the H5 shows 开始学习, not a buy button that would answer -1283.
 * The verdict is play_auth's: `/permitted` must agree with `owned` in every case. SQLite always,
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCodes, UserType, type CourseDetail } from '@jinfa/shared';
import type { NewUser } from '../src/db/schema.ts';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCorporate, buildCourse, signedInUser } from './support/factories.ts';

const DAY = 86_400_000;

describe.each(dialectsUnderTest())('course access by membership (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  async function page(courseId: number, headers: Record<string, string> = {}): Promise<CourseDetail> {
    const body = (await get(`/v1/courses/${courseId}`, headers)).json();
    expect(body.code, body.message).toBe(0);
    return body.data as CourseDetail;
  }
  /** The course page and the player must agree: owned ⇔ /permitted. */
  async function expectAccess(courseId: number, headers: Record<string, string>, accessBy: CourseDetail['accessBy'] | null) {
    const d = await page(courseId, headers);
    expect({ owned: d.owned, accessBy: d.accessBy ?? null }).toEqual({ owned: accessBy !== null, accessBy });
    const permitted = (await get(`/v1/courses/${courseId}/permitted`, headers)).json();
    expect(permitted.code).toBe(0);
    expect(permitted.data.permitted).toBe(accessBy !== null);
  }
  const learner = (overrides: Partial<NewUser>) => signedInUser(t, overrides);

  describe('GET /v1/courses/:id — member-free courses', () => {
    it('tells an active member the course is theirs through membership, and ordering it answers -1283', async () => {
      const course = await buildCourse(t.app.db, { member_free: 1, vip_price: 0 });
      const member = await learner({ user_type: UserType.BASIC_MEMBER, member_expire_at: Date.now() + 30 * DAY });
      await expectAccess(course.id, member.headers, 'member');
      const order = (await t.app.inject({ method: 'POST', url: `/v1/orders/${course.id}`, headers: member.headers, payload: {} })).json();
      expect(order.code).toBe(ErrorCodes.ALREADY_ENROLLED);
      // A lifetime membership (no expiry) counts the same.
      const lifetime = await learner({ user_type: UserType.BUNDLE_MEMBER, member_expire_at: null });
      await expectAccess(course.id, lifetime.headers, 'member');
    });

    it('offers the buy button again once the membership has expired, and the order goes through', async () => {
      const course = await buildCourse(t.app.db, { member_free: 1, vip_price: 0 });
      const lapsed = await learner({ user_type: UserType.BASIC_MEMBER, member_expire_at: Date.now() - DAY });
      await expectAccess(course.id, lapsed.headers, null);
      const order = (await t.app.inject({ method: 'POST', url: `/v1/orders/${course.id}`, headers: lapsed.headers, payload: {} })).json();
      expect(order.code).toBe(0);
      expect(order.data.order.totalPrice).toBe(course.price);
    });

    it('does not open it to non-members: ordinary, trial (2) and early-bird (8) users', async () => {
      const course = await buildCourse(t.app.db, { member_free: 1, vip_price: 0 });
      for (const user_type of [UserType.ORDINARY, UserType.TIME_LIMITED_MEMBER, UserType.ORDINARY_EARLY_BIRD]) {
        const who = await learner({ user_type, member_expire_at: Date.now() + 30 * DAY });
        await expectAccess(course.id, who.headers, null);
      }
    });

    it('keeps a paid course that is not member-free closed to a member', async () => {
      const course = await buildCourse(t.app.db, { member_free: 0 });
      const member = await learner({ user_type: UserType.BASIC_MEMBER, member_expire_at: Date.now() + 30 * DAY });
      await expectAccess(course.id, member.headers, null);
    });

    it('says owned (not member) for a course the member bought, and free for a free course', async () => {
      const bought = await buildCourse(t.app.db, { member_free: 1, vip_price: 0 });
      const free = await buildCourse(t.app.db, { price: 0, vip_price: null, is_free: 1 });
      const member = await learner({ user_type: UserType.BASIC_MEMBER, member_expire_at: Date.now() + 30 * DAY });
      await t.app.db.insertInto('user_courses').values({ user_id: member.user.id, course_id: bought.id, source: 'order', created_at: Date.now() }).execute();
      await expectAccess(bought.id, member.headers, 'owned');
      await expectAccess(free.id, member.headers, 'free');
    });

    it("never serves one member's answer to an anonymous reader or to another learner", async () => {
      const course = await buildCourse(t.app.db, { member_free: 1, vip_price: 0 });
      const anonymousFirst = await get(`/v1/courses/${course.id}`); // warms the anonymous cache
      expect(anonymousFirst.json().data).toMatchObject({ owned: false });
      expect(anonymousFirst.json().data).not.toHaveProperty('accessBy');
      const member = await learner({ user_type: UserType.BASIC_MEMBER, member_expire_at: Date.now() + 30 * DAY });
      const res = await get(`/v1/courses/${course.id}`, member.headers);
      expect(res.json().data).toMatchObject({ owned: true, accessBy: 'member' });
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toContain('Access-Token');
      // Same ETag sent back by an anonymous reader: it must not get the member's answer as a 304.
      const anon = await get(`/v1/courses/${course.id}`, { 'if-none-match': res.headers.etag as string });
      expect(anon.statusCode).toBe(200);
      expect(anon.json().data).toMatchObject({ owned: false });
      const other = await learner({});
      expect(await page(course.id, other.headers)).toMatchObject({ owned: false });
    });
  });

  describe('GET /v1/courses/:id — corporate courses', () => {
    it("opens a corporate's course to its active enterprise members (types 6 and 7) only", async () => {
      const corp = await buildCorporate(t.app.db, { name: '青溪农村商业银行' });
      const otherCorp = await buildCorporate(t.app.db, { name: '东岭城市商业银行' });
      const course = await buildCourse(t.app.db, { corporate_id: corp.id });
      for (const user_type of [UserType.ENTERPRISE_CUSTOM, UserType.ENTERPRISE_ANNUAL]) {
        const mine = await learner({ user_type, corporate_id: corp.id, member_expire_at: Date.now() + 30 * DAY });
        await expectAccess(course.id, mine.headers, 'corporate');
      }
      const elsewhere = await learner({ user_type: UserType.ENTERPRISE_ANNUAL, corporate_id: otherCorp.id, member_expire_at: Date.now() + 30 * DAY });
      await expectAccess(course.id, elsewhere.headers, null);
      // An individual member with the right corporate_id is not an enterprise member.
      const individual = await learner({ user_type: UserType.BASIC_MEMBER, corporate_id: corp.id, member_expire_at: Date.now() + 30 * DAY });
      await expectAccess(course.id, individual.headers, null);
    });

    it('closes the course when the corporate membership expired, even with a corporate grant on record', async () => {
      const corp = await buildCorporate(t.app.db);
      const course = await buildCourse(t.app.db, { corporate_id: corp.id });
      const expired = await learner({ user_type: UserType.ENTERPRISE_ANNUAL, corporate_id: corp.id, member_expire_at: Date.now() - DAY });
      await expectAccess(course.id, expired.headers, null);
      await t.app.db.insertInto('user_courses').values({ user_id: expired.user.id, course_id: course.id, source: 'corporate', created_at: Date.now() }).execute();
      await expectAccess(course.id, expired.headers, null);
    });

    it('counts an enterprise membership as a membership for member-free public courses', async () => {
      const corp = await buildCorporate(t.app.db);
      const course = await buildCourse(t.app.db, { member_free: 1, vip_price: 0 });
      const enterprise = await learner({ user_type: UserType.ENTERPRISE_CUSTOM, corporate_id: corp.id, member_expire_at: Date.now() + DAY });
      await expectAccess(course.id, enterprise.headers, 'member');
    });
  });
});
