/**
 * The console's courses, chapters and lookups (issue 13, docs/console.md): each role allowed or
 * refused on every route, lecturers kept to their own courses, CSRF on writes, a course created
 * and shelved here showing up in the learner catalogue and search (and leaving it when
 * unshelved), chapter order and deletion rules, coded answers to bad input, one audit row per
 * write — on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, ConsoleErrorCodes } from '@jinfa/shared';
import { useApp, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildLecturer, buildSubject, buildUser } from './support/factories.ts';
import { signInOperator, type SignedInOperator } from './support/admin.ts';
import type { OperatorRole } from '../src/modules/admin/guard.ts';
import { adminCourseCountQuery, adminCoursePageQuery } from '../src/modules/courses/course-admin-repository.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe.each(dialectsUnderTest())('console courses (%s)', (dialect) => {
  let t: TestApp;
  const app = useApp(dialect, (built) => (t = built));
  const as: Partial<Record<OperatorRole | 'ownLecturer', SignedInOperator>> = {};
  let subjectId: number;
  let lecturerId: number;
  let otherLecturerId: number;
  let tagIds: number[];

  beforeAll(async () => {
    app();
    subjectId = (await buildSubject(t.app.db, { name: '合规管理' })).id;
    lecturerId = (await buildLecturer(t.app.db, { name: '周讲师' })).id;
    otherLecturerId = (await buildLecturer(t.app.db, { name: '吴讲师' })).id;
    tagIds = [];
    for (const name of ['反洗钱', '票据']) tagIds.push((await t.app.db.insertInto('tags').values({ name }).returning('id').executeTakeFirstOrThrow()).id);
    for (const role of ['owner', 'operator', 'finance', 'reviewer', 'corporate_admin'] as const) as[role] = await signInOperator(t, { role });
    as.lecturer = await signInOperator(t, { role: 'lecturer', lecturerId });
  });

  const call = (who: SignedInOperator | undefined, method: Method, url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const json = async (who: SignedInOperator | undefined, method: Method, url: string, payload?: unknown) => (await call(who, method, url, payload)).json();
  const auditRows = (action: string, targetId: number | string) =>
    t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', String(targetId)).orderBy('id').execute();
  const learnerList = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/courses/list?${query}` });
    expect(res.statusCode).toBe(200);
    return (res.json().data.rows as { courseId: number; name: string }[]).map((r) => r.courseId);
  };

  async function newCourse(who: SignedInOperator, extra: Record<string, unknown> = {}) {
    const body = await json(who, 'POST', '/v1/admin/courses', { title: '新课：票据业务合规要点', lecturerId, subjectId, price: 19900, ...extra });
    expect(body.code).toBe(0);
    return body.data as { id: number; status: number; onShelf: boolean; chapters: unknown[] };
  }

  describe('POST /v1/admin/courses → shelf → learner catalogue', () => {
    it('creates off the shelf, shows up in the H5 list and search once shelved, leaves them when unshelved', async () => {
      const created = await newCourse(as.operator!, {
        subtitle: '从一张票据看穿业务风险',
        description: '<p>介绍</p><script>alert(1)</script><img src="javascript:alert(1)"><img src="https://cdn.example.com/a.png" onerror="x()">',
        cover: 'https://cdn.example.com/cover.png',
        level: 2,
        courseType: 2,
        tagIds,
        vipPrice: 9900,
        appOnly: false,
      });
      expect(created).toMatchObject({ status: 0, onShelf: false, chapters: [] });
      const detail = (await json(as.operator, 'GET', `/v1/admin/courses/${created.id}`)).data;
      expect(detail).toMatchObject({ title: '新课：票据业务合规要点', lecturerId, subjectId, level: 2, courseType: 2, price: 19900, vipPrice: 9900, isFree: false, tagIds });
      expect(detail.description).toBe('<p>介绍</p><img src="https://cdn.example.com/a.png" />');
      expect(await auditRows('course.create', created.id)).toHaveLength(1);

      // Off the shelf: the learner side does not list, find or show it.
      expect(await learnerList('sort=latest&pageSize=50')).not.toContain(created.id);
      expect(await learnerList(`keyword=${encodeURIComponent('票据业务')}`)).not.toContain(created.id);
      expect((await t.app.inject({ method: 'GET', url: `/v1/courses/${created.id}` })).json().code).not.toBe(0);

      const shelved = await json(as.operator, 'POST', `/v1/admin/courses/${created.id}/shelf`, { onShelf: true });
      expect(shelved.data).toMatchObject({ onShelf: true, status: 1 });
      expect(await learnerList('sort=latest&pageSize=50')).toContain(created.id);
      expect(await learnerList(`keyword=${encodeURIComponent('票据业务')}`)).toContain(created.id);
      expect(await learnerList(`tagId=${tagIds[0]}`)).toContain(created.id);
      const page = (await t.app.inject({ method: 'GET', url: `/v1/courses/${created.id}` })).json();
      expect(page.code).toBe(0);

      // An edit of the title reaches search at once.
      await json(as.operator, 'PATCH', `/v1/admin/courses/${created.id}`, { title: '改名后的保理课程' });
      expect(await learnerList(`keyword=${encodeURIComponent('保理课程')}`)).toContain(created.id);
      expect(await learnerList(`keyword=${encodeURIComponent('票据业务')}`)).not.toContain(created.id);

      await json(as.operator, 'POST', `/v1/admin/courses/${created.id}/shelf`, { onShelf: false });
      expect(await learnerList('sort=latest&pageSize=50')).not.toContain(created.id);
      expect(await learnerList(`keyword=${encodeURIComponent('保理课程')}`)).not.toContain(created.id);
      expect(await learnerList(`tagId=${tagIds[0]}`)).not.toContain(created.id);
      // null means "none" and stays null (not coerced to 0, which would make the course free for members).
      const cleared = (await json(as.operator, 'PATCH', `/v1/admin/courses/${created.id}`, { vipPrice: null })).data;
      expect(cleared.vipPrice).toBeNull();
      expect((await json(as.operator, 'GET', `/v1/admin/courses/${created.id}`)).data.vipPrice).toBeNull();
      const shelfAudit = await auditRows('course.shelf', created.id);
      expect(shelfAudit.map((r) => JSON.parse(r.after_json ?? '{}').onShelf)).toEqual([true, false]);
      expect(shelfAudit[0]!.operator_id).toBe(as.operator!.operatorId);
    });
  });

  describe('roles on every route', () => {
    let courseId: number;
    let chapterId: number;
    beforeAll(async () => {
      courseId = (await newCourse(as.operator!)).id;
      chapterId = (await json(as.operator, 'POST', `/v1/admin/courses/${courseId}/chapters`, { title: '第一章' })).data.id;
    });

    const routes = (): [Method, string, unknown][] => [
      ['GET', '/v1/admin/lookups', undefined],
      ['GET', '/v1/admin/courses', undefined],
      ['GET', `/v1/admin/courses/${courseId}`, undefined],
      ['POST', '/v1/admin/courses', { title: '角色测试', lecturerId, subjectId }],
      ['PATCH', `/v1/admin/courses/${courseId}`, { subtitle: '改' }],
      ['POST', `/v1/admin/courses/${courseId}/chapters`, { title: '加一章' }],
      ['PATCH', `/v1/admin/chapters/${chapterId}`, { title: '第一章（改）' }],
      ['PUT', `/v1/admin/courses/${courseId}/chapter-order`, 'current'],
      ['POST', `/v1/admin/courses/${courseId}/shelf`, { onShelf: false }],
    ];

    it('owner and operator may use every course route', async () => {
      for (const who of [as.owner, as.operator]) {
        for (const [method, url, payload] of routes()) {
          const body = payload === 'current' ? { chapterIds: await currentOrder(courseId) } : payload;
          const res = await call(who, method, url, body);
          expect({ url, method, code: res.json().code }).toEqual({ url, method, code: 0 });
        }
      }
    });

    it('finance, reviewer and corporate_admin are refused (ADMIN_FORBIDDEN, 403)', async () => {
      for (const who of [as.finance, as.reviewer, as.corporate_admin]) {
        for (const [method, url, payload] of [...routes(), ['DELETE', `/v1/admin/chapters/${chapterId}`, undefined] as [Method, string, unknown]]) {
          const res = await call(who, method, url, payload === 'current' ? { chapterIds: [chapterId] } : payload);
          expect({ url, method, status: res.statusCode, code: res.json().code }).toEqual({ url, method, status: 403, code: ConsoleErrorCodes.ADMIN_FORBIDDEN });
        }
      }
    });

    it('without a console session every route answers ADMIN_LOGIN_REQUIRED, a learner token included', async () => {
      const learner = await buildUser(t.app.db);
      for (const [method, url, payload] of routes()) {
        const res = await call(undefined, method, url, payload === 'current' ? { chapterIds: [chapterId] } : payload, { 'access-token': `learner-${learner.id}` });
        expect(res.json().code).toBe(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
      }
    });

    it('writes without the CSRF header are refused (ADMIN_CSRF) and change nothing', async () => {
      const before = await t.app.db.selectFrom('courses').select('name').where('id', '=', courseId).executeTakeFirstOrThrow();
      const auditBefore = await t.app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      for (const [method, url, payload] of routes().filter(([m]) => m !== 'GET')) {
        const res = await t.app.inject({ method, url, headers: { cookie: as.operator!.cookie }, payload: (payload === 'current' ? { chapterIds: [chapterId] } : payload) as object });
        expect({ url, code: res.json().code }).toEqual({ url, code: ConsoleErrorCodes.ADMIN_CSRF });
      }
      const del = await t.app.inject({ method: 'DELETE', url: `/v1/admin/chapters/${chapterId}`, headers: { cookie: as.operator!.cookie, 'x-csrf-token': 'wrong' } });
      expect(del.json().code).toBe(ConsoleErrorCodes.ADMIN_CSRF);
      expect(await t.app.db.selectFrom('courses').select('name').where('id', '=', courseId).executeTakeFirstOrThrow()).toEqual(before);
      const auditAfter = await t.app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
    });

    it("a lecturer works on their own courses only; another's answer ADMIN_NOT_FOUND; the shelf is refused", async () => {
      const mine = (await json(as.lecturer, 'POST', '/v1/admin/courses', { title: '讲师自己的课', lecturerId, subjectId })).data;
      expect(mine).toMatchObject({ lecturerId, onShelf: false });
      const theirs = await buildCourse(t.app.db, { lecturer_id: otherLecturerId, subject_id: subjectId, name: '别人的课' });
      const theirChapter = await t.app.db.insertInto('chapters').values({ course_id: theirs.id, title: '别人的章', sort: 1, duration_seconds: 60, is_free_trial: 0, price: 0, status: 1 }).returning('id').executeTakeFirstOrThrow();

      const list = (await json(as.lecturer, 'GET', '/v1/admin/courses?pageSize=100')).data;
      expect(list.items.length).toBeGreaterThan(0);
      expect(list.items.every((c: { lecturerId: number }) => c.lecturerId === lecturerId)).toBe(true);
      expect(list.total).toBe(list.items.length);
      expect((await json(as.lecturer, 'GET', `/v1/admin/courses?lecturerId=${otherLecturerId}`)).data).toMatchObject({ items: [], total: 0 });

      // Their own: read, edit, chapters, order.
      expect((await json(as.lecturer, 'GET', `/v1/admin/courses/${mine.id}`)).code).toBe(0);
      expect((await json(as.lecturer, 'PATCH', `/v1/admin/courses/${mine.id}`, { subtitle: '讲师改的' })).code).toBe(0);
      const ch = (await json(as.lecturer, 'POST', `/v1/admin/courses/${mine.id}/chapters`, { title: '讲师的章' })).data;
      expect((await json(as.lecturer, 'PATCH', `/v1/admin/chapters/${ch.id}`, { title: '讲师的章（改）' })).code).toBe(0);
      expect((await json(as.lecturer, 'PUT', `/v1/admin/courses/${mine.id}/chapter-order`, { chapterIds: [ch.id] })).code).toBe(0);
      expect((await json(as.lecturer, 'DELETE', `/v1/admin/chapters/${ch.id}`)).code).toBe(0);
      // Not the shelf, not another lecturer's name on a course.
      expect((await call(as.lecturer, 'POST', `/v1/admin/courses/${mine.id}/shelf`, { onShelf: true })).json().code).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
      expect((await json(as.lecturer, 'PATCH', `/v1/admin/courses/${mine.id}`, { lecturerId: otherLecturerId })).code).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
      expect((await json(as.lecturer, 'POST', '/v1/admin/courses', { title: '替别人建课', lecturerId: otherLecturerId, subjectId })).code).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);

      // Someone else's: as if it did not exist.
      for (const [method, url, payload] of [
        ['GET', `/v1/admin/courses/${theirs.id}`, undefined],
        ['PATCH', `/v1/admin/courses/${theirs.id}`, { subtitle: '偷改' }],
        ['POST', `/v1/admin/courses/${theirs.id}/chapters`, { title: '偷加' }],
        ['PATCH', `/v1/admin/chapters/${theirChapter.id}`, { title: '偷改' }],
        ['DELETE', `/v1/admin/chapters/${theirChapter.id}`, undefined],
        ['PUT', `/v1/admin/courses/${theirs.id}/chapter-order`, { chapterIds: [theirChapter.id] }],
      ] as [Method, string, unknown][]) {
        const res = await call(as.lecturer, method, url, payload);
        expect({ url, method, status: res.statusCode, code: res.json().code }).toEqual({ url, method, status: 404, code: ConsoleErrorCodes.ADMIN_NOT_FOUND });
      }
      expect((await t.app.db.selectFrom('courses').select('subtitle').where('id', '=', theirs.id).executeTakeFirstOrThrow()).subtitle).not.toBe('偷改');
    });

    async function currentOrder(id: number): Promise<number[]> {
      return ((await json(as.operator, 'GET', `/v1/admin/courses/${id}`)).data.chapters as { id: number }[]).map((c) => c.id);
    }
  });

  describe('GET /v1/admin/courses', () => {
    it('filters by title, status, subject and lecturer, sorts, pages, and counts', async () => {
      const otherSubject = (await buildSubject(t.app.db, { name: '筛选学科' })).id;
      const made: number[] = [];
      for (let i = 0; i < 5; i++) made.push((await newCourse(as.operator!, { title: `筛选课${i}号`, subjectId: otherSubject, price: 1000 * (i + 1) })).id);
      await json(as.operator, 'POST', `/v1/admin/courses/${made[0]}/shelf`, { onShelf: true });

      const bySubject = (await json(as.operator, 'GET', `/v1/admin/courses?subjectId=${otherSubject}&sort=price&order=ascend&pageSize=2`)).data;
      expect(bySubject).toMatchObject({ total: 5, page: 1, pageSize: 2 });
      expect(bySubject.items.map((c: { id: number }) => c.id)).toEqual(made.slice(0, 2));
      expect(bySubject.items[0]).toMatchObject({ title: '筛选课0号', subjectName: '筛选学科', lecturerName: '周讲师', price: 1000, chapterCount: 0, onShelf: true });
      const page3 = (await json(as.operator, 'GET', `/v1/admin/courses?subjectId=${otherSubject}&sort=price&order=ascend&pageSize=2&page=3`)).data;
      expect(page3).toMatchObject({ total: 5, page: 3 });
      expect(page3.items.map((c: { id: number }) => c.id)).toEqual([made[4]]);
      const byIdDesc = (await json(as.operator, 'GET', `/v1/admin/courses?subjectId=${otherSubject}&sort=id&order=descend`)).data;
      expect(byIdDesc.items.map((c: { id: number }) => c.id)).toEqual([...made].reverse());
      expect((await json(as.operator, 'GET', `/v1/admin/courses?subjectId=${otherSubject}&status=1`)).data.items.map((c: { id: number }) => c.id)).toEqual([made[0]]);
      expect((await json(as.operator, 'GET', `/v1/admin/courses?q=${encodeURIComponent('课3')}`)).data.items.map((c: { id: number }) => c.id)).toEqual([made[3]]);
      // LIKE wildcards are text.
      expect((await json(as.operator, 'GET', `/v1/admin/courses?q=${encodeURIComponent('%')}`)).data.total).toBe(0);
      expect((await json(as.operator, 'GET', `/v1/admin/courses?lecturerId=${otherLecturerId}&subjectId=${otherSubject}`)).data.total).toBe(0);
    });

    it('answers bad paging and filters with a coded error, not a 500', async () => {
      for (const query of ['page=0', 'page=NaN', 'pageSize=101', 'pageSize=-1', 'status=7', 'subjectId=1e400', 'lecturerId=99999999999', 'sort=name', 'order=up', `q=${'长'.repeat(51)}`]) {
        const res = await call(as.operator, 'GET', `/v1/admin/courses?${query}`);
        expect({ query, status: res.statusCode < 500, code: res.json().code }).toEqual({ query, status: true, code: ErrorCodes.VALIDATION });
      }
    });

    it('pages and counts through indexes, never reading whole course rows for the total', async () => {
      if (dialect !== 'sqlite') return;
      const explain = async (q: { compile: () => { sql: string; parameters: readonly unknown[] } }) => {
        const c = q.compile();
        const res = await t.app.db.executeQuery({ ...c, sql: `explain query plan ${c.sql}` } as never);
        return (res.rows as { detail: string }[]).map((r) => r.detail).join('\n');
      };
      const filters = [{}, { lecturerId }, { subjectId }, { status: 1 }, { q: '课' }, { lecturerId, subjectId, status: 0, q: '课' }];
      for (const f of filters) {
        const count = await explain(adminCourseCountQuery(t.app.db, f));
        expect({ f, count }).toEqual({ f, count: expect.stringMatching(/COVERING INDEX/) });
      }
      expect(await explain(adminCoursePageQuery(t.app.db, {}, 'updatedAt', true, { limit: 20, offset: 0 }))).toMatch(/courses USING INDEX console_courses_updated/);
      expect(await explain(adminCoursePageQuery(t.app.db, { lecturerId }, 'updatedAt', true, { limit: 20, offset: 0 }))).toMatch(/courses USING INDEX console_courses_lecturer/);
      expect(await explain(adminCoursePageQuery(t.app.db, {}, 'price', false, { limit: 20, offset: 0 }))).toMatch(/courses USING INDEX console_courses_price/);
      expect(await explain(adminCoursePageQuery(t.app.db, {}, 'learnerCount', true, { limit: 20, offset: 0 }))).toMatch(/courses USING INDEX console_courses_learners/);
      for (const sort of ['updatedAt', 'price', 'learnerCount', 'id'] as const) {
        expect(await explain(adminCoursePageQuery(t.app.db, {}, sort, true, { limit: 20, offset: 0 }))).not.toMatch(/TEMP B-TREE/);
      }
    });
  });

  describe('bad input on writes', () => {
    it('answers coded errors, never a 500, and writes nothing', async () => {
      const courseId = (await newCourse(as.operator!)).id;
      const before = await t.app.db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const cases: [Method, string, unknown, number][] = [
        ['POST', '/v1/admin/courses', { title: '', lecturerId, subjectId }, ErrorCodes.VALIDATION],
        ['POST', '/v1/admin/courses', { title: '   ', lecturerId, subjectId }, ErrorCodes.VALIDATION],
        ['POST', '/v1/admin/courses', { lecturerId, subjectId }, ErrorCodes.VALIDATION],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId, subjectId, price: -1 }, ErrorCodes.VALIDATION],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId, subjectId, price: 'NaN' }, ErrorCodes.VALIDATION],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId, subjectId, price: 1e20 }, ErrorCodes.VALIDATION],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId, subjectId, price: 12.5 }, ErrorCodes.VALIDATION],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId: 99_999_999_999, subjectId }, ErrorCodes.VALIDATION],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId: 999_999, subjectId }, ConsoleErrorCodes.ADMIN_BAD_REFERENCE],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId, subjectId: 999_999 }, ConsoleErrorCodes.ADMIN_BAD_REFERENCE],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId, subjectId, tagIds: [999_999] }, ConsoleErrorCodes.ADMIN_BAD_REFERENCE],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId, subjectId, price: 100, vipPrice: 200 }, ConsoleErrorCodes.ADMIN_BAD_PRICE],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId, subjectId, price: 100, activityType: 2 }, ConsoleErrorCodes.ADMIN_BAD_PRICE],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId, subjectId, enrollStartAt: 2000, enrollEndAt: 1000 }, ConsoleErrorCodes.ADMIN_BAD_PRICE],
        ['POST', '/v1/admin/courses', { title: '价', lecturerId, subjectId, cover: 'javascript:alert(1)' }, ErrorCodes.VALIDATION],
        ['PATCH', `/v1/admin/courses/${courseId}`, {}, ErrorCodes.VALIDATION],
        ['PATCH', `/v1/admin/courses/${courseId}`, { vipPrice: 999_999 }, ConsoleErrorCodes.ADMIN_BAD_PRICE],
        ['PATCH', `/v1/admin/courses/${courseId}`, { level: 9 }, ErrorCodes.VALIDATION],
        ['PATCH', '/v1/admin/courses/abc', { subtitle: 'x' }, ErrorCodes.VALIDATION],
        ['PATCH', '/v1/admin/courses/999999', { subtitle: 'x' }, ConsoleErrorCodes.ADMIN_NOT_FOUND],
        ['GET', '/v1/admin/courses/999999', undefined, ConsoleErrorCodes.ADMIN_NOT_FOUND],
        ['POST', `/v1/admin/courses/${courseId}/shelf`, { onShelf: 'yes' }, ErrorCodes.VALIDATION],
        ['POST', `/v1/admin/courses/${courseId}/chapters`, { title: '' }, ErrorCodes.VALIDATION],
        ['POST', `/v1/admin/courses/${courseId}/chapters`, { title: '章', price: -5 }, ErrorCodes.VALIDATION],
        ['POST', `/v1/admin/courses/${courseId}/chapters`, { title: '章', durationSeconds: 1e12 }, ErrorCodes.VALIDATION],
        ['POST', `/v1/admin/courses/${courseId}/chapters`, { title: '章', mediaAssetId: 999_999 }, ConsoleErrorCodes.ADMIN_BAD_REFERENCE],
        ['POST', '/v1/admin/courses/999999/chapters', { title: '章' }, ConsoleErrorCodes.ADMIN_NOT_FOUND],
        ['PATCH', '/v1/admin/chapters/999999', { title: '章' }, ConsoleErrorCodes.ADMIN_NOT_FOUND],
        ['DELETE', '/v1/admin/chapters/999999', undefined, ConsoleErrorCodes.ADMIN_NOT_FOUND],
      ];
      for (const [method, url, payload, code] of cases) {
        const res = await call(as.operator, method, url, payload);
        expect({ method, url, payload, server: res.statusCode >= 500, code: res.json().code }).toEqual({ method, url, payload, server: false, code });
      }
      const after = await t.app.db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      // Fields outside the form (a state, a learner count) are dropped: the course still lands off the shelf.
      const sneaky = await json(as.operator, 'POST', '/v1/admin/courses', { title: '想直接上架', lecturerId, subjectId, status: 1, learners_count: 9999 });
      expect(sneaky.data).toMatchObject({ status: 0, onShelf: false, learnerCount: 0 });
    });
  });

  describe('chapters', () => {
    it('adds, edits (a free trial is not sold), reorders exactly the course chapters, and audits each write', async () => {
      const courseId = (await newCourse(as.operator!, { courseType: 2 })).id;
      const ids: number[] = [];
      for (const [i, title] of ['一', '二', '三'].entries()) {
        const ch = (await json(as.operator, 'POST', `/v1/admin/courses/${courseId}/chapters`, { title: `第${title}章`, price: 990, durationSeconds: 600 + i })).data;
        expect(ch).toMatchObject({ title: `第${title}章`, sort: i + 1, price: 990, isFree: false, published: true, mediaAssetId: null, mediaStatus: null });
        ids.push(ch.id);
      }
      // A series lasts as long as its chapters.
      expect((await json(as.operator, 'GET', `/v1/admin/courses/${courseId}`)).data.durationSeconds).toBe(600 + 601 + 602);
      const edited = (await json(as.operator, 'PATCH', `/v1/admin/chapters/${ids[0]}`, { isFree: true, title: '试听章' })).data;
      expect(edited).toMatchObject({ title: '试听章', isFree: true, price: 0 });

      const reversed = [...ids].reverse();
      const ordered = (await json(as.operator, 'PUT', `/v1/admin/courses/${courseId}/chapter-order`, { chapterIds: reversed })).data;
      expect(ordered.map((c: { id: number }) => c.id)).toEqual(reversed);
      expect(ordered.map((c: { sort: number }) => c.sort)).toEqual([1, 2, 3]);

      const other = (await newCourse(as.operator!)).id;
      const foreign = (await json(as.operator, 'POST', `/v1/admin/courses/${other}/chapters`, { title: '别课的章' })).data.id;
      for (const chapterIds of [[ids[0], ids[1]], [...ids, ids[0]], [ids[0], ids[1], foreign], [...ids, foreign], []]) {
        const res = await call(as.operator, 'PUT', `/v1/admin/courses/${courseId}/chapter-order`, { chapterIds });
        expect({ chapterIds, code: res.json().code }).toEqual({ chapterIds, code: ConsoleErrorCodes.ADMIN_BAD_ORDER });
      }
      expect((await json(as.operator, 'GET', `/v1/admin/courses/${courseId}`)).data.chapters.map((c: { id: number }) => c.id)).toEqual(reversed);

      // The learner's series list follows once the course is on the shelf.
      await json(as.operator, 'POST', `/v1/admin/courses/${courseId}/shelf`, { onShelf: true });
      const series = (await t.app.inject({ method: 'GET', url: `/v1/courses/${courseId}/series` })).json();
      expect(series.code).toBe(0);
      expect(JSON.stringify(series.data)).toContain('试听章');

      expect(await auditRows('chapter.create', ids[0]!)).toHaveLength(1);
      const update = await auditRows('chapter.update', ids[0]!);
      expect(update).toHaveLength(1);
      expect(JSON.parse(update[0]!.before_json ?? '{}')).toMatchObject({ title: '第一章', isFree: false });
      expect(JSON.parse(update[0]!.after_json ?? '{}')).toMatchObject({ title: '试听章', isFree: true });
      const reorder = await auditRows('chapter.reorder', courseId);
      expect(reorder).toHaveLength(1);
      expect(JSON.parse(reorder[0]!.after_json ?? '{}')).toEqual({ chapterIds: reversed });
    });

    it('refuses to delete a chapter someone bought (ADMIN_CHAPTER_BOUGHT) and deletes one no one did', async () => {
      const courseId = (await newCourse(as.operator!, { courseType: 2 })).id;
      const bought = (await json(as.operator, 'POST', `/v1/admin/courses/${courseId}/chapters`, { title: '已售章', price: 500 })).data.id;
      const unsold = (await json(as.operator, 'POST', `/v1/admin/courses/${courseId}/chapters`, { title: '未售章', price: 500 })).data.id;
      const buyer = await buildUser(t.app.db);
      await t.app.db.insertInto('user_chapters').values({ user_id: buyer.id, chapter_id: bought, course_id: courseId, order_id: null, created_at: Date.now() }).execute();

      const refused = await call(as.operator, 'DELETE', `/v1/admin/chapters/${bought}`);
      expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 409, code: ConsoleErrorCodes.ADMIN_CHAPTER_BOUGHT });
      expect(await t.app.db.selectFrom('chapters').select('id').where('id', '=', bought).executeTakeFirst()).toBeDefined();
      expect(await auditRows('chapter.delete', bought)).toHaveLength(0);

      expect((await json(as.operator, 'DELETE', `/v1/admin/chapters/${unsold}`)).code).toBe(0);
      expect(await t.app.db.selectFrom('chapters').select('id').where('id', '=', unsold).executeTakeFirst()).toBeUndefined();
      const audit = await auditRows('chapter.delete', unsold);
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.before_json ?? '{}')).toMatchObject({ title: '未售章', courseId });
      expect(audit[0]!.after_json).toBeNull();
    });

    it('attaches an uploaded asset to a chapter, and refuses one of another course', async () => {
      const courseId = (await newCourse(as.operator!, { courseType: 2 })).id;
      const other = (await newCourse(as.operator!)).id;
      const now = Date.now();
      const asset = (id: number | null) => ({ course_id: id, chapter_id: null, media_type: 1, status: 'ready' as const, storage_prefix: `t/${Math.random()}`, duration_seconds: 321, source: 'import', created_at: now, updated_at: now });
      const free = await t.app.db.insertInto('media_assets').values(asset(null)).returning('id').executeTakeFirstOrThrow();
      const taken = await t.app.db.insertInto('media_assets').values(asset(other)).returning('id').executeTakeFirstOrThrow();
      const ch = (await json(as.operator, 'POST', `/v1/admin/courses/${courseId}/chapters`, { title: '视频章', mediaAssetId: free.id })).data;
      expect(ch).toMatchObject({ mediaAssetId: free.id, mediaStatus: 'ready', durationSeconds: 321 });
      expect((await json(as.operator, 'PATCH', `/v1/admin/chapters/${ch.id}`, { mediaAssetId: taken.id })).code).toBe(ConsoleErrorCodes.ADMIN_MEDIA_TAKEN);
      expect((await json(as.operator, 'PATCH', `/v1/admin/chapters/${ch.id}`, { mediaAssetId: null })).data).toMatchObject({ mediaAssetId: null });
    });
  });

  describe('GET /v1/admin/lookups', () => {
    it('answers subjects, lecturers, tags and membership plans', async () => {
      const data = (await json(as.lecturer, 'GET', '/v1/admin/lookups')).data;
      expect(data.subjects).toEqual(expect.arrayContaining([{ id: subjectId, name: '合规管理' }]));
      expect(data.lecturers).toEqual(expect.arrayContaining([{ id: lecturerId, name: '周讲师' }]));
      expect(data.tags).toEqual(expect.arrayContaining([{ id: tagIds[0], name: '反洗钱' }]));
      expect(Array.isArray(data.membershipPlans)).toBe(true);
    });
  });
});
