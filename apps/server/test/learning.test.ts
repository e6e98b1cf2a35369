import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, ErrorCodes } from '@jinfa/shared';
import { build, type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCorporate, buildCourse, buildFreeCourse, buildSubject, loginAs, signedInUser } from './support/factories.ts';
import { seedDemoData } from '../src/demo/seeder.ts';

// 2147483648 is one past the largest integer id: PostgreSQL would fail the comparison rather than find nothing.
const BAD_IDS = ['-1', '0', '2147483648', '100000000000000000000', 'abc'];

describe.each(dialectsUnderTest())('learning (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  const signedIn = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);
  const post = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'POST', url, headers, payload: {} });
  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const put = (url: string, payload: object, headers?: Record<string, string>) => t.app.inject({ method: 'PUT', url, headers, payload });
  const names = (rows: Array<{ course: { name: string } }>) => rows.map((r) => r.course.name);

  describe('POST /v1/courses/:id/enroll', () => {
    it('adds a free course to 已购 once, however often it is sent', async () => {
      const { headers } = await signedIn();
      const course = await buildFreeCourse(t.app.db, { name: '合规入门' });
      const first = (await post(`/v1/courses/${course.id}/enroll`, headers)).json();
      expect(first).toMatchObject({ code: 0, data: { courseId: course.id, owned: true, source: 'free' } });
      const again = (await post(`/v1/courses/${course.id}/enroll`, headers)).json();
      expect(again.data).toEqual(first.data);
      const mine = (await get('/v1/courses/mine?cur=1', headers)).json().data;
      expect(mine.total).toBe(1);
      expect(names(mine.rows)).toEqual(['合规入门']);
    });

    it('refuses a paid course with a code and leaves 已购 empty', async () => {
      const { headers } = await signedIn();
      const paid = await buildCourse(t.app.db);
      expect((await post(`/v1/courses/${paid.id}/enroll`, headers)).json().code).toBe(ErrorCodes.COURSE_NOT_FREE);
      expect((await get('/v1/courses/mine?cur=1', headers)).json().data).toEqual({ rows: [], total: 0 });
    });

    it('answers the course-state codes and -10001 for bad ids', async () => {
      const { headers } = await signedIn();
      const off = await buildFreeCourse(t.app.db, { status: 0 });
      const soon = await buildFreeCourse(t.app.db, { status: 2 });
      expect((await post(`/v1/courses/${off.id}/enroll`, headers)).json().code).toBe(ErrorCodes.COURSE_OFF_SHELF);
      expect((await post(`/v1/courses/${soon.id}/enroll`, headers)).json().code).toBe(ErrorCodes.COURSE_NOT_STARTED);
      expect((await post('/v1/courses/999999/enroll', headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
      for (const id of BAD_IDS) expect((await post(`/v1/courses/${id}/enroll`, headers)).json().code).toBe(ErrorCodes.VALIDATION);
    });

    it('needs login and refuses locked and blacklisted learners', async () => {
      const course = await buildFreeCourse(t.app.db);
      expect((await post(`/v1/courses/${course.id}/enroll`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      const locked = await signedIn({ account_status: AccountStatus.LOCKED });
      expect((await post(`/v1/courses/${course.id}/enroll`, locked.headers)).json().code).toBe(ErrorCodes.USER_LOCKED);
      const black = await signedIn({ account_status: AccountStatus.BLACKLISTED });
      expect((await post(`/v1/courses/${course.id}/enroll`, black.headers)).json().code).toBe(ErrorCodes.USER_BLACKLISTED);
    });
  });

  describe('POST /v1/courses/:id/visit', () => {
    it('puts the course at the top of 学习中 and counts a learner only once', async () => {
      const { user, headers } = await signedIn();
      const a = await buildCourse(t.app.db, { name: '课程甲', learners_count: 10 });
      const b = await buildCourse(t.app.db, { name: '课程乙' });
      // Each earlier visit is moved a minute back, so the order never hinges on two calls landing in one millisecond.
      const backdate = (courseId: number) =>
        t.app.db.updateTable('course_learners').set({ created_at: Date.now() - 60_000 }).where('course_id', '=', courseId).where('user_id', '=', user.id).execute();
      expect((await post(`/v1/courses/${a.id}/visit`, headers)).json()).toMatchObject({ code: 0, data: { courseId: a.id } });
      await backdate(a.id);
      await post(`/v1/courses/${b.id}/visit`, headers);
      expect(names((await get('/v1/courses/mine?cur=0', headers)).json().data.rows)).toEqual(['课程乙', '课程甲']);

      await backdate(b.id);
      await post(`/v1/courses/${a.id}/visit`, headers);
      const mine = (await get('/v1/courses/mine', headers)).json().data;
      expect(names(mine.rows)).toEqual(['课程甲', '课程乙']);
      expect(mine.rows[0].course.learnersCount).toBe(11);
      expect((await get(`/v1/courses/${a.id}/users`)).json().data.total).toBe(1);
    });

    it('lets an owner open a course after it left the shelf; others get -1281', async () => {
      const owner = await signedIn();
      const other = await signedIn();
      const course = await buildFreeCourse(t.app.db);
      await post(`/v1/courses/${course.id}/enroll`, owner.headers);
      await t.app.db.updateTable('courses').set({ status: 0 }).where('id', '=', course.id).execute();
      expect((await post(`/v1/courses/${course.id}/visit`, owner.headers)).json().code).toBe(0);
      expect((await post(`/v1/courses/${course.id}/visit`, other.headers)).json().code).toBe(ErrorCodes.COURSE_OFF_SHELF);
    });

    it('refuses bad ids, anonymous and locked callers', async () => {
      const course = await buildCourse(t.app.db);
      const { headers } = await signedIn();
      for (const id of BAD_IDS) expect((await post(`/v1/courses/${id}/visit`, headers)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await post('/v1/courses/999999/visit', headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
      expect((await post(`/v1/courses/${course.id}/visit`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      const locked = await signedIn({ account_status: AccountStatus.LOCKED });
      expect((await post(`/v1/courses/${course.id}/visit`, locked.headers)).json().code).toBe(ErrorCodes.USER_LOCKED);
    });
  });

  describe('GET /v1/courses/mine', () => {
    it("filters by subject and never shows another learner's courses", async () => {
      const a = await signedIn();
      const b = await signedIn();
      const s1 = await buildSubject(t.app.db);
      const s2 = await buildSubject(t.app.db);
      const c1 = await buildFreeCourse(t.app.db, { name: '甲学科课', subject_id: s1.id });
      const c2 = await buildFreeCourse(t.app.db, { name: '乙学科课', subject_id: s2.id });
      for (const c of [c1, c2]) {
        await post(`/v1/courses/${c.id}/enroll`, a.headers);
        await post(`/v1/courses/${c.id}/visit`, a.headers);
      }
      expect(names((await get(`/v1/courses/mine?cur=1&subjectId=${s1.id}`, a.headers)).json().data.rows)).toEqual(['甲学科课']);
      expect((await get(`/v1/courses/mine?cur=0&subjectId=${s2.id}`, a.headers)).json().data.total).toBe(1);
      expect((await get('/v1/courses/mine?cur=0', b.headers)).json().data).toEqual({ rows: [], total: 0 });
      expect((await get('/v1/courses/mine?cur=1', b.headers)).json().data).toEqual({ rows: [], total: 0 });
    });

    it('refuses bad input and anonymous callers; a locked learner can still look', async () => {
      const { headers } = await signedIn();
      for (const q of ['cur=2', 'cur=x', 'subjectId=0', 'pageIndex=0', 'pageSize=51']) {
        expect((await get(`/v1/courses/mine?${q}`, headers)).json().code, q).toBe(ErrorCodes.VALIDATION);
      }
      expect((await get('/v1/courses/mine')).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      const locked = await signedIn({ account_status: AccountStatus.LOCKED });
      expect((await get('/v1/courses/mine', locked.headers)).json().code).toBe(0);
    });

    it('is never stored by a shared cache', async () => {
      const { headers } = await signedIn();
      expect((await get('/v1/courses/mine', headers)).headers['cache-control']).toBe('private, no-store');
    });
  });

  describe('GET /v1/courses/mine/folders', () => {
    it('groups owned and opened courses by subject with up to three covers, newest first', async () => {
      const { user, headers } = await signedIn();
      const s1 = await buildSubject(t.app.db, { name: '反洗钱', sort: 2 });
      const s2 = await buildSubject(t.app.db, { name: '商业银行合规', sort: 1 });
      const aml = [];
      for (let i = 0; i < 4; i += 1) aml.push(await buildFreeCourse(t.app.db, { subject_id: s1.id, cover: `/aml-${i}.svg` }));
      const comp = await buildCourse(t.app.db, { subject_id: s2.id, cover: '/comp.svg' });
      // Explicit times, so "newest" does not depend on the clock's resolution.
      const base = Date.now() - 60_000;
      await t.app.db
        .insertInto('user_courses')
        .values(aml.map((c, i) => ({ user_id: user.id, course_id: c.id, source: 'free' as const, created_at: base + i * 1000 })))
        .execute();
      // aml-0, owned first, was opened last: it leads its folder, and still counts once.
      await t.app.db
        .insertInto('course_learners')
        .values([
          { user_id: user.id, course_id: aml[0]!.id, created_at: base + 10_000 },
          { user_id: user.id, course_id: comp.id, created_at: base + 5_000 },
        ])
        .execute();

      const folders = (await get('/v1/courses/mine/folders', headers)).json().data;
      expect(folders).toEqual([
        { subjectId: s2.id, name: '商业银行合规', icon: s2.icon, courseCount: 1, covers: ['/comp.svg'] },
        { subjectId: s1.id, name: '反洗钱', icon: s1.icon, courseCount: 4, covers: expect.any(Array) },
      ]);
      expect(folders[1].covers).toEqual(['/aml-0.svg', '/aml-3.svg', '/aml-2.svg']);
    });

    it("shows nobody else's library and needs login", async () => {
      const { headers } = await signedIn();
      expect((await get('/v1/courses/mine/folders', headers)).json().data).toEqual([]);
      expect((await get('/v1/courses/mine/folders')).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('PUT /v1/users/me/subscriptions', () => {
    it('replaces the followed subjects as a whole', async () => {
      const { headers } = await signedIn();
      const [s1, s2, s3] = [await buildSubject(t.app.db, { sort: 1 }), await buildSubject(t.app.db, { sort: 2 }), await buildSubject(t.app.db, { sort: 3 })];
      expect((await put('/v1/users/me/subscriptions', { subjectIds: [s2.id, s1.id] }, headers)).json()).toMatchObject({ code: 0, data: { subjectIds: [s1.id, s2.id] } });
      await put('/v1/users/me/subscriptions', { subjectIds: [s3.id] }, headers);
      expect((await get('/v1/users/me/subscriptions', headers)).json().data).toEqual({ subjectIds: [s3.id] });
      await put('/v1/users/me/subscriptions', { subjectIds: [] }, headers);
      expect((await get('/v1/users/me/subscriptions', headers)).json().data).toEqual({ subjectIds: [] });
    });

    it('refuses unknown subjects without changing anything', async () => {
      const { headers } = await signedIn();
      const s = await buildSubject(t.app.db);
      await put('/v1/users/me/subscriptions', { subjectIds: [s.id] }, headers);
      for (const subjectIds of [[s.id, 999999], [0], [2147483648], ['abc'], [s.id, s.id]]) {
        expect((await put('/v1/users/me/subscriptions', { subjectIds }, headers)).json().code, JSON.stringify(subjectIds)).toBe(ErrorCodes.VALIDATION);
      }
      expect((await put('/v1/users/me/subscriptions', {}, headers)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await get('/v1/users/me/subscriptions', headers)).json().data).toEqual({ subjectIds: [s.id] });
    });

    it("keeps each learner's subjects apart and refuses locked accounts", async () => {
      const a = await signedIn();
      const b = await signedIn();
      const s = await buildSubject(t.app.db);
      await put('/v1/users/me/subscriptions', { subjectIds: [s.id] }, a.headers);
      expect((await get('/v1/users/me/subscriptions', b.headers)).json().data).toEqual({ subjectIds: [] });
      const locked = await signedIn({ account_status: AccountStatus.LOCKED });
      expect((await put('/v1/users/me/subscriptions', { subjectIds: [s.id] }, locked.headers)).json().code).toBe(ErrorCodes.USER_LOCKED);
      expect((await get('/v1/users/me/subscriptions')).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('GET /v1/courses/my_custom', () => {
    it('picks from followed subjects, most learnt first, never an owned course, topped up with popular ones', async () => {
      const { headers } = await signedIn();
      const followed = await buildSubject(t.app.db);
      const other = await buildSubject(t.app.db);
      const top = await buildFreeCourse(t.app.db, { name: '关注学科热门', subject_id: followed.id, learners_count: 5_000_000 });
      await buildCourse(t.app.db, { name: '关注学科次热', subject_id: followed.id, learners_count: 4_000_000 });
      await buildCourse(t.app.db, { name: '关注学科下架', subject_id: followed.id, learners_count: 9_000_000, status: 0 });
      await buildCourse(t.app.db, { name: '其他学科最热', subject_id: other.id, learners_count: 8_000_000 });
      await put('/v1/users/me/subscriptions', { subjectIds: [followed.id] }, headers);

      const picks = (await get('/v1/courses/my_custom?size=3', headers)).json();
      expect(picks.code).toBe(0);
      expect(picks.data.map((c: { name: string }) => c.name)).toEqual(['关注学科热门', '关注学科次热', '其他学科最热']);

      await post(`/v1/courses/${top.id}/enroll`, headers);
      const after = (await get('/v1/courses/my_custom?size=2', headers)).json().data.map((c: { name: string }) => c.name);
      expect(after).toEqual(['关注学科次热', '其他学科最热']);
    });

    it('shows popular public courses to an anonymous visitor, never a corporate one', async () => {
      const corp = await buildCorporate(t.app.db);
      await buildCourse(t.app.db, { name: '企业内训课', corporate_id: corp.id, learners_count: 90_000_000 });
      const picks = (await get('/v1/courses/my_custom?size=50')).json().data.map((c: { name: string }) => c.name);
      expect(picks).not.toContain('企业内训课');
      expect(picks).not.toContain('关注学科下架');
      const member = await signedIn({ corporate_id: corp.id });
      expect((await get('/v1/courses/my_custom?size=1', member.headers)).json().data.map((c: { name: string }) => c.name)).toEqual(['企业内训课']);
    });

    it('shuffles on 换一批 from the same pool, with no duplicates', async () => {
      const { headers } = await signedIn();
      const picks = (await get('/v1/courses/my_custom?isRandom=1&size=5', headers)).json().data as Array<{ courseId: number }>;
      expect(picks).toHaveLength(5);
      expect(new Set(picks.map((c) => c.courseId)).size).toBe(5);
    });

    it('refuses bad input', async () => {
      for (const q of ['isRandom=2', 'size=0', 'size=51', 'size=x']) expect((await get(`/v1/courses/my_custom?${q}`)).json().code, q).toBe(ErrorCodes.VALIDATION);
    });
  });
});

describe.each(dialectsUnderTest())('with the demo seed (%s)', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await build(dialect);
    await seedDemoData(t.app.db);
    const preset = await t.app.db.selectFrom('users').select('id').where('mobile', '=', '13800000001').executeTakeFirstOrThrow();
    headers = (await loginAs(t, preset.id)).headers;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }) });
    const body = res.json();
    expect(body.code, `${method} ${url}: ${body.message}`).toBe(0);
    return body.data;
  };

  it('answers every call with code 0 and real content for a preset learner', async () => {
    const aml = await t.app.db.selectFrom('courses').select('id').where('name', 'like', '%反洗钱法%').orderBy('learners_count', 'desc').executeTakeFirstOrThrow();
    const free = await t.app.db.selectFrom('courses').select('id').where('is_free', '=', 1).where('status', '=', 1).where('corporate_id', 'is', null).executeTakeFirstOrThrow();

    const appraisals = await call('GET', `/v1/courses/${aml.id}/appraisals`);
    expect(appraisals.total).toBeGreaterThanOrEqual(3);
    expect(appraisals.averageScore).toBeGreaterThan(4);
    expect((await call('GET', `/v1/comment/${aml.id}?size=2`)).hasMore).toBe(true);
    expect((await call('GET', `/v1/courses/${aml.id}/users`)).rows[0].name).toMatch(/\*/);

    const upcoming = await call('GET', '/v1/lives');
    expect(upcoming.rows[0].status).toBe(3);
    expect(upcoming.rows.slice(1).every((l: { status: number }) => l.status === 2)).toBe(true);
    expect((await call('GET', '/v1/lives?scope=past')).rows.some((l: { status: number }) => l.status === 5)).toBe(true);

    const columns = await call('GET', '/v1/columns');
    expect(columns.total).toBeGreaterThanOrEqual(4);
    expect((await call('GET', `/v1/columns/${columns.rows[0].columnId}`)).courses.length).toBeGreaterThan(0);

    await call('POST', `/v1/favorites/${aml.id}`);
    expect((await call('GET', `/v1/favorites/${aml.id}/check`)).favorite).toBe(true);
    expect((await call('GET', '/v1/favorites/list')).total).toBe(1);
    await call('POST', `/v1/courses/${free.id}/enroll`);
    await call('POST', `/v1/courses/${aml.id}/visit`);
    expect((await call('GET', '/v1/courses/mine?cur=1')).total).toBe(1);
    expect((await call('GET', '/v1/courses/mine?cur=0')).rows[0].course.courseId).toBe(aml.id);
    expect((await call('GET', '/v1/courses/mine/folders')).length).toBeGreaterThan(0);
    const subjects = await t.app.db.selectFrom('subjects').select('id').orderBy('sort').limit(2).execute();
    await call('PUT', '/v1/users/me/subscriptions', { subjectIds: subjects.map((s) => s.id) });
    expect((await call('GET', '/v1/users/me/subscriptions')).subjectIds).toEqual(subjects.map((s) => s.id));
    expect((await call('GET', '/v1/courses/my_custom?size=6')).length).toBe(6);
    expect((await call('GET', '/v1/courses/my_custom?isRandom=1&size=6')).length).toBe(6);
    await call('POST', `/v1/comment/${aml.id}`, { content: '收藏了，周末系统学习。' });
    expect((await call('POST', `/v1/courses/${aml.id}/appraisals`, { courseId: aml.id, score: 4, content: '再次评价' })).updated).toBe(true);
  });
});
