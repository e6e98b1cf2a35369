/**
 * The access module (decision 024): one verdict for "may this learner play this course or
 * chapter", and WHY, for both outcomes — bought, chapter, column, membership (with the member
 * kind), corporate, free, trial, another grant; not enrolled, expired, off shelf, not started.
 * Through the service on rows as orders, memberships and enrolment write them, and through the
 * course page, which carries the reason as `accessReason`. SQLite always, PostgreSQL with
 * TEST_DATABASE_URL.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ErrorCodes, SignupKind, UserType, type CourseDetail } from '@jinfa/shared';
import type { NewUser, UserCourseSource, UserRow } from '../src/db/schema.ts';
import { checkEntitlement, type Verdict } from '../src/modules/access/access-service.ts';
import { findPlayCourse, type PlayChapterRow } from '../src/modules/access/access-repository.ts';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCorporate, buildCourse, buildFreeCourse, buildLecturer, buildUser, signedInUser, type CourseOverrides } from './support/factories.ts';

const DAY = 86_400_000;

describe.each(dialectsUnderTest())('access verdicts (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  const db = () => t.app.db;
  const learner = (overrides: Partial<NewUser> = {}) => buildUser(db(), overrides);

  /** The verdict for the whole course, or for one of its chapters. */
  async function verdict(user: UserRow, courseId: number, chapter: PlayChapterRow | null = null, now = Date.now()): Promise<Verdict> {
    const course = await findPlayCourse(db(), courseId);
    if (!course) throw new Error(`course ${courseId} missing`);
    return checkEntitlement(db(), user, course, chapter, now);
  }

  async function chapterOf(courseId: number, overrides: Partial<{ is_free_trial: number; price: number }> = {}): Promise<PlayChapterRow> {
    return db()
      .insertInto('chapters')
      .values({ course_id: courseId, title: '第一讲', sort: 1, duration_seconds: 600, is_free_trial: 0, price: 990, status: 1, ...overrides })
      .returning(['id', 'title', 'sort', 'duration_seconds', 'is_free_trial'])
      .executeTakeFirstOrThrow();
  }

  /** A paid order as fulfilment leaves it (the grant rows are written beside it by the caller). */
  async function paidOrder(userId: number, o: { kind: number; targetId: number; courseId?: number; chapterId?: number; columnId?: number }): Promise<number> {
    const now = Date.now();
    const row = await db()
      .insertInto('orders')
      .values({
        order_no: `acc${crypto.randomBytes(8).toString('hex')}`, user_id: userId, type: 1, kind: o.kind, target_id: o.targetId,
        course_id: o.courseId ?? null, chapter_id: o.chapterId ?? null, column_id: o.columnId ?? null, amount_fen: 990, status: 'paid',
        provider: 'sandbox', prepay_id: null, transaction_id: `tx-${crypto.randomBytes(8).toString('hex')}`,
        created_at: now, paid_at: now, expires_at: now + DAY, closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function grant(userId: number, courseId: number, source: UserCourseSource, orderId: number | null = null): Promise<void> {
    await db().insertInto('user_courses').values({ user_id: userId, course_id: courseId, source, order_id: orderId, created_at: Date.now() }).execute();
  }

  /** A paid column order and the grant it wrote for one of its courses; answers the order id. */
  async function columnGrant(userId: number, courseId: number): Promise<number> {
    const lecturer = await buildLecturer(db());
    const column = await db()
      .insertInto('columns')
      .values({ title: '专栏', intro: '', cover: '', price: 9900, lecturer_id: lecturer.id, status: 1, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderId = await paidOrder(userId, { kind: SignupKind.COLUMN, targetId: column.id, columnId: column.id });
    await grant(userId, courseId, 'order', orderId);
    return orderId;
  }

  const paidCourse = (overrides: CourseOverrides = {}) => buildCourse(db(), overrides);

  describe('allowed, with the ground', () => {
    it('bought: a course order, with its order id', async () => {
      const [user, course] = await Promise.all([learner(), paidCourse()]);
      const orderId = await paidOrder(user.id, { kind: SignupKind.COURSE, targetId: course.id, courseId: course.id });
      await grant(user.id, course.id, 'order', orderId);
      expect(await verdict(user, course.id)).toEqual({ allowed: true, appOnly: false, reason: 'bought', orderId });
    });

    it('column: a course granted by a column order', async () => {
      const [user, course] = await Promise.all([learner(), paidCourse()]);
      const orderId = await columnGrant(user.id, course.id);
      expect(await verdict(user, course.id)).toEqual({ allowed: true, appOnly: false, reason: 'column', orderId });
    });

    it('chapter: one chapter bought on its own opens that chapter only', async () => {
      const [user, series] = await Promise.all([learner(), paidCourse({ course_type: 2 })]);
      const [bought, other] = [await chapterOf(series.id), await chapterOf(series.id)];
      const orderId = await paidOrder(user.id, { kind: SignupKind.CHAPTER, targetId: bought.id, courseId: series.id, chapterId: bought.id });
      expect(await verdict(user, series.id, bought)).toEqual({ allowed: true, appOnly: false, reason: 'chapter', orderId });
      expect(await verdict(user, series.id, other)).toMatchObject({ allowed: false, reason: 'not_enrolled', code: ErrorCodes.NOT_ENROLLED });
    });

    it('membership: a member-free course for an active member, naming the member kind', async () => {
      const [user, course] = await Promise.all([learner({ user_type: UserType.SPECIAL_TOPIC_MEMBER, member_expire_at: Date.now() + DAY }), paidCourse({ member_free: 1 })]);
      expect(await verdict(user, course.id)).toEqual({ allowed: true, appOnly: false, reason: 'membership', memberKind: UserType.SPECIAL_TOPIC_MEMBER });
    });

    it('corporate: a course of the learner’s corporate while the enterprise membership lasts', async () => {
      const corporate = await buildCorporate(db());
      const [user, course] = await Promise.all([
        learner({ user_type: UserType.ENTERPRISE_ANNUAL, member_expire_at: Date.now() + DAY, corporate_id: corporate.id }),
        paidCourse({ corporate_id: corporate.id }),
      ]);
      expect(await verdict(user, course.id)).toEqual({ allowed: true, appOnly: false, reason: 'corporate', corporateId: corporate.id });
    });

    it('free: a free course, without any grant', async () => {
      const [user, course] = await Promise.all([learner(), buildFreeCourse(db())]);
      expect(await verdict(user, course.id)).toEqual({ allowed: true, appOnly: false, reason: 'free' });
    });

    it('trial: a free-trial chapter of a paid series', async () => {
      const [user, series] = await Promise.all([learner(), paidCourse({ course_type: 2 })]);
      const trial = await chapterOf(series.id, { is_free_trial: 1 });
      expect(await verdict(user, series.id, trial)).toEqual({ allowed: true, appOnly: false, reason: 'trial' });
    });

    it('grant: another source (free enrolment, membership grant) says which', async () => {
      const [user, course] = await Promise.all([learner(), paidCourse()]);
      await grant(user.id, course.id, 'member');
      expect(await verdict(user, course.id)).toEqual({ allowed: true, appOnly: false, reason: 'grant', source: 'member' });
    });

    it('says when the course plays only in the native app', async () => {
      const [user, course] = await Promise.all([learner(), buildFreeCourse(db(), { native_only: 1 })]);
      expect(await verdict(user, course.id)).toEqual({ allowed: true, appOnly: true, reason: 'free' });
    });
  });

  describe('denied, with the reason and the existing code', () => {
    it('not_enrolled: a paid course nobody granted (-41230)', async () => {
      const [user, course] = await Promise.all([learner(), paidCourse()]);
      expect(await verdict(user, course.id)).toEqual({ allowed: false, reason: 'not_enrolled', code: ErrorCodes.NOT_ENROLLED, lapsedGrant: false });
    });

    it('expired: a corporate grant whose enterprise membership lapsed (-10090), the grant still held', async () => {
      const corporate = await buildCorporate(db());
      const [user, course] = await Promise.all([
        learner({ user_type: UserType.ENTERPRISE_CUSTOM, member_expire_at: Date.now() - DAY, corporate_id: corporate.id }),
        paidCourse({ corporate_id: corporate.id }),
      ]);
      await grant(user.id, course.id, 'corporate');
      expect(await verdict(user, course.id)).toEqual({ allowed: false, reason: 'expired', code: ErrorCodes.CORPORATE_MEMBERSHIP_EXPIRED, lapsedGrant: true });
    });

    it('off_shelf and not_started: an unowned course off the shelf answers its state code', async () => {
      const [user, off, soon] = await Promise.all([learner(), paidCourse({ status: 0 }), paidCourse({ status: 2 })]);
      expect(await verdict(user, off.id)).toEqual({ allowed: false, reason: 'off_shelf', code: ErrorCodes.COURSE_OFF_SHELF, lapsedGrant: false });
      expect(await verdict(user, soon.id)).toEqual({ allowed: false, reason: 'not_started', code: ErrorCodes.COURSE_NOT_STARTED, lapsedGrant: false });
      // Bought before it left the shelf: still the learner's.
      await grant(user.id, off.id, 'free');
      expect(await verdict(user, off.id)).toMatchObject({ allowed: true, reason: 'grant', source: 'free' });
    });
  });

  describe('GET /v1/courses/:id carries the reason', () => {
    async function page(courseId: number, headers: Record<string, string>): Promise<CourseDetail> {
      const body = (await t.app.inject({ method: 'GET', url: `/v1/courses/${courseId}`, headers })).json();
      expect(body.code, body.message).toBe(0);
      return body.data as CourseDetail;
    }

    it('says bought or column for an owned course, and why a locked one is locked', async () => {
      const me = await signedInUser(t);
      const [bought, inColumn, locked] = await Promise.all([paidCourse(), paidCourse(), paidCourse()]);
      const orderId = await paidOrder(me.user.id, { kind: SignupKind.COURSE, targetId: bought.id, courseId: bought.id });
      await grant(me.user.id, bought.id, 'order', orderId);
      await columnGrant(me.user.id, inColumn.id);
      // Twice each: the first read fills the shared course row, the second reads only the caller's side (decision 022).
      for (let i = 0; i < 2; i += 1) {
        expect(await page(bought.id, me.headers)).toMatchObject({ owned: true, accessBy: 'owned', accessReason: 'bought' });
        expect(await page(inColumn.id, me.headers)).toMatchObject({ owned: true, accessBy: 'owned', accessReason: 'column' });
      }
      const closed = await page(locked.id, me.headers);
      expect({ owned: closed.owned, accessBy: closed.accessBy, accessReason: closed.accessReason }).toEqual({ owned: false, accessBy: undefined, accessReason: 'not_enrolled' });
      // Anonymous readers get no reason (the page they share is cached for everyone).
      expect((await t.app.inject({ method: 'GET', url: `/v1/courses/${locked.id}` })).json().data).not.toHaveProperty('accessReason');
    });
  });
});
