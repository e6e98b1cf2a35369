import { describe, expect, it } from 'vitest';
import { AccountStatus, ErrorCodes } from '@jinfa/shared';
import { type TestApp, useApp } from './support/build.ts';
import { T0 as BASE, useServerClock } from './support/clock.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCorporate, buildCourse, buildFreeCourse, buildSeriesWithTrial, signedInUser } from './support/factories.ts';
import { sessionOpener } from './learning-time-helpers.ts';
import { JITTER_SECONDS } from '../src/modules/listening/session-accounting.ts';

let seq = 0;
/** A fresh client record id (16–64 chars of [A-Za-z0-9_-]). */
const rid = () => `rec-${Date.now().toString(36)}-${(seq += 1).toString().padStart(6, '0')}`;

describe.each(dialectsUnderTest())('learning records (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));
  const clock = useServerClock();

  // Reports carry the play session of their course and chapter (decision 016; learning-time.test.ts tests the sessions).
  const sessionFor = sessionOpener(() => t, clock);
  const listen = async (courseId: number, body: Record<string, unknown>, headers?: Record<string, string>) => {
    const playSession = await sessionFor(courseId, body.chapterId as number | null | undefined, headers);
    return t.app.inject({ method: 'POST', url: `/v1/courses/${courseId}/listenV3`, headers, payload: playSession ? { ...body, playSession } : body });
  };
  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers?: Record<string, string>, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
  const creditOf = async (userId: number) => {
    const rows = await t.app.db.selectFrom('listen_day').select('seconds').where('user_id', '=', userId).execute();
    return rows.reduce((n, r) => n + Number(r.seconds), 0);
  };

  /** A learner playing a free 30-minute video: start, heartbeats every 15 s (played as reported). */
  async function session(courseId: number, headers: Record<string, string>, recordId: string, played: number[], opts: { chapterId?: number; start?: number } = {}) {
    const start = opts.start ?? BASE;
    const answers = [];
    for (const [i, p] of played.entries()) {
      clock(start + i * 15_000);
      const res = await listen(courseId, { recordId, chapterId: opts.chapterId ?? null, event: i === 0 ? 'start' : 'heartbeat', position: 60 + p, duration: 1800, playedSeconds: p }, headers);
      answers.push(res.json());
    }
    return answers;
  }

  describe('POST /v1/courses/:id/listenV3', () => {
    it('credits seconds actually played and answers the record and position', async () => {
      const { user, headers } = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db, { duration_seconds: 1800 });
      const recordId = rid();
      const answers = await session(course.id, headers, recordId, [0, 15, 30, 45]);
      expect(answers.every((a) => a.code === 0)).toBe(true);
      expect(answers[3].data).toMatchObject({ recordId, position: 105, playedSeconds: 45, credited: 15, finished: false });
      expect(await creditOf(user.id)).toBe(45);
    });

    it('never double counts duplicate or out-of-order heartbeats and beacons', async () => {
      const { user, headers } = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db);
      const recordId = rid();
      const report = (p: number, event = 'heartbeat') => ({ recordId, event, position: p, duration: 1800, playedSeconds: p });
      clock(BASE);
      await listen(course.id, report(0, 'start'), headers);
      clock(BASE + 15_000);
      await listen(course.id, report(15), headers);
      await listen(course.id, report(15), headers); // retried heartbeat
      clock(BASE + 30_000);
      await listen(course.id, report(30), headers);
      // The exit beacon and a delayed copy of the 15 s heartbeat arrive in the wrong order.
      clock(BASE + 33_000);
      await listen(course.id, report(33, 'exit'), headers);
      const stale = (await listen(course.id, report(15), headers)).json();
      expect(stale.data).toMatchObject({ credited: 0, position: 33 });
      // Five copies of the same beacon at once (PostgreSQL: concurrent transactions).
      const copies = await Promise.all(Array.from({ length: 5 }, () => listen(course.id, report(33, 'exit'), headers)));
      expect(copies.every((c) => c.json().code === 0)).toBe(true);
      expect(await creditOf(user.id)).toBe(33);
      const progress = (await get(`/v1/courses/${course.id}/listen_progress`, headers)).json().data;
      expect(progress.position).toBe(33);
    });

    it('credits concurrent first reports of one record once', async () => {
      const { user, headers } = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db);
      const recordId = rid();
      clock(BASE);
      const body = { recordId, event: 'exit', position: 20, duration: 1800, playedSeconds: 20 };
      await Promise.all(Array.from({ length: 4 }, () => listen(course.id, body, headers)));
      expect(await creditOf(user.id)).toBe(20);
    });

    it('clamps a jump in played seconds to the wall clock since the previous report + the jitter tolerance', async () => {
      const { user, headers } = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db);
      const answers = await session(course.id, headers, rid(), [0, 900]);
      expect(answers[1].code).toBe(0);
      expect(answers[1].data.credited).toBe(15 + JITTER_SECONDS);
      expect(await creditOf(user.id)).toBe(15 + JITTER_SECONDS);
    });

    it('accepts a sendBeacon: token in the body, text/plain or application/json', async () => {
      const { user, login } = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db);
      const recordId = rid();
      clock(BASE);
      const playSession = await sessionFor(course.id, null, login.headers);
      const asText = await t.app.inject({
        method: 'POST',
        url: `/v1/courses/${course.id}/listenV3`,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ recordId, playSession, event: 'start', position: 0, duration: 1800, playedSeconds: 0, accessToken: login.accessToken }),
      });
      expect(asText.json()).toMatchObject({ code: 0, data: { recordId } });
      clock(BASE + 12_000);
      const asJson = await t.app.inject({
        method: 'POST',
        url: `/v1/courses/${course.id}/listenV3`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ recordId, playSession, event: 'exit', position: 12, duration: 1800, playedSeconds: 12, accessToken: login.accessToken }),
      });
      expect(asJson.json()).toMatchObject({ code: 0, data: { credited: 12 } });
      expect(await creditOf(user.id)).toBe(12);
    });

    it('refuses a text/plain body that is not JSON, and a beacon without a token', async () => {
      const course = await buildFreeCourse(t.app.db);
      const garbage = await t.app.inject({ method: 'POST', url: `/v1/courses/${course.id}/listenV3`, headers: { 'content-type': 'text/plain' }, payload: 'not json' });
      expect(garbage.json().code).toBe(ErrorCodes.VALIDATION);
      const anonymous = await listen(course.id, { recordId: rid(), event: 'exit', position: 1, playedSeconds: 1 });
      expect(anonymous.json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      const forged = await listen(course.id, { recordId: rid(), event: 'exit', position: 1, playedSeconds: 1, accessToken: 'x'.repeat(43) });
      expect(forged.json().code).toBe(ErrorCodes.TOKEN_INVALID);
    });

    it('reads the body token on listenV3 only: other routes ignore it', async () => {
      const { login } = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db);
      const hide = await post(`/v1/courses/${course.id}/hide_listen`, undefined, { accessToken: login.accessToken });
      expect(hide.json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      const enroll = await post(`/v1/courses/${course.id}/enroll`, undefined, { accessToken: login.accessToken });
      expect(enroll.json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });

    it('keeps record ids per user: another user reusing one gets a record of their own', async () => {
      const a = await signedInUser(t);
      const b = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db);
      const recordId = rid();
      await session(course.id, a.headers, recordId, [0, 15, 30]);
      // B replays A's record id with a bigger count: it must neither raise A's record nor inherit it.
      clock(BASE + 60_000);
      const res = (await listen(course.id, { recordId, event: 'exit', position: 900, duration: 1800, playedSeconds: 20 }, b.headers)).json();
      expect(res).toMatchObject({ code: 0, data: { credited: 20, playedSeconds: 20 } });
      expect(await creditOf(a.user.id)).toBe(30);
      expect(await creditOf(b.user.id)).toBe(20);
      const aProgress = (await get(`/v1/courses/${course.id}/listen_progress`, a.headers)).json().data;
      expect(aProgress.position).toBe(90);
    });

    it('refuses a record id reused for another course', async () => {
      const { headers } = await signedInUser(t);
      const one = await buildFreeCourse(t.app.db);
      const two = await buildFreeCourse(t.app.db);
      const recordId = rid();
      await session(one.id, headers, recordId, [0]);
      expect((await listen(two.id, { recordId, event: 'heartbeat', position: 5, playedSeconds: 5 }, headers)).json().code).toBe(ErrorCodes.LISTEN_RECORD_MISMATCH);
    });

    it('refuses progress on a course the learner may not play with -41230, but takes free-trial chapters', async () => {
      const { headers } = await signedInUser(t);
      const paid = await buildCourse(t.app.db);
      const refused = await listen(paid.id, { recordId: rid(), event: 'start', position: 0, playedSeconds: 0 }, headers);
      expect(refused.json().code).toBe(ErrorCodes.NOT_ENROLLED);
      const { series, trial, paid: locked } = await buildSeriesWithTrial(t.app.db);
      clock(BASE);
      const ok = await listen(series.id, { recordId: rid(), chapterId: trial.id, event: 'start', position: 0, playedSeconds: 0 }, headers);
      expect(ok.json().code).toBe(0);
      const no = await listen(series.id, { recordId: rid(), chapterId: locked.id, event: 'start', position: 0, playedSeconds: 0 }, headers);
      expect(no.json().code).toBe(ErrorCodes.NOT_ENROLLED);
      const other = await buildFreeCourse(t.app.db);
      const wrongChapter = await listen(other.id, { recordId: rid(), chapterId: trial.id, event: 'start', position: 0, playedSeconds: 0 }, headers);
      expect(wrongChapter.json().code).toBe(ErrorCodes.NOT_FOUND);
    });

    it('takes a corporate course from its active member, refuses it once the membership expired', async () => {
      const corp = await buildCorporate(t.app.db);
      const course = await buildCourse(t.app.db, { corporate_id: corp.id });
      const active = await signedInUser(t, { user_type: 7, corporate_id: corp.id, member_expire_at: Date.now() + 86_400_000 });
      const expired = await signedInUser(t, { user_type: 7, corporate_id: corp.id, member_expire_at: Date.now() - 86_400_000 });
      const body = () => ({ recordId: rid(), event: 'start', position: 0, playedSeconds: 0 });
      expect((await listen(course.id, body(), active.headers)).json().code).toBe(0);
      const refused = (await listen(course.id, body(), expired.headers)).json();
      expect(refused.code).toBe(ErrorCodes.CORPORATE_MEMBERSHIP_EXPIRED);
      expect(refused.message).toContain('企业会员已过期');
    });

    it('takes an owned course and refuses locked learners', async () => {
      const { user, headers } = await signedInUser(t);
      const paid = await buildCourse(t.app.db);
      await t.app.db.insertInto('user_courses').values({ user_id: user.id, course_id: paid.id, source: 'order', created_at: Date.now() }).execute();
      expect((await listen(paid.id, { recordId: rid(), event: 'start', position: 0, playedSeconds: 0 }, headers)).json().code).toBe(0);
      const locked = await signedInUser(t, { account_status: AccountStatus.LOCKED });
      expect((await listen(paid.id, { recordId: rid(), event: 'start', position: 0, playedSeconds: 0 }, locked.headers)).json().code).toBe(ErrorCodes.USER_LOCKED);
    });

    it('answers -10001 for bad bodies and ids, -10004 for unknown courses', async () => {
      const { headers } = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db);
      const good = { recordId: rid(), event: 'start', position: 0, playedSeconds: 0 };
      for (const bad of [
        { ...good, recordId: 'short' },
        { ...good, recordId: 'has spaces in it, sixteen+' },
        { ...good, event: 'pause' },
        { ...good, position: -1 },
        { ...good, playedSeconds: 'lots' },
        { ...good, playedSeconds: 1e9 },
        { recordId: good.recordId },
      ]) {
        expect((await listen(course.id, bad, headers)).json().code).toBe(ErrorCodes.VALIDATION);
      }
      expect((await listen(0, good, headers)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await listen(999999, good, headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
    });
  });

  describe('GET /v1/courses/:id/listen_progress', () => {
    it('answers zeros before any listening, then the last chapter with every chapter', async () => {
      const { user, headers } = await signedInUser(t);
      const series = await buildFreeCourse(t.app.db, { course_type: 2 });
      const chapters = await t.app.db
        .insertInto('chapters')
        .values([1, 2].map((n) => ({ course_id: series.id, title: `第${n}讲`, sort: n, duration_seconds: 600, is_free_trial: 0, price: 0, status: 1 })))
        .returning('id')
        .execute();
      const [c1, c2] = chapters.map((c) => c.id) as [number, number];
      expect((await get(`/v1/courses/${series.id}/listen_progress`, headers)).json().data).toEqual({
        courseId: series.id,
        chapterId: null,
        position: 0,
        duration: null,
        finished: false,
        chapters: [],
      });
      clock(BASE);
      await listen(series.id, { recordId: rid(), chapterId: c1, event: 'exit', position: 595, duration: 600, playedSeconds: 0 }, headers);
      clock(BASE + 60_000);
      await listen(series.id, { recordId: rid(), chapterId: c2, event: 'exit', position: 120, duration: 600, playedSeconds: 0 }, headers);
      const progress = (await get(`/v1/courses/${series.id}/listen_progress`, headers)).json().data;
      expect(progress).toMatchObject({ courseId: series.id, chapterId: c2, position: 120, duration: 600, finished: false });
      expect(progress.chapters).toEqual([
        { chapterId: c1, position: 595, duration: 600, finished: true },
        { chapterId: c2, position: 120, duration: 600, finished: false },
      ]);
      // Another learner sees none of it.
      const other = await signedInUser(t);
      expect((await get(`/v1/courses/${series.id}/listen_progress`, other.headers)).json().data.chapters).toEqual([]);
      expect((await get(`/v1/courses/${series.id}/listen_progress`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      expect((await get('/v1/courses/999999/listen_progress', headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
      void user;
    });

    it('keeps a chapter finished once it was, even after seeking back', async () => {
      const { headers } = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db, { duration_seconds: 600 });
      clock(BASE);
      await listen(course.id, { recordId: rid(), event: 'exit', position: 598, playedSeconds: 0 }, headers);
      clock(BASE + 60_000);
      await listen(course.id, { recordId: rid(), event: 'start', position: 10, playedSeconds: 0 }, headers);
      const progress = (await get(`/v1/courses/${course.id}/listen_progress`, headers)).json().data;
      expect(progress).toMatchObject({ position: 10, duration: 600, finished: true });
    });
  });

  describe('POST /v1/courses/:id/visit_play', () => {
    it('counts one visit per record id', async () => {
      const { headers } = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db);
      const r1 = rid();
      expect((await post(`/v1/courses/${course.id}/visit_play?recordId=${r1}`, headers)).json()).toMatchObject({ code: 0, data: { courseId: course.id, recordId: r1, visits: 1 } });
      expect((await post(`/v1/courses/${course.id}/visit_play?recordId=${r1}`, headers)).json().data.visits).toBe(1);
      expect((await post(`/v1/courses/${course.id}/visit_play?recordId=${rid()}`, headers)).json().data.visits).toBe(2);
      expect((await post(`/v1/courses/${course.id}/visit_play?recordId=bad`, headers)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await post(`/v1/courses/${course.id}/visit_play?recordId=${rid()}`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      expect((await post(`/v1/courses/999999/visit_play?recordId=${rid()}`, headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
    });
  });

  describe('GET /v1/courses/listen_record_list and POST /:id/hide_listen', () => {
    it('lists the learner’s courses by last listened with progress and minutes; hidden ones left out', async () => {
      const { headers } = await signedInUser(t);
      const first = await buildFreeCourse(t.app.db, { name: '先听的课', duration_seconds: 1800 });
      const second = await buildFreeCourse(t.app.db, { name: '后听的课', duration_seconds: 1200 });
      await session(first.id, headers, rid(), [0, 15, 30, 45, 60, 75, 90], { start: BASE });
      clock(BASE + 3_600_000);
      await listen(second.id, { recordId: rid(), event: 'exit', position: 600, playedSeconds: 0 }, headers);
      const list = (await get('/v1/courses/listen_record_list?pageIndex=1&pageSize=10', headers)).json();
      expect(list.code).toBe(0);
      expect(list.data.total).toBe(2);
      expect(list.data.rows.map((r: { course: { name: string } }) => r.course.name)).toEqual(['后听的课', '先听的课']);
      expect(list.data.rows[0]).toMatchObject({ progressPercent: 50, finished: false, position: 600, duration: 1200 });
      expect(list.data.rows[1]).toMatchObject({ playedSeconds: 90, minutes: 1.5 });

      expect((await post(`/v1/courses/${second.id}/hide_listen`, headers)).json()).toMatchObject({ code: 0, data: { courseId: second.id, hidden: true } });
      const after = (await get('/v1/courses/listen_record_list', headers)).json().data;
      expect(after.total).toBe(1);
      expect(after.rows[0].course.name).toBe('先听的课');
      // Listening again brings it back.
      clock(BASE + 7_200_000);
      await listen(second.id, { recordId: rid(), event: 'start', position: 600, playedSeconds: 0 }, headers);
      expect((await get('/v1/courses/listen_record_list', headers)).json().data.total).toBe(2);
    });

    it('hides only the caller’s own record; nothing to hide answers -1334', async () => {
      const a = await signedInUser(t);
      const b = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db);
      clock(BASE);
      await listen(course.id, { recordId: rid(), event: 'start', position: 0, playedSeconds: 0 }, a.headers);
      expect((await post(`/v1/courses/${course.id}/hide_listen`, b.headers)).json().code).toBe(-1334);
      expect((await get('/v1/courses/listen_record_list', a.headers)).json().data.total).toBe(1);
      expect((await get('/v1/courses/listen_record_list', b.headers)).json().data).toEqual({ rows: [], total: 0 });
      expect((await post(`/v1/courses/${course.id}/hide_listen`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      expect((await get('/v1/courses/listen_record_list')).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      expect((await get('/v1/courses/listen_record_list?pageSize=500', a.headers)).json().code).toBe(ErrorCodes.VALIDATION);
    });
  });
});
