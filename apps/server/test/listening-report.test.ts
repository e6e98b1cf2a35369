import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { type TestApp, useApp } from './support/build.ts';
import { useServerClock } from './support/clock.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildFreeCourse, buildLecturer, buildSubject, signedInUser } from './support/factories.ts';
import { openSession, readyMedia } from './learning-time-helpers.ts';

let seq = 0;
const rid = () => `report-${(seq += 1).toString().padStart(10, '0')}`;
const at = (iso: string) => Date.parse(iso);

describe.each(dialectsUnderTest())('listening report (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));
  const clock = useServerClock();

  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  /** Plays `seconds` of a course from `startIso`, heartbeats every 15 s, as the player would. */
  async function play(courseId: number, headers: Record<string, string>, startIso: string, seconds: number, opts: { duration?: number; position?: number } = {}) {
    const recordId = rid();
    const start = at(startIso);
    const from = opts.position ?? 0;
    // The play session (decision 016) opens at play_auth, just before the first frame.
    clock(start);
    const playSession = await openSession(t, courseId, headers);
    for (let p = 0; ; p = Math.min(seconds, p + 15)) {
      clock(start + p * 1000);
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/courses/${courseId}/listenV3`,
        headers,
        payload: { recordId, playSession, event: p === 0 ? 'start' : p === seconds ? 'exit' : 'heartbeat', position: from + p, duration: opts.duration ?? 3600, playedSeconds: p },
      });
      expect(res.json().code).toBe(0);
      if (p === seconds) break;
    }
  }

  async function learner() {
    const me = await signedInUser(t, { name: '王小明', mobile: `1371234${String((seq += 1) % 10000).padStart(4, '0')}` });
    const subject = await buildSubject(t.app.db, { name: '反洗钱' });
    const lecturer = await buildLecturer(t.app.db, { name: '周律师' });
    const aml = await buildFreeCourse(t.app.db, { name: '反洗钱法要点, 实务', subject_id: subject.id, lecturer_id: lecturer.id, duration_seconds: 600 });
    const other = await buildFreeCourse(t.app.db, { name: '票据基础', duration_seconds: 3600 });
    // Ready media of unknown length: sessions take the catalogue's durations.
    await readyMedia(t, aml.id, null, null);
    await readyMedia(t, other.id, null, null);
    return { ...me, aml, other, subject };
  }

  describe('GET /v1/courses/listen_report/by_year', () => {
    it('totals minutes actually played by China day, across midnight, by month, week and day', async () => {
      const me = await learner();
      // A different year does not count (played first: the server's clock only moves forward).
      await play(me.other.id, me.headers, '2025-12-31T12:00:00+08:00', 120);
      // 23:55 → 00:05 China time: 5 minutes on each day.
      await play(me.aml.id, me.headers, '2026-03-10T23:55:00+08:00', 600, { duration: 600 });
      await play(me.other.id, me.headers, '2026-03-12T09:00:00+08:00', 300);

      const byMonth = (await get('/v1/courses/listen_report/by_year?year=2026', me.headers)).json();
      expect(byMonth.code).toBe(0);
      expect(byMonth.data.dateType).toBe(1);
      expect(byMonth.data.totals).toEqual({ seconds: 900, minutes: 15, activeDays: 3, coursesStarted: 1, coursesFinished: 1, longestStreak: 3 });
      expect(byMonth.data.buckets).toHaveLength(12);
      expect(byMonth.data.buckets[2]).toEqual({ key: '2026-03', label: '3月', seconds: 900, minutes: 15 });
      expect(byMonth.data.topSubjects[0]).toMatchObject({ subjectId: me.subject.id, name: '反洗钱', minutes: 10 });
      expect(byMonth.data.topCourses.map((c: { name: string }) => c.name)).toEqual(['反洗钱法要点, 实务', '票据基础']);

      const byDay = (await get('/v1/courses/listen_report/by_year?year=2026&dateType=3', me.headers)).json().data;
      const day = (key: string) => byDay.buckets.find((b: { key: string }) => b.key === key);
      expect(day('2026-03-10')).toMatchObject({ seconds: 300, minutes: 5, label: '3月10日' });
      expect(day('2026-03-11')).toMatchObject({ seconds: 300, minutes: 5 });
      expect(day('2026-03-12')).toMatchObject({ seconds: 300 });

      const byWeek = (await get('/v1/courses/listen_report/by_year?year=2026&dateType=2', me.headers)).json().data;
      expect(byWeek.buckets.find((b: { key: string }) => b.key === '2026-03-09')).toMatchObject({ seconds: 900, minutes: 15 });

      const last = (await get('/v1/courses/listen_report/by_year?year=2025', me.headers)).json().data;
      expect(last.totals).toMatchObject({ seconds: 120, minutes: 2, activeDays: 1, coursesStarted: 1, coursesFinished: 0 });
    });

    it('shows a learner only their own minutes', async () => {
      const me = await learner();
      await play(me.aml.id, me.headers, '2026-05-01T10:00:00+08:00', 60);
      const someone = await signedInUser(t);
      const theirs = (await get('/v1/courses/listen_report/by_year?year=2026', someone.headers)).json().data;
      expect(theirs.totals).toEqual({ seconds: 0, minutes: 0, activeDays: 0, coursesStarted: 0, coursesFinished: 0, longestStreak: 0 });
      expect(theirs.topSubjects).toEqual([]);
    });

    it('needs login and refuses bad years and date types', async () => {
      const { headers } = await signedInUser(t);
      expect((await get('/v1/courses/listen_report/by_year?year=2026')).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      for (const q of ['year=1999', 'year=abc', 'dateType=4', 'dateType=0']) {
        expect((await get(`/v1/courses/listen_report/by_year?${q}`, headers)).json().code).toBe(ErrorCodes.VALIDATION);
      }
      // The year defaults to this one (China time).
      const current = (await get('/v1/courses/listen_report/by_year', headers)).json().data;
      expect(current.year).toBe(Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4)));
    });
  });

  describe('GET /v1/courses/listen_report/export.csv', () => {
    it('exports one row per day, course and chapter, UTF-8 with BOM, masked mobile, and a total', async () => {
      const me = await learner();
      await play(me.aml.id, me.headers, '2026-03-10T23:55:00+08:00', 600, { duration: 600 });
      await play(me.other.id, me.headers, '2026-03-12T09:00:00+08:00', 300);
      const res = await get('/v1/courses/listen_report/export.csv?year=2026', me.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      const mobile = `${me.user.mobile!.slice(0, 3)}****${me.user.mobile!.slice(-4)}`;
      expect(lines).toEqual([
        '日期,学员,手机号,课程,讲师,章节,收听分钟,收听秒数',
        `2026-03-10,王小明,${mobile},"反洗钱法要点, 实务",周律师,,5,300`,
        `2026-03-11,王小明,${mobile},"反洗钱法要点, 实务",周律师,,5,300`,
        expect.stringMatching(new RegExp(`^2026-03-12,王小明,${mobile.replace(/\*/g, '\\*')},票据基础,.+,,5,300$`)),
        `2026年合计,王小明,${mobile},,,,15,900`,
      ]);
      expect(res.body).not.toContain(me.user.mobile!);
    });

    it('ignores a session token in the address (a plain link takes a ticket, decision 017) and needs login', async () => {
      const me = await learner();
      const viaQuery = await get(`/v1/courses/listen_report/export.csv?year=2026&apptoken=${me.login.accessToken}`);
      expect(viaQuery.json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      expect((await get('/v1/courses/listen_report/export.csv?year=2026')).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('GET /v1/courses/share_stats', () => {
    it('counts the learner’s own shares by course and kind', async () => {
      const me = await learner();
      const share = (courseId: number, payload: object, headers?: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: `/v1/courses/${courseId}/shared`, headers, payload });
      await share(me.aml.id, { shareType: 1 }, me.headers);
      await share(me.aml.id, { shareType: 2 }, me.headers);
      await share(me.other.id, { channel: 'poster' }, me.headers);
      await share(me.other.id, { shareType: 1 }); // anonymous: nobody's
      const stats = (await get('/v1/courses/share_stats', me.headers)).json();
      expect(stats.code).toBe(0);
      expect(stats.data.totals).toEqual({ shares: 3, courses: 2, session: 1, timeline: 1, poster: 1, link: 0 });
      expect(stats.data.rows.map((r: { course: { courseId: number }; shares: number }) => [r.course.courseId, r.shares]).sort()).toEqual(
        [
          [me.aml.id, 2],
          [me.other.id, 1],
        ].sort(),
      );
      expect((await get('/v1/courses/share_stats')).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });
});
