import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { build, type TestApp } from './support/build.ts';
import { createTestDatabase, dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildFreeCourse, buildSeriesWithTrial, signedInUser } from './support/factories.ts';
import { LogMailSender } from '../src/adapters/mail/mail-sender.ts';
import { seedDemoData } from '../src/demo/seeder.ts';
import { SLIDE_COURSE_KEYS } from '../src/demo/slides.ts';
import { COURSES } from '../src/demo/courses.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';

const SVG = 'data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';

async function withSlides(db: Kysely<DB>, courseId: number, opts: { chapterId?: number; courseware?: boolean } = {}) {
  await db
    .insertInto('course_slides')
    .values([
      { course_id: courseId, chapter_id: null, sort: 1, image_url: `${SVG}#1`, at_seconds: 0 },
      { course_id: courseId, chapter_id: opts.chapterId ?? null, sort: 2, image_url: `${SVG}#2`, at_seconds: 60 },
    ])
    .execute();
  if (opts.courseware !== false) {
    await db
      .insertInto('courseware')
      .values({ course_id: courseId, storage: 'generated', file_path: '', file_name: '讲义.html', file_size: 1234, mime: 'text/html; charset=utf-8', created_at: Date.now() })
      .execute();
  }
}

describe.each(dialectsUnderTest())('PPT and courseware (%s)', (dialect) => {
  let t: TestApp;
  const mail = new LogMailSender(() => undefined);
  beforeAll(async () => {
    t = await build(dialect, { adapters: { mail } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'POST', url, headers, payload: {} });

  describe('GET /v1/courses/:id/exist_ppt', () => {
    it('says whether a course has slides and courseware, without login', async () => {
      const course = await buildFreeCourse(t.app.db);
      const bare = await buildFreeCourse(t.app.db);
      await withSlides(t.app.db, course.id);
      expect((await get(`/v1/courses/${course.id}/exist_ppt`)).json()).toEqual({ code: 0, message: 'ok', data: { courseId: course.id, exist: true, count: 2, hasCourseware: true } });
      expect((await get(`/v1/courses/${bare.id}/exist_ppt`)).json().data).toEqual({ courseId: bare.id, exist: false, count: 0, hasCourseware: false });
      expect((await get('/v1/courses/999999/exist_ppt')).json().code).toBe(ErrorCodes.NOT_FOUND);
      expect((await get('/v1/courses/abc/exist_ppt')).json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/courses/:id/ppt_images', () => {
    it('answers the slides in order to an entitled learner, a free-trial chapter included', async () => {
      const { headers } = await signedInUser(t);
      const free = await buildFreeCourse(t.app.db);
      await withSlides(t.app.db, free.id);
      const res = (await get(`/v1/courses/${free.id}/ppt_images`, headers)).json();
      expect(res.code).toBe(0);
      expect(res.data.rows.map((r: { sort: number; atSeconds: number | null }) => [r.sort, r.atSeconds])).toEqual([
        [1, 0],
        [2, 60],
      ]);
      expect(res.data.rows[0].imageUrl.startsWith('data:image/svg+xml')).toBe(true);

      const { series, trial, paid } = await buildSeriesWithTrial(t.app.db);
      await withSlides(t.app.db, series.id, { chapterId: paid.id, courseware: false });
      const trialSlides = (await get(`/v1/courses/${series.id}/ppt_images?chapterId=${trial.id}`, headers)).json();
      expect(trialSlides.code).toBe(0);
      // The course-wide page only: the other slide belongs to the paid chapter.
      expect(trialSlides.data.rows).toHaveLength(1);
      expect((await get(`/v1/courses/${series.id}/ppt_images?chapterId=${paid.id}`, headers)).json().code).toBe(ErrorCodes.NOT_ENROLLED);
      expect((await get(`/v1/courses/${series.id}/ppt_images`, headers)).json().code).toBe(ErrorCodes.NOT_ENROLLED);
      expect((await get(`/v1/courses/${series.id}/ppt_images`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('courseware: path, signed url, download, file', () => {
    it('gives an entitled learner a short-lived link that downloads the handout', async () => {
      const { user, headers } = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db, { name: '票据法讲义课' });
      await withSlides(t.app.db, course.id);
      expect((await get(`/v1/courses/${course.id}/courseware_path`, headers)).json().data).toEqual({
        courseId: course.id,
        exist: true,
        fileName: '讲义.html',
        fileSize: 1234,
        mime: 'text/html; charset=utf-8',
      });
      const signed = (await get(`/v1/courses/${course.id}/courseware_url`, headers)).json();
      expect(signed.code).toBe(0);
      expect(signed.data.url).toMatch(new RegExp(`^/v1/courses/${course.id}/courseware/file\\?u=${user.id}&e=\\d+&s=[A-Za-z0-9_-]+$`));
      expect(Date.parse(signed.data.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
      const file = await get(signed.data.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('attachment');
      expect(file.body).toContain('<h1>票据法讲义课</h1>');
      expect(file.body.match(/<img /g)).toHaveLength(2);

      const dl = (await post(`/v1/courses/${course.id}/download_ppt`, headers)).json();
      expect(dl.code).toBe(0);
      const rows = await t.app.db.selectFrom('courseware_downloads').selectAll().where('user_id', '=', user.id).execute();
      expect(rows.map((r) => [r.course_id, r.kind])).toEqual([[course.id, 'download']]);
    });

    it('answers 403 -10086 for a tampered, expired or other user’s link', async () => {
      const a = await signedInUser(t);
      const b = await signedInUser(t);
      const course = await buildFreeCourse(t.app.db);
      await withSlides(t.app.db, course.id);
      const url: string = (await get(`/v1/courses/${course.id}/courseware_url`, a.headers)).json().data.url;
      const tampered = url.replace(/s=(.)/, (_m, c: string) => `s=${c === 'A' ? 'B' : 'A'}`);
      const otherUser = url.replace(`u=${a.user.id}`, `u=${b.user.id}`);
      const otherCourse = url.replace(`/courses/${course.id}/`, `/courses/${course.id + 1}/`);
      for (const bad of [tampered, otherUser, otherCourse]) {
        const res = await get(bad);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(ErrorCodes.DOWNLOAD_LINK_INVALID);
      }
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 6 * 60_000);
      const expired = await get(url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().code).toBe(ErrorCodes.DOWNLOAD_LINK_INVALID);
    });

    it('refuses courseware of a course the learner may not play, and answers -1335 when there is none', async () => {
      const { headers } = await signedInUser(t);
      const paid = await buildCourse(t.app.db);
      await withSlides(t.app.db, paid.id);
      expect((await get(`/v1/courses/${paid.id}/courseware_url`, headers)).json().code).toBe(ErrorCodes.NOT_ENROLLED);
      expect((await post(`/v1/courses/${paid.id}/download_ppt`, headers)).json().code).toBe(ErrorCodes.NOT_ENROLLED);
      const bare = await buildFreeCourse(t.app.db);
      expect((await get(`/v1/courses/${bare.id}/courseware_url`, headers)).json().code).toBe(-1335);
      expect((await get(`/v1/courses/${bare.id}/courseware_path`, headers)).json().data.exist).toBe(false);
      expect((await get(`/v1/courses/${bare.id}/courseware_path`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('GET /v1/courses/send_ppt', () => {
    it('mails the courseware link to the learner and records it in the outbox', async () => {
      const { user, headers } = await signedInUser(t, { email: 'wang.xm@example.com', email_verified_at: Date.now() });
      const course = await buildFreeCourse(t.app.db, { name: '合规讲义' });
      await withSlides(t.app.db, course.id);
      const res = (await get(`/v1/courses/send_ppt?courseId=${course.id}`, headers)).json();
      expect(res).toMatchObject({ code: 0, data: { courseId: course.id, sent: true, email: 'wa***@example.com', fileName: '讲义.html' } });
      const sent = mail.sent.at(-1)!;
      expect(sent.to).toBe('wang.xm@example.com');
      expect(sent.subject).toContain('合规讲义');
      const link = /http:\/\/[^/]+(\/v1\/courses\/\d+\/courseware\/file\?\S+)/.exec(sent.text)?.[1];
      expect(link).toBeDefined();
      expect((await get(link!)).statusCode).toBe(200);
      const outbox = await t.app.db.selectFrom('mail_outbox').selectAll().where('user_id', '=', user.id).execute();
      expect(outbox.map((o) => [o.to_address, o.status, o.provider])).toEqual([['wang.xm@example.com', 'sent', 'log']]);
    });

    it('answers -10085 when the learner has no e-mail, -41230 when not entitled, -10001 without a course', async () => {
      const { headers } = await signedInUser(t, { email: '' });
      const course = await buildFreeCourse(t.app.db);
      await withSlides(t.app.db, course.id);
      expect((await get(`/v1/courses/send_ppt?courseId=${course.id}`, headers)).json().code).toBe(ErrorCodes.EMAIL_MISSING);
      const withMail = await signedInUser(t, { email: 'a@example.com', email_verified_at: Date.now() });
      const paid = await buildCourse(t.app.db);
      await withSlides(t.app.db, paid.id);
      expect((await get(`/v1/courses/send_ppt?courseId=${paid.id}`, withMail.headers)).json().code).toBe(ErrorCodes.NOT_ENROLLED);
      expect((await get('/v1/courses/send_ppt', withMail.headers)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await get(`/v1/courses/send_ppt?courseId=${course.id}`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });
});

describe('demo seed slides', () => {
  it('gives the chosen seeded courses slides and a courseware handout', async () => {
    const db = await createTestDatabase('sqlite');
    try {
      await seedDemoData(db.db);
      const names = SLIDE_COURSE_KEYS.map((k) => COURSES.find((c) => c.key === k)!.name);
      const rows = await db.db
        .selectFrom('courses')
        .leftJoin('courseware', 'courseware.course_id', 'courses.id')
        .select(['courses.name', 'courseware.file_size', (eb) => eb.selectFrom('course_slides').select((e) => e.fn.countAll().as('n')).whereRef('course_slides.course_id', '=', 'courses.id').as('slides')])
        .where('courses.name', 'in', names)
        .execute();
      expect(rows).toHaveLength(SLIDE_COURSE_KEYS.length);
      for (const r of rows) {
        expect(Number(r.slides)).toBeGreaterThanOrEqual(3);
        expect(r.file_size).toBeGreaterThan(1000);
      }
    } finally {
      await db.cleanup();
    }
  });
});
