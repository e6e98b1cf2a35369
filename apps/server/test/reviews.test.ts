import { describe, expect, it } from 'vitest';
import { AccountStatus, ErrorCodes } from '@jinfa/shared';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildUser, signedInUser } from './support/factories.ts';
import { maskName } from '../src/lib/mask.ts';

// 2147483648 is one past the largest integer id: PostgreSQL would fail the comparison rather than find nothing.
const BAD_IDS = ['-1', '0', '2147483648', '100000000000000000000', 'abc'];

describe('maskName', () => {
  it('hides all but the first and last character', () => {
    expect(maskName('张明远')).toBe('张*远');
    expect(maskName('赵磊')).toBe('赵*');
    expect(maskName('欧阳晓峰')).toBe('欧**峰');
    expect(maskName('王')).toBe('*');
    expect(maskName('  ')).toBe('');
  });
});

describe.each(dialectsUnderTest())('reviews (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  const signedIn = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);
  const appraise = (courseId: number | string, payload: object, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/v1/courses/${courseId}/appraisals`, headers, payload });
  const comment = (courseId: number | string, payload: object, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/v1/comment/${courseId}`, headers, payload });
  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  describe('POST /v1/courses/:id/appraisals', () => {
    it('stores a trimmed plain-text appraisal and a second one replaces the first', async () => {
      const { headers } = await signedIn({ nickname: '合规小白' });
      const course = await buildCourse(t.app.db);
      const first = (await appraise(course.id, { courseId: course.id, score: 4, content: '  讲得清楚 <b>实用</b>  ' }, headers)).json();
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({ score: 4, content: '讲得清楚 <b>实用</b>', userName: '合规小白', updated: false });

      const second = (await appraise(course.id, { courseId: course.id, score: 5, content: '二刷，更有收获' }, headers)).json();
      expect(second.data).toMatchObject({ appraisalId: first.data.appraisalId, score: 5, content: '二刷，更有收获', updated: true });

      const page = (await get(`/v1/courses/${course.id}/appraisals`)).json().data;
      expect(page.total).toBe(1);
      expect(page.rows.map((r: { content: string }) => r.content)).toEqual(['二刷，更有收获']);
    });

    it('refuses a courseId in the body that differs from the path', async () => {
      const { headers } = await signedIn();
      const a = await buildCourse(t.app.db);
      const b = await buildCourse(t.app.db);
      const res = await appraise(a.id, { courseId: b.id, score: 5, content: '好课' }, headers);
      expect(res.json().code).toBe(ErrorCodes.VALIDATION);
      expect(await t.app.db.selectFrom('appraisals').select('id').where('course_id', 'in', [a.id, b.id]).execute()).toEqual([]);
    });

    it('needs 1 to 500 characters after trimming, and a score from 1 to 5', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      const bad = [
        { score: 5, content: '   ' },
        { score: 5, content: '法'.repeat(501) },
        { score: 0, content: '好' },
        { score: 6, content: '好' },
        { score: 5 },
      ];
      for (const body of bad) {
        const res = await appraise(course.id, { courseId: course.id, ...body }, headers);
        expect(res.json().code, JSON.stringify(body).slice(0, 40)).toBe(ErrorCodes.VALIDATION);
      }
      // 500 CJK characters is exactly the limit; NUL and other control characters are dropped.
      const ok = await appraise(course.id, { courseId: course.id, score: 3, content: `${'法'.repeat(499)}\u0000律` }, headers);
      expect(ok.json().data.content).toBe(`${'法'.repeat(499)}律`);
    });

    it('answers the course-state codes', async () => {
      const { headers } = await signedIn();
      const off = await buildCourse(t.app.db, { status: 0 });
      const soon = await buildCourse(t.app.db, { status: 2 });
      expect((await appraise(off.id, { courseId: off.id, score: 5, content: '好' }, headers)).json().code).toBe(ErrorCodes.COURSE_OFF_SHELF);
      expect((await appraise(soon.id, { courseId: soon.id, score: 5, content: '好' }, headers)).json().code).toBe(ErrorCodes.COURSE_NOT_STARTED);
      expect((await appraise(999999, { courseId: 999999, score: 5, content: '好' }, headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
    });

    it('needs login, and refuses locked and blacklisted learners', async () => {
      const course = await buildCourse(t.app.db);
      const body = { courseId: course.id, score: 5, content: '好' };
      expect((await appraise(course.id, body)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      const locked = await signedIn({ account_status: AccountStatus.LOCKED });
      expect((await appraise(course.id, body, locked.headers)).json().code).toBe(ErrorCodes.USER_LOCKED);
      const black = await signedIn({ account_status: AccountStatus.BLACKLISTED });
      expect((await appraise(course.id, body, black.headers)).json().code).toBe(ErrorCodes.USER_BLACKLISTED);
    });

    it.each(BAD_IDS)('refuses path id %s with -10001', async (id) => {
      const { headers } = await signedIn();
      expect((await appraise(id, { courseId: 1, score: 5, content: '好' }, headers)).json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/courses/:id/appraisals', () => {
    it('pages appraisals newest first with the one-decimal average over all of them', async () => {
      const course = await buildCourse(t.app.db);
      const scores = [5, 4, 4];
      for (const [i, score] of scores.entries()) {
        const { headers } = await signedIn({ nickname: `学员甲${i}` });
        await appraise(course.id, { courseId: course.id, score, content: `评价${i}` }, headers);
      }
      const res = (await get(`/v1/courses/${course.id}/appraisals?pageIndex=1&pageSize=2`)).json();
      expect(res.code).toBe(0);
      expect(res.data.total).toBe(3);
      expect(res.data.averageScore).toBe(4.3);
      expect(res.data.rows.map((r: { content: string }) => r.content)).toEqual(['评价2', '评价1']);
      expect(Object.keys(res.data.rows[0]).sort()).toEqual(['appraisalId', 'content', 'createdAt', 'score', 'updatedAt', 'userAvatar', 'userName']);
    });

    it('answers a null average when nobody has appraised, and not-found / -10001 for bad ids', async () => {
      const course = await buildCourse(t.app.db);
      expect((await get(`/v1/courses/${course.id}/appraisals`)).json().data).toEqual({ rows: [], total: 0, averageScore: null });
      expect((await get('/v1/courses/999999/appraisals')).json().code).toBe(ErrorCodes.NOT_FOUND);
      for (const id of BAD_IDS) expect((await get(`/v1/courses/${id}/appraisals`)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await get(`/v1/courses/${course.id}/appraisals?pageSize=500`)).json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/courses/:id/appraisals (caching)', () => {
    it('answers with an ETag and no-cache, 304 when unchanged, and a new appraisal shows at once for its author', async () => {
      const course = await buildCourse(t.app.db);
      const a = await signedIn({ nickname: '甲' });
      await appraise(course.id, { courseId: course.id, score: 3, content: '第一条' }, a.headers);
      const url = `/v1/courses/${course.id}/appraisals`;
      const first = await get(url);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\//);
      expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

      const b = await signedIn({ nickname: '乙' });
      expect((await appraise(course.id, { courseId: course.id, score: 5, content: '第二条' }, b.headers)).json().code).toBe(0);
      // Within the in-process cache's lifetime: the post dropped this course's cached pages.
      const after = await get(url, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.json().data).toMatchObject({ total: 2, averageScore: 4, rows: [{ content: '第二条', userName: '乙' }, { content: '第一条' }] });
    });
  });

  describe('POST /v1/comment/:id', () => {
    it('adds a trimmed comment shown under the learner name', async () => {
      const { headers } = await signedIn({ nickname: '', name: '张明远' });
      const course = await buildCourse(t.app.db);
      const res = (await comment(course.id, { content: '  第三章的案例很典型  ' }, headers)).json();
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ content: '第三章的案例很典型', userName: '张*远' });
    });

    it('refuses empty and over-long comments, anonymous and locked callers', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      expect((await comment(course.id, { content: ' \n ' }, headers)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await comment(course.id, { content: '字'.repeat(501) }, headers)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await comment(course.id, {}, headers)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await comment(course.id, { content: '好' })).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      const locked = await signedIn({ account_status: AccountStatus.LOCKED });
      expect((await comment(course.id, { content: '好' }, locked.headers)).json().code).toBe(ErrorCodes.USER_LOCKED);
      const off = await buildCourse(t.app.db, { status: 0 });
      expect((await comment(off.id, { content: '好' }, headers)).json().code).toBe(ErrorCodes.COURSE_OFF_SHELF);
      expect((await comment('abc', { content: '好' }, headers)).json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/comment/:id', () => {
    it('pages newest first from the last id shown, and says when there is more', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      for (let i = 1; i <= 5; i += 1) await comment(course.id, { content: `评论${i}` }, headers);

      const first = (await get(`/v1/comment/${course.id}?size=2`)).json().data;
      expect(first.rows.map((r: { content: string }) => r.content)).toEqual(['评论5', '评论4']);
      expect(first.hasMore).toBe(true);
      const end = first.rows[1].commentId;
      const second = (await get(`/v1/comment/${course.id}?size=2&end=${end}`)).json().data;
      expect(second.rows.map((r: { content: string }) => r.content)).toEqual(['评论3', '评论2']);
      const last = (await get(`/v1/comment/${course.id}?size=2&end=${second.rows[1].commentId}`)).json().data;
      expect(last).toMatchObject({ hasMore: false });
      expect(last.rows.map((r: { content: string }) => r.content)).toEqual(['评论1']);
    });

    it('answers no-cache with an ETag, and a new comment shows at once on the first page', async () => {
      const course = await buildCourse(t.app.db);
      const other = await buildCourse(t.app.db);
      const { headers } = await signedIn({ nickname: '评论者' });
      await comment(course.id, { content: '旧评论' }, headers);
      await comment(other.id, { content: '别处的评论' }, headers);
      const url = `/v1/comment/${course.id}?size=10`;
      const first = await get(url);
      expect(first.headers['cache-control']).toBe('no-cache');
      const otherFirst = await get(`/v1/comment/${other.id}`);
      expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

      await comment(course.id, { content: '新评论' }, headers);
      const after = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.json().data.rows.map((r: { content: string }) => r.content)).toEqual(['新评论', '旧评论']);
      // Another course's cached page is untouched by the post.
      expect((await get(`/v1/comment/${other.id}`, { 'if-none-match': String(otherFirst.headers.etag) })).statusCode).toBe(304);
    });

    it("keeps each course's comments to itself and refuses bad input", async () => {
      const { headers } = await signedIn();
      const a = await buildCourse(t.app.db);
      const b = await buildCourse(t.app.db);
      await comment(a.id, { content: '只属于A' }, headers);
      expect((await get(`/v1/comment/${b.id}`)).json().data).toEqual({ rows: [], hasMore: false });
      for (const q of ['size=0', 'size=51', 'end=0', 'end=abc', 'end=-5', 'end=2147483648']) {
        expect((await get(`/v1/comment/${a.id}?${q}`)).json().code).toBe(ErrorCodes.VALIDATION);
      }
      for (const id of BAD_IDS) expect((await get(`/v1/comment/${id}`)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await get('/v1/comment/999999')).json().code).toBe(ErrorCodes.NOT_FOUND);
    });
  });

  describe('GET /v1/courses/:id/users', () => {
    it('lists learners with masked names, most recent first', async () => {
      const course = await buildCourse(t.app.db);
      const base = Date.now();
      const names = ['张明远', '赵磊', '欧阳晓峰'];
      for (const [i, name] of names.entries()) {
        const u = await buildUser(t.app.db, { name, avatar: `/a/${i}.png` });
        await t.app.db.insertInto('course_learners').values({ course_id: course.id, user_id: u.id, created_at: base + i * 1000 }).execute();
      }
      const res = (await get(`/v1/courses/${course.id}/users?pageIndex=1&pageSize=2`)).json();
      expect(res.code).toBe(0);
      expect(res.data.total).toBe(3);
      expect(res.data.rows).toEqual([
        { name: '欧**峰', avatar: '/a/2.png', learnedAt: new Date(base + 2000).toISOString() },
        { name: '赵*', avatar: '/a/1.png', learnedAt: new Date(base + 1000).toISOString() },
      ]);
    });

    it('shows a first-time visitor in the learners list at once', async () => {
      const course = await buildCourse(t.app.db);
      const url = `/v1/courses/${course.id}/users`;
      const before = await get(url);
      expect(before.headers['cache-control']).toBe('no-cache');
      expect(before.json().data).toEqual({ rows: [], total: 0 });
      const { headers } = await signedIn({ name: '钱多多' });
      const visit = await t.app.inject({ method: 'POST', url: `/v1/courses/${course.id}/visit`, headers, payload: {} });
      expect(visit.json().code).toBe(0);
      const after = (await get(url)).json().data;
      expect(after.total).toBe(1);
      expect(after.rows[0].name).toBe('钱*多');
    });

    it('refuses bad ids and paging', async () => {
      for (const id of BAD_IDS) expect((await get(`/v1/courses/${id}/users`)).json().code).toBe(ErrorCodes.VALIDATION);
      const course = await buildCourse(t.app.db);
      expect((await get(`/v1/courses/${course.id}/users?pageIndex=0`)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await get('/v1/courses/999999/users')).json().code).toBe(ErrorCodes.NOT_FOUND);
    });
  });
});
