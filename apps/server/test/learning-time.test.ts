/**
 * Learning time the server vouches for (issue 11 §1, decision 016): play sessions opened by
 * play_auth, credit cut to the server's wall clock per session and per learner, positions that
 * advance at most 2× the wall clock, and what the records and reports read. SQLite always,
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { type TestApp, useApp } from './support/build.ts';
import { T0 as BASE, seconds as s, useServerClock } from './support/clock.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildFreeCourse, signedInUser } from './support/factories.ts';
import { openSession, readyMedia } from './learning-time-helpers.ts';
import { listenCsv } from '../src/modules/listening/report-service.ts';
import { JITTER_SECONDS, PLAY_SESSION_TTL_MS, POSITION_SLACK_SECONDS } from '../src/modules/listening/session-accounting.ts';

let seq = 0;
const rid = () => `lt-${Date.now().toString(36)}-${(seq += 1).toString().padStart(8, '0')}`;

describe.each(dialectsUnderTest())('learning time (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));
  const clock = useServerClock();

  type Body = { recordId: string; playSession?: string; chapterId?: number | null; event: string; position: number; duration?: number | null; playedSeconds: number; at?: number };
  const listen = (courseId: number, body: Body, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/v1/courses/${courseId}/listenV3`, headers, payload: body });
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const creditOf = async (userId: number) => {
    const rows = await t.app.db.selectFrom('listen_day').select('seconds').where('user_id', '=', userId).execute();
    return rows.reduce((n, r) => n + Number(r.seconds), 0);
  };

  /** A learner and a free 30-minute course with ready media. */
  async function setup(duration = 1800) {
    const learner = await signedInUser(t);
    const course = await buildFreeCourse(t.app.db, { duration_seconds: duration });
    await readyMedia(t, course.id, null, duration);
    return { ...learner, course };
  }

  /**
   * Honest playback: play_auth at `start`, the first frame 1 s later, then a heartbeat every
   * 10 s of wall time, the playhead moving `rate` × as fast. Answers every report's answer.
   */
  async function play(courseId: number, headers: Record<string, string>, o: { start: number; beats: number; rate?: number; session?: string; recordId?: string; delays?: number[] }) {
    clock(o.start);
    const playSession = o.session ?? (await openSession(t, courseId, headers));
    const recordId = o.recordId ?? rid();
    const answers = [];
    for (let i = 0; i <= o.beats; i++) {
      const wall = 1 + i * 10;
      // The server sees each report a little late (network), the client counts its own 10 s.
      clock(o.start + s(wall) + (o.delays?.[i] ?? 0));
      const res = await listen(courseId, { recordId, playSession, event: i === 0 ? 'start' : 'heartbeat', position: i * 10 * (o.rate ?? 1), playedSeconds: i * 10 }, headers);
      answers.push(res.json());
    }
    return { answers, playSession, recordId };
  }

  describe('honest playback', () => {
    it('credits 1× playback in full, with the network delaying reports unevenly', async () => {
      const { user, headers, course } = await setup();
      const { answers } = await play(course.id, headers, { start: BASE, beats: 12, delays: [0, 900, 100, 1500, 0, 2000, 300, 0, 1800, 50, 700, 0, 1200] });
      expect(answers.every((a) => a.code === 0 && a.data.sessionState === 'active')).toBe(true);
      expect(answers.map((a) => a.data.credited)).toEqual([0, ...Array(12).fill(10)]);
      expect(answers.at(-1).data).toMatchObject({ playedSeconds: 120, position: 120 });
      expect(await creditOf(user.id)).toBe(120);
    });

    it('credits 2× playback as wall-clock time and keeps its position, so a short chapter finishes', async () => {
      const { user, headers, course } = await setup(120);
      const { answers } = await play(course.id, headers, { start: BASE, beats: 6, rate: 2 });
      expect(answers.map((a) => a.data.position)).toEqual([0, 20, 40, 60, 80, 100, 120]);
      expect(answers.at(-1).data).toMatchObject({ credited: 10, playedSeconds: 60, finished: true });
      expect(await creditOf(user.id)).toBe(60);
    });

    it('pauses (exit) and resumes in the same session without losing or inventing time', async () => {
      const { user, headers, course } = await setup();
      const { playSession, recordId } = await play(course.id, headers, { start: BASE, beats: 3 });
      // Paused at 31 s wall, 30 s played.
      clock(BASE + s(32));
      expect((await listen(course.id, { recordId, playSession, event: 'exit', position: 30, playedSeconds: 30 }, headers)).json().data.sessionState).toBe('paused');
      // An hour later: resumes (the heartbeat at `playing`), then plays 20 s.
      clock(BASE + s(3632));
      const resumed = (await listen(course.id, { recordId, playSession, event: 'heartbeat', position: 30, playedSeconds: 30 }, headers)).json().data;
      expect(resumed).toMatchObject({ credited: 0, sessionState: 'active' });
      clock(BASE + s(3642));
      await listen(course.id, { recordId, playSession, event: 'heartbeat', position: 40, playedSeconds: 40 }, headers);
      clock(BASE + s(3652));
      await listen(course.id, { recordId, playSession, event: 'exit', position: 50, playedSeconds: 50 }, headers);
      expect(await creditOf(user.id)).toBe(50);
    });
  });

  describe('forged reports', () => {
    it('cuts a forged huge delta to the wall clock since the previous report', async () => {
      const { user, headers, course } = await setup(172_800);
      clock(BASE);
      const playSession = await openSession(t, course.id, headers);
      const recordId = rid();
      clock(BASE + s(1));
      const forged = (await listen(course.id, { recordId, playSession, event: 'exit', position: 172_000, duration: 172_800, playedSeconds: 172_800 }, headers)).json();
      expect(forged.code).toBe(0);
      expect(forged.data.credited).toBeLessThanOrEqual(1 + JITTER_SECONDS);
      // Ten seconds later the same trick again: at most those ten seconds (+ tolerance overall).
      clock(BASE + s(11));
      await listen(course.id, { recordId, playSession, event: 'exit', position: 172_700, playedSeconds: 172_799.9 }, headers);
      expect(await creditOf(user.id)).toBeLessThanOrEqual(11 + JITTER_SECONDS);
      const kept = (await get(`/v1/courses/${course.id}/listen_progress`, headers)).json().data;
      expect(kept.position).toBeLessThanOrEqual(2 * 11 + POSITION_SLACK_SECONDS);
      expect(kept.finished).toBe(false);
    });

    it('gains nothing from many record ids, or bursts of reports, in one session', async () => {
      const { user, headers, course } = await setup();
      clock(BASE);
      const playSession = await openSession(t, course.id, headers);
      clock(BASE + s(30));
      // 40 fresh records at once, each claiming a whole first report; then a burst of increments.
      await Promise.all(Array.from({ length: 40 }, () => listen(course.id, { recordId: rid(), playSession, event: 'exit', position: 1800, playedSeconds: 1800 }, headers)));
      const recordId = rid();
      for (let i = 1; i <= 20; i++) await listen(course.id, { recordId, playSession, event: 'heartbeat', position: i * 5, playedSeconds: i * 100 }, headers);
      expect(await creditOf(user.id)).toBeLessThanOrEqual(30 + JITTER_SECONDS);
      const kept = (await get(`/v1/courses/${course.id}/listen_progress`, headers)).json().data;
      expect(kept.position).toBeLessThanOrEqual(2 * 30 + POSITION_SLACK_SECONDS);
      expect(kept.finished).toBe(false);
    });

    it('never lets a claimed short duration finish a long chapter', async () => {
      const { headers, course } = await setup(1800);
      clock(BASE);
      const playSession = await openSession(t, course.id, headers);
      clock(BASE + s(20));
      const res = (await listen(course.id, { recordId: rid(), playSession, event: 'exit', position: 20, duration: 20, playedSeconds: 20 }, headers)).json();
      expect(res.data).toMatchObject({ position: 20, finished: false });
    });

    it('counts replayed reports and beacons once, sequential or concurrent', async () => {
      const { user, headers, course } = await setup();
      const { playSession, recordId } = await play(course.id, headers, { start: BASE, beats: 3 });
      const report = { recordId, playSession, event: 'exit', position: 30, playedSeconds: 30 };
      for (let i = 0; i < 3; i++) expect((await listen(course.id, report, headers)).json().data.credited).toBe(0);
      const copies = await Promise.all(Array.from({ length: 6 }, () => listen(course.id, report, headers)));
      expect(copies.every((c) => c.json().code === 0)).toBe(true);
      // An older heartbeat arriving last changes nothing.
      const stale = (await listen(course.id, { ...report, event: 'heartbeat', position: 10, playedSeconds: 10 }, headers)).json();
      expect(stale.data).toMatchObject({ credited: 0, position: 30 });
      expect(await creditOf(user.id)).toBe(30);
    });

    it('ignores the client clock: a skewed `at` neither adds nor loses time', async () => {
      const { user, headers, course } = await setup();
      clock(BASE);
      const playSession = await openSession(t, course.id, headers);
      const recordId = rid();
      const skews = [-365 * 86_400_000, 3_600_000, 0, 86_400_000 * 30];
      for (const [i, skew] of skews.entries()) {
        clock(BASE + s(1 + i * 10));
        await listen(course.id, { recordId, playSession, event: i ? 'heartbeat' : 'start', position: i * 10, playedSeconds: i * 10, at: Math.max(0, BASE + s(i * 10) + skew) }, headers);
      }
      // A fast client clock claiming 40 s more than 10 s passed gets the 10 s (+ tolerance at most).
      clock(BASE + s(41));
      await listen(course.id, { recordId, playSession, event: 'heartbeat', position: 80, playedSeconds: 80, at: BASE + s(80) }, headers);
      const credited = await creditOf(user.id);
      expect(credited).toBeGreaterThanOrEqual(40);
      expect(credited).toBeLessThanOrEqual(40 + JITTER_SECONDS);
    });
  });

  describe('sessions and devices', () => {
    it('never credits one learner more than the wall clock across parallel sessions (two tabs, two phones)', async () => {
      const { user, headers, course } = await setup();
      const other = await buildFreeCourse(t.app.db);
      await readyMedia(t, other.id);
      clock(BASE);
      const sessions = [
        { courseId: course.id, playSession: await openSession(t, course.id, headers), recordId: rid() },
        { courseId: course.id, playSession: await openSession(t, course.id, headers), recordId: rid() },
        { courseId: other.id, playSession: await openSession(t, other.id, headers), recordId: rid() },
      ];
      // All three "play" for 60 s, reporting every 10 s; each beat's reports arrive together.
      for (let i = 1; i <= 6; i++) {
        clock(BASE + s(i * 10));
        const answers = await Promise.all(
          sessions.map((x) => listen(x.courseId, { recordId: x.recordId, playSession: x.playSession, event: 'heartbeat', position: i * 10, playedSeconds: i * 10 }, headers)),
        );
        expect(answers.every((a) => a.json().code === 0)).toBe(true);
      }
      const credited = await creditOf(user.id);
      expect(credited).toBeGreaterThanOrEqual(55);
      expect(credited).toBeLessThanOrEqual(60 + JITTER_SECONDS);
      // Another learner playing at the same time is not affected.
      const b = await signedInUser(t);
      const { answers } = await play(course.id, b.headers, { start: BASE, beats: 3 });
      expect(answers.at(-1).data.playedSeconds).toBe(30);
    });

    it('credits nothing after the session expired, and nothing without a session', async () => {
      const { user, headers, course } = await setup();
      const { playSession, recordId } = await play(course.id, headers, { start: BASE, beats: 2 });
      expect(await creditOf(user.id)).toBe(20);
      clock(BASE + PLAY_SESSION_TTL_MS + s(5));
      const late = (await listen(course.id, { recordId, playSession, event: 'exit', position: 900, playedSeconds: 900 }, headers)).json();
      expect(late).toMatchObject({ code: 0, data: { credited: 0, sessionState: 'ended', playedSeconds: 20, position: 20 } });
      // An old client: no session id at all.
      const bare = (await listen(course.id, { recordId: rid(), event: 'exit', position: 1790, playedSeconds: 600 }, headers)).json();
      expect(bare).toMatchObject({ code: 0, data: { credited: 0, sessionState: 'missing', position: 0, finished: false } });
      expect(await creditOf(user.id)).toBe(20);
      const kept = (await get(`/v1/courses/${course.id}/listen_progress`, headers)).json().data;
      expect(kept).toMatchObject({ position: 20, finished: false });
      // play_auth again: a new session credits again.
      await play(course.id, headers, { start: BASE + PLAY_SESSION_TTL_MS + s(60), beats: 1 });
      expect(await creditOf(user.id)).toBe(30);
    });

    it('a report after an exit (the session paused) credits only what follows it', async () => {
      const { user, headers, course } = await setup();
      const { playSession, recordId } = await play(course.id, headers, { start: BASE, beats: 1 });
      clock(BASE + s(12));
      await listen(course.id, { recordId, playSession, event: 'exit', position: 11, playedSeconds: 11 }, headers);
      // Paused for an hour, then claims the hour as played.
      clock(BASE + s(3612));
      const claim = (await listen(course.id, { recordId, playSession, event: 'heartbeat', position: 600, playedSeconds: 3611 }, headers)).json();
      expect(claim.data.credited).toBeLessThanOrEqual(JITTER_SECONDS);
      expect(await creditOf(user.id)).toBeLessThanOrEqual(11 + JITTER_SECONDS);
    });

    it('refuses another learner’s session, an unknown one, and one of another course or chapter', async () => {
      const a = await setup();
      const b = await signedInUser(t);
      clock(BASE);
      const aSession = await openSession(t, a.course.id, a.headers);
      const body = { recordId: rid(), event: 'start', position: 0, playedSeconds: 0 };
      expect((await listen(a.course.id, { ...body, playSession: aSession }, b.headers)).json().code).toBe(ErrorCodes.PLAY_SESSION_INVALID);
      expect((await listen(a.course.id, { ...body, playSession: 'x'.repeat(32) }, a.headers)).json().code).toBe(ErrorCodes.PLAY_SESSION_INVALID);
      expect((await listen(a.course.id, { ...body, playSession: 'bad id!' }, a.headers)).json().code).toBe(ErrorCodes.VALIDATION);
      const other = await buildFreeCourse(t.app.db);
      expect((await listen(other.id, { ...body, playSession: aSession }, a.headers)).json().code).toBe(ErrorCodes.PLAY_SESSION_MISMATCH);
      expect(await creditOf(b.user.id)).toBe(0);
    });

    it('credits nothing once the learner may no longer play the media (refund mid-session)', async () => {
      const { user, headers } = await signedInUser(t);
      const paid = await buildCourse(t.app.db);
      await readyMedia(t, paid.id);
      await t.app.db.insertInto('user_courses').values({ user_id: user.id, course_id: paid.id, source: 'order', created_at: Date.now() }).execute();
      const { playSession, recordId } = await play(paid.id, headers, { start: BASE, beats: 1 });
      await t.app.db.deleteFrom('user_courses').where('user_id', '=', user.id).where('course_id', '=', paid.id).execute();
      clock(BASE + s(21));
      const refused = (await listen(paid.id, { recordId, playSession, event: 'heartbeat', position: 20, playedSeconds: 20 }, headers)).json();
      expect(refused.code).toBe(ErrorCodes.NOT_ENROLLED);
      expect(await creditOf(user.id)).toBe(10);
    });

    it('play_auth answers a fresh opaque session per play, starting at the saved position', async () => {
      const { headers, course, user } = await setup();
      await play(course.id, headers, { start: BASE, beats: 3 });
      clock(BASE + s(100));
      const one = await openSession(t, course.id, headers);
      const two = await openSession(t, course.id, headers);
      expect(one).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(one).not.toBe(two);
      const row = await t.app.db.selectFrom('play_sessions').selectAll().where('session_key', '=', one).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: user.id, course_id: course.id, chapter_id: null, position_seconds: 30, duration_seconds: 1800 });
    });
  });

  describe('session rows', () => {
    it('drops a learner’s sessions 30 days after they expired, when they next play', async () => {
      const { headers, course } = await setup();
      clock(BASE);
      const old = await openSession(t, course.id, headers);
      clock(BASE + PLAY_SESSION_TTL_MS + 29 * 86_400_000);
      await openSession(t, course.id, headers);
      const exists = async (key: string) => (await t.app.db.selectFrom('play_sessions').select('id').where('session_key', '=', key).executeTakeFirst()) !== undefined;
      expect(await exists(old)).toBe(true);
      clock(BASE + PLAY_SESSION_TTL_MS + 31 * 86_400_000);
      const fresh = await openSession(t, course.id, headers);
      expect(await exists(old)).toBe(false);
      expect(await exists(fresh)).toBe(true);
    });
  });

  describe('records and reports read only credited time', () => {
    it('the record list, the yearly report and the CSV agree with what the server credited', async () => {
      const { user, headers, course } = await setup();
      clock(BASE);
      const playSession = await openSession(t, course.id, headers);
      const recordId = rid();
      clock(BASE + s(60));
      // Claims 1,500 s after one minute.
      await listen(course.id, { recordId, playSession, event: 'exit', position: 1500, playedSeconds: 1500 }, headers);
      const credited = await creditOf(user.id);
      expect(credited).toBeLessThanOrEqual(60 + JITTER_SECONDS);
      const list = (await get('/v1/courses/listen_record_list', headers)).json().data;
      expect(list.rows[0]).toMatchObject({ playedSeconds: credited, finished: false });
      expect(list.rows[0].position).toBeLessThanOrEqual(2 * 60 + POSITION_SLACK_SECONDS);
      const report = (await get('/v1/courses/listen_report/by_year?year=2026&dateType=3', headers)).json().data;
      expect(report.totals.seconds).toBe(credited);
      expect(report.buckets.find((b: { key: string }) => b.key === '2026-03-10').seconds).toBe(credited);
      // The CSV (its download route's auth belongs to the download tickets; the rows are these).
      const csv = await listenCsv(t.app.db, user, 2026);
      expect(csv.trim().split('\r\n').at(-1)!.endsWith(`,${credited}`)).toBe(true);
    });
  });
});
