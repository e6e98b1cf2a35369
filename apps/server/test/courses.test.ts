/**
 * /v1/courses reads against the real seeded catalogue, on SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL. Expectations about the seed are computed from the tables, so a new course in the
 * seed does not break them; the shapes and codes are what the H5 relies on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, type CourseCard, type CourseDetail } from '@jinfa/shared';
import type { Insertable } from 'kysely';
import type { CoursesTable } from '../src/db/schema.ts';
import { seedDemoData } from '../src/demo/seeder.ts';
import { invalidateCatalogue } from '../src/modules/courses/http-cache.ts';
import { ensureSearchIndex, rebuildSearchIndex, reindexCourse } from '../src/modules/courses/search-repository.ts';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildUser, loginAs } from './support/factories.ts';

const BAD_IDS = ['-1', '0', '100000000000000000000', 'abc', '1.5'];

describe.each(dialectsUnderTest())('courses (%s)', (dialect) => {
  let t: TestApp;
  /** The on-shelf, public courses: what every list may show. */
  let listed: Array<{ id: number; course_level: number; subject_id: number; course_type: number; is_free: number; activity_type: number; member_free: number; vip_price: number | null; name: string }>;

  beforeAll(async () => {
    t = await build(dialect);
    await seedDemoData(t.app.db);
    await rebuildSearchIndex(t.app.db);
    listed = await t.app.db
      .selectFrom('courses')
      .select(['id', 'course_level', 'subject_id', 'course_type', 'is_free', 'activity_type', 'member_free', 'vip_price', 'name'])
      .where('status', '=', 1)
      .where('corporate_id', 'is', null)
      .execute();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const data = async <T>(url: string, headers: Record<string, string> = {}): Promise<T> => {
    const res = await get(url, headers);
    const body = res.json();
    expect(body.code, `${url}: ${body.message}`).toBe(0);
    return body.data as T;
  };
  const page = (url: string) => data<{ rows: CourseCard[]; total: number }>(url);
  /** Every row of a list, walking the pages. */
  async function allRows(url: string): Promise<CourseCard[]> {
    const out: CourseCard[] = [];
    for (let i = 1; i < 50; i++) {
      const p = await page(`${url}${url.includes('?') ? '&' : '?'}pageSize=50&pageIndex=${i}`);
      out.push(...p.rows);
      if (out.length >= p.total || p.rows.length === 0) break;
    }
    return out;
  }
  const idsOf = (rows: Array<{ courseId: number }>) => rows.map((r) => r.courseId).sort((a, b) => a - b);
  const listedIds = (pred: (c: (typeof listed)[number]) => boolean) =>
    listed
      .filter(pred)
      .map((c) => c.id)
      .sort((a, b) => a - b);

  /** A course on the seed's first subject and lecturer (no new ones, so the seeded counts hold), indexed for search. */
  async function insertCourse(overrides: Partial<Insertable<CoursesTable>> = {}): Promise<number> {
    const anyCourse = await t.app.db.selectFrom('courses').select(['subject_id', 'lecturer_id']).orderBy('id').executeTakeFirstOrThrow();
    // No member price: the member lists (listType 3, special_vip) are counted from the seed.
    const row = await buildCourse(t.app.db, { subject_id: anyCourse.subject_id, lecturer_id: anyCourse.lecturer_id, vip_price: null, ...overrides });
    await reindexCourse(t.app.db, row.id);
    return row.id;
  }

  describe('GET /v1/courses/list', () => {
    it('pages the on-shelf public catalogue with a total that matches the rows', async () => {
      const first = await page('/v1/courses/list?pageSize=7');
      expect(first.total).toBe(listed.length);
      expect(first.rows).toHaveLength(7);
      const all = await allRows('/v1/courses/list');
      expect(idsOf(all)).toEqual(listedIds(() => true));
      expect(new Set(all.map((r) => r.courseId)).size).toBe(all.length);
      const past = await page(`/v1/courses/list?pageSize=10&pageIndex=${Math.ceil(listed.length / 10) + 1}`);
      expect(past).toEqual({ rows: [], total: listed.length });
    });

    it('shows prices in fen and yuan, lecturer, tags and chapter counts on each card', async () => {
      const rows = await allRows('/v1/courses/list');
      const series = rows.find((r) => r.courseType === 2);
      expect(series?.chapterCount).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.priceYuan).toBe((r.price / 100).toFixed(2));
        expect(r.lecturerName).not.toBe('');
        expect(r.status).toBe(1);
      }
      expect(rows.some((r) => r.tags.length > 0)).toBe(true);
    });

    it('filters by courseLevel, where 6 means levels 2 and 3', async () => {
      for (const level of [1, 2, 3]) {
        const rows = await allRows(`/v1/courses/list?courseLevel=${level}`);
        expect(idsOf(rows)).toEqual(listedIds((c) => c.course_level === level));
      }
      const six = await allRows('/v1/courses/list?courseLevel=6');
      expect(six.length).toBeGreaterThan(0);
      expect(idsOf(six)).toEqual(listedIds((c) => c.course_level === 2 || c.course_level === 3));
      expect(six.every((r) => r.courseLevel === 2 || r.courseLevel === 3)).toBe(true);
    });

    it('filters by subject, free, course type, activity and the membership list types', async () => {
      const subjectId = listed[0]!.subject_id;
      expect(idsOf(await allRows(`/v1/courses/list?subjectId=${subjectId}`))).toEqual(listedIds((c) => c.subject_id === subjectId));
      expect(idsOf(await allRows('/v1/courses/list?isFree=1'))).toEqual(listedIds((c) => c.is_free === 1));
      expect(idsOf(await allRows('/v1/courses/list?isFree=0'))).toEqual(listedIds((c) => c.is_free === 0));
      expect(idsOf(await allRows('/v1/courses/list?courseType=2'))).toEqual(listedIds((c) => c.course_type === 2));
      for (const a of [0, 1, 2, 3]) {
        expect(idsOf(await allRows(`/v1/courses/list?activityType=${a}`))).toEqual(listedIds((c) => c.activity_type === a));
      }
      const basic = await allRows('/v1/courses/list?listType=1');
      expect(basic.length).toBeGreaterThan(0);
      expect(idsOf(basic)).toEqual(listedIds((c) => c.member_free === 1));
      const special = await allRows('/v1/courses/list?listType=3');
      expect(special.length).toBeGreaterThan(0);
      expect(idsOf(special)).toEqual(listedIds((c) => (c.vip_price ?? 0) > 0));
      // Filters combine (AND).
      const combined = await allRows(`/v1/courses/list?courseLevel=6&subjectId=${subjectId}&isFree=0`);
      expect(idsOf(combined)).toEqual(listedIds((c) => c.subject_id === subjectId && c.course_level >= 2 && c.is_free === 0));
    });

    it('filters by tag', async () => {
      const tag = await t.app.db
        .selectFrom('course_tags')
        .select((eb) => ['tag_id', eb.fn.countAll<number>().as('n')])
        .groupBy('tag_id')
        .orderBy('n', 'desc')
        .executeTakeFirstOrThrow();
      const tagged = new Set((await t.app.db.selectFrom('course_tags').select('course_id').where('tag_id', '=', tag.tag_id).execute()).map((r) => r.course_id));
      const rows = await allRows(`/v1/courses/list?tagId=${tag.tag_id}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(idsOf(rows)).toEqual(listedIds((c) => tagged.has(c.id)));
    });

    it("lists a corporate's own courses only when corporateId is given", async () => {
      const corp = await t.app.db.selectFrom('courses').select('corporate_id').where('corporate_id', 'is not', null).where('status', '=', 1).executeTakeFirstOrThrow();
      const own = await t.app.db.selectFrom('courses').select('id').where('corporate_id', '=', corp.corporate_id).where('status', '=', 1).execute();
      const rows = await allRows(`/v1/courses/list?corporateId=${corp.corporate_id}`);
      expect(idsOf(rows)).toEqual(own.map((r) => r.id).sort((a, b) => a - b));
      const publicIds = new Set(idsOf(await allRows('/v1/courses/list')));
      expect(rows.some((r) => publicIds.has(r.courseId))).toBe(false);
    });

    it('sorts by latest and by popularity', async () => {
      const latest = await allRows('/v1/courses/list?sort=latest');
      const published = new Map(
        (await t.app.db.selectFrom('courses').select(['id', 'published_at']).execute()).map((r) => [r.id, r.published_at]),
      );
      for (let i = 1; i < latest.length; i++) {
        expect(published.get(latest[i - 1]!.courseId)!).toBeGreaterThanOrEqual(published.get(latest[i]!.courseId)!);
      }
      const popular = await allRows('/v1/courses/list?sort=popular');
      for (let i = 1; i < popular.length; i++) expect(popular[i - 1]!.learnersCount).toBeGreaterThanOrEqual(popular[i]!.learnersCount);
    });

    it('never lists off-shelf or not-started courses', async () => {
      const off = await insertCourse({ name: '已下架的保理课', status: 0 });
      const soon = await insertCourse({ name: '未开始的保理课', status: 2 });
      invalidateCatalogue(t.app.db);
      const ids = idsOf(await allRows('/v1/courses/list'));
      expect(ids).not.toContain(off);
      expect(ids).not.toContain(soon);
      expect(idsOf(await allRows(`/v1/courses/list?keyword=${encodeURIComponent('的保理课')}`))).toEqual([]);
    });

    it('refuses bad filters with -10001, never 500', async () => {
      for (const q of ['courseLevel=4', 'courseLevel=abc', 'listType=2', 'isFree=2', 'pageSize=0', 'pageSize=51', 'pageIndex=0', 'subjectId=-1', 'sort=random', `keyword=${'长'.repeat(51)}`]) {
        const res = await get(`/v1/courses/list?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().code, q).toBe(-10001);
      }
    });
  });

  describe('GET /v1/courses/list?keyword (search)', () => {
    /** The normalised searchable text of every listed course, to check the index against. */
    async function bodies(): Promise<Map<number, string>> {
      const rows = await t.app.db.selectFrom('course_search').select(['course_id', 'body']).execute();
      const ids = new Set(listed.map((c) => c.id));
      return new Map(rows.filter((r) => ids.has(r.course_id)).map((r) => [r.course_id, r.body]));
    }
    const search = async (keyword: string) => idsOf(await allRows(`/v1/courses/list?keyword=${encodeURIComponent(keyword)}`));
    const expected = async (...words: string[]) => {
      const all = await bodies();
      return [...all.entries()]
        .filter(([, body]) => words.every((w) => body.includes(w)))
        .map(([id]) => id)
        .sort((a, b) => a - b);
    };

    it('finds courses by title words of 1, 2, 3 and more characters', async () => {
      for (const word of ['法', '票据', '反洗钱', '个人信息保护', '不良资产']) {
        const ids = await search(word);
        expect(ids.length, word).toBeGreaterThan(0);
        expect(ids, word).toEqual(await expected(word));
      }
    });

    it('finds courses by lecturer name and by tag', async () => {
      const c = await t.app.db
        .selectFrom('courses')
        .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
        .select(['courses.id', 'lecturers.name'])
        .where('courses.status', '=', 1)
        .where('courses.corporate_id', 'is', null)
        .executeTakeFirstOrThrow();
      const byLecturer = await search(c.name);
      expect(byLecturer).toContain(c.id);
      const tag = await t.app.db.selectFrom('tags').innerJoin('course_tags', 'course_tags.tag_id', 'tags.id').select(['tags.name', 'course_tags.course_id']).where('course_tags.course_id', '=', c.id).executeTakeFirstOrThrow();
      expect(await search(tag.name)).toContain(c.id);
      expect(await search(tag.name)).toEqual(await expected(tag.name));
    });

    it('finds every course of a subject by the subject name', async () => {
      const aml = await t.app.db.selectFrom('subjects').select(['id', 'name']).where('name', '=', '反洗钱').executeTakeFirstOrThrow();
      const inSubject = listedIds((c) => c.subject_id === aml.id);
      // The seed files several courses under 反洗钱 whose titles do not all say 反洗钱.
      expect(inSubject.length).toBeGreaterThan(1);
      const found = await search('反洗钱');
      expect(found).toEqual(expect.arrayContaining(inSubject));
      // Short words go through the gram table: a two-character subject word finds them too.
      expect(await search('洗钱')).toEqual(expect.arrayContaining(inSubject));
    });

    it('needs every word to match, and a word found nowhere finds nothing', async () => {
      expect(await search('民法典 担保')).toEqual(await expected('民法典', '担保'));
      expect(await search('民法典 不存在的词语')).toEqual([]);
      expect(await search('量子计算')).toEqual([]);
    });

    it('gives every curated hot search some results', async () => {
      const hot = await data<Array<{ keyword: string }>>('/v1/search/hot');
      for (const h of hot) expect((await search(h.keyword)).length, h.keyword).toBeGreaterThan(0);
    });

    it('folds full-width and upper-case input', async () => {
      const id = await insertCourse({ name: 'LPR定价与ＬＰＲ转换实务' });
      invalidateCatalogue(t.app.db);
      expect(await search('lpr')).toContain(id);
      expect(await search('ＬＰＲ定价')).toContain(id);
      expect(await search('　ＬＰＲ　')).toContain(id);
    });

    it('treats SQL and script fragments as plain text', async () => {
      const total = listed.length;
      for (const k of ["' or 1=1 --", '" OR "1"="1', '%', '_', '*', 'NEAR(a b)', '\\', '<script>alert(1)</script>', 'body:法', "'); drop table courses; --"]) {
        const res = await get(`/v1/courses/list?keyword=${encodeURIComponent(k)}`);
        expect(res.statusCode, k).toBe(200);
        expect(res.json().data.total, k).toBeLessThan(total);
      }
      const still = await t.app.db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(still.n)).toBeGreaterThanOrEqual(total);
    });
  });

  describe('GET /v1/courses/latest', () => {
    it('answers the newest listed courses first, size bounded', async () => {
      const rows = await data<CourseCard[]>('/v1/courses/latest?size=3');
      expect(rows).toHaveLength(3);
      const newest = await t.app.db.selectFrom('courses').select('id').where('status', '=', 1).where('corporate_id', 'is', null).orderBy('published_at', 'desc').orderBy('id', 'desc').limit(3).execute();
      expect(rows.map((r) => r.courseId)).toEqual(newest.map((r) => r.id));
      expect(await data<CourseCard[]>('/v1/courses/latest')).toHaveLength(10);
      expect((await get('/v1/courses/latest?size=0')).json().code).toBe(-10001);
      expect((await get('/v1/courses/latest?size=51')).json().code).toBe(-10001);
    });
  });

  describe('GET /v1/courses/query/index/page/exhibition/type', () => {
    it('answers the four home zones with their Chinese titles and only their courses', async () => {
      const sections = await data<Array<{ type: number; title: string; courses: CourseCard[] }>>('/v1/courses/query/index/page/exhibition/type');
      expect(sections.map((s) => [s.type, s.title])).toEqual([
        [1, '基础会员专区'],
        [2, '老课特价专区'],
        [3, '专题会员专区'],
        [4, '福利专区'],
      ]);
      for (const s of sections) {
        expect(s.courses.length).toBeGreaterThan(0);
        const zone = await t.app.db.selectFrom('courses').select('id').where('home_list_type', '=', s.type).where('status', '=', 1).where('corporate_id', 'is', null).execute();
        const zoneIds = new Set(zone.map((z) => z.id));
        expect(s.courses.every((c) => zoneIds.has(c.courseId))).toBe(true);
      }
      const one = await data<Array<{ type: number; courses: CourseCard[] }>>('/v1/courses/query/index/page/exhibition/type?type=4&size=1');
      expect(one).toHaveLength(1);
      expect(one[0]!.type).toBe(4);
      expect(one[0]!.courses).toHaveLength(1);
      expect((await get('/v1/courses/query/index/page/exhibition/type?type=5')).json().code).toBe(-10001);
    });
  });

  describe('GET /v1/courses/special_vip', () => {
    it('lists courses with a member price', async () => {
      const rows = await allRows('/v1/courses/special_vip');
      expect(rows.length).toBeGreaterThan(0);
      expect(idsOf(rows)).toEqual(listedIds((c) => (c.vip_price ?? 0) > 0));
      expect(rows.every((r) => r.vipPrice !== null && r.vipPriceYuan === (r.vipPrice / 100).toFixed(2))).toBe(true);
    });
  });

  describe('GET /v1/courses/query/corporates_vip/type', () => {
    it("lists a corporate's on-shelf courses, and requires a valid corporateId", async () => {
      const corp = await t.app.db.selectFrom('corporates').select('id').orderBy('id').executeTakeFirstOrThrow();
      const own = await t.app.db.selectFrom('courses').select('id').where('corporate_id', '=', corp.id).where('status', '=', 1).execute();
      expect(own.length).toBeGreaterThan(0);
      const p = await page(`/v1/courses/query/corporates_vip/type?corporateId=${corp.id}&pageSize=50`);
      expect(p.total).toBe(own.length);
      expect(idsOf(p.rows)).toEqual(own.map((r) => r.id).sort((a, b) => a - b));
      expect(await page('/v1/courses/query/corporates_vip/type?corporateId=99999')).toEqual({ rows: [], total: 0 });
      for (const q of ['', '?corporateId=abc', '?corporateId=0']) expect((await get(`/v1/courses/query/corporates_vip/type${q}`)).json().code).toBe(-10001);
    });
  });

  describe('GET /v1/courses/:id', () => {
    it('answers the course page with the lecturer, subject, tags and a sanitised introduction', async () => {
      const id = await insertCourse({
        name: '票据追索权实务',
        detail: '<p onclick="steal()">正文<script>alert(1)</script><img src="javascript:alert(1)"><img src="/a.png" onerror="x()"></p>',
        vip_price: 0,
        member_free: 1,
        price: 29900,
        original_price: 39900,
      });
      const d = await data<CourseDetail>(`/v1/courses/${id}`);
      expect(d).toMatchObject({
        courseId: id,
        name: '票据追索权实务',
        isSeries: false,
        priceYuan: '299.00',
        vipPriceYuan: '0.00',
        originalPriceYuan: '399.00',
        memberFree: true,
        owned: false,
        trackingId: `course-${id}`,
      });
      expect(d.detail).toBe('<p>正文<img src="/a.png" /></p>');
      expect(d.lecturerName).not.toBe('');
      expect(d.subjectName).not.toBe('');
      expect(d).not.toHaveProperty('isFavorite');
      const seeded = await data<CourseDetail>(`/v1/courses/${listed[0]!.id}`);
      expect(seeded.tags.length).toBeGreaterThan(0);
      expect(seeded.tags[0]).toEqual({ tagId: expect.any(Number), tagName: expect.any(String) });
    });

    it('tells a signed-in learner whether the course is a favourite, never from a cached answer', async () => {
      const id = listed[0]!.id;
      const user = await buildUser(t.app.db);
      const { headers } = await loginAs(t, user.id);
      await get(`/v1/courses/${id}`); // warm the anonymous cache
      expect((await data<CourseDetail>(`/v1/courses/${id}`, headers)).isFavorite).toBe(false);
      await t.app.db.insertInto('favorites').values({ user_id: user.id, course_id: id, created_at: Date.now() }).execute();
      const res = await get(`/v1/courses/${id}`, headers);
      expect(res.json().data.isFavorite).toBe(true);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toContain('Access-Token');
      // Another learner does not see the first one's favourite.
      const other = await loginAs(t, (await buildUser(t.app.db)).id);
      expect((await data<CourseDetail>(`/v1/courses/${id}`, other.headers)).isFavorite).toBe(false);
    });

    it('marks a free course owned for a signed-in learner only', async () => {
      const id = await insertCourse({ price: 0, is_free: 1, original_price: 0 });
      const { headers } = await loginAs(t, (await buildUser(t.app.db)).id);
      expect((await data<CourseDetail>(`/v1/courses/${id}`, headers)).owned).toBe(true);
      expect((await data<CourseDetail>(`/v1/courses/${id}`)).owned).toBe(false);
      const paid = await data<CourseDetail>(`/v1/courses/${listed.find((c) => c.is_free === 0)!.id}`, headers);
      expect(paid.owned).toBe(false);
    });

    it('lets a locked learner read, and refuses a forged token', async () => {
      const locked = await buildUser(t.app.db, { account_status: AccountStatus.LOCKED });
      const { headers } = await loginAs(t, locked.id);
      expect((await get(`/v1/courses/${listed[0]!.id}`, headers)).json().code).toBe(0);
      expect((await get(`/v1/courses/${listed[0]!.id}`, { 'access-token': 'A'.repeat(43) })).json().code).toBe(-10005);
    });

    it('answers -1281 off shelf, -45061 not started, -10004 unknown', async () => {
      const off = await insertCourse({ status: 0 });
      const soon = await insertCourse({ status: 2 });
      expect((await get(`/v1/courses/${off}`)).json()).toMatchObject({ code: -1281, message: '课程已下架', data: null });
      expect((await get(`/v1/courses/${soon}`)).json()).toMatchObject({ code: -45061, data: null });
      expect((await get('/v1/courses/987654321')).json().code).toBe(-10004);
    });

    it('still opens a course that is not updated yet (no duration, no chapters)', async () => {
      const id = await insertCourse({ duration_seconds: null, course_type: 2 });
      const d = await data<CourseDetail>(`/v1/courses/${id}`);
      expect(d).toMatchObject({ durationSeconds: null, chapterCount: 0, isSeries: true });
    });

    it('refuses malformed ids with -10001, never 500', async () => {
      for (const bad of BAD_IDS) {
        for (const path of [`/v1/courses/${bad}`, `/v1/courses/${bad}/series`, `/v1/courses/${bad}/related`, `/v1/courses/${bad}/related/3`]) {
          const res = await get(path);
          expect(res.statusCode, path).toBe(400);
          expect(res.json().code, path).toBe(-10001);
        }
      }
    });
  });

  describe('GET /v1/courses/:id/series', () => {
    it('lists the published chapters of a series in order, with free trials marked', async () => {
      const series = listed.find((c) => c.course_type === 2)!;
      const chapters = await data<Array<{ chapterId: number; sort: number; isFreeTrial: boolean; price: number; priceYuan: string }>>(`/v1/courses/${series.id}/series`);
      expect(chapters.length).toBeGreaterThan(1);
      expect(chapters.map((c) => c.sort)).toEqual([...chapters.map((c) => c.sort)].sort((a, b) => a - b));
      expect(chapters.some((c) => c.isFreeTrial)).toBe(true);
      expect(chapters.filter((c) => c.isFreeTrial).every((c) => c.price === 0)).toBe(true);
      // An unpublished chapter stays hidden.
      await t.app.db.insertInto('chapters').values({ course_id: series.id, title: '未发布', sort: 99, duration_seconds: 60, is_free_trial: 0, price: 100, status: 0 }).execute();
      invalidateCatalogue(t.app.db);
      expect((await data<unknown[]>(`/v1/courses/${series.id}/series`)).length).toBe(chapters.length);
    });

    it('answers -45063 for a series with no published chapter, and the state codes', async () => {
      const empty = await insertCourse({ course_type: 2, duration_seconds: null });
      expect((await get(`/v1/courses/${empty}/series`)).json()).toMatchObject({ code: -45063, message: '课程暂未更新，敬请期待' });
      expect((await get(`/v1/courses/${await insertCourse({ status: 0, course_type: 2 })}/series`)).json().code).toBe(-1281);
      expect((await get('/v1/courses/987654321/series')).json().code).toBe(-10004);
      expect(await data<unknown[]>(`/v1/courses/${listed.find((c) => c.course_type === 1)!.id}/series`)).toEqual([]);
    });
  });

  describe('GET /v1/courses/:id/related/:count', () => {
    it('answers 5 by default, the same subject first, never the course itself', async () => {
      const course = listed[0]!;
      const rows = await data<CourseCard[]>(`/v1/courses/${course.id}/related`);
      expect(rows).toHaveLength(5);
      expect(rows.map((r) => r.courseId)).not.toContain(course.id);
      const sameSubject = listed.filter((c) => c.subject_id === course.subject_id && c.id !== course.id).length;
      const subjects = new Map(listed.map((c) => [c.id, c.subject_id]));
      const firstN = rows.slice(0, Math.min(sameSubject, 5));
      expect(firstN.every((r) => subjects.get(r.courseId) === course.subject_id)).toBe(true);
      const three = await data<CourseCard[]>(`/v1/courses/${course.id}/related/3`);
      expect(three.map((r) => r.courseId)).toEqual(rows.slice(0, 3).map((r) => r.courseId));
      expect((await get(`/v1/courses/${course.id}/related/21`)).json().code).toBe(-10001);
      expect((await get(`/v1/courses/${course.id}/related/0`)).json().code).toBe(-10001);
    });
  });

  describe('search index', () => {
    it('rebuilds once an index built with an older body format (before the subject name was indexed)', async () => {
      const aml = await t.app.db.selectFrom('subjects').select(['id', 'name']).where('name', '=', '反洗钱').executeTakeFirstOrThrow();
      const course = listed.find((c) => c.subject_id === aml.id && !c.name.includes('反洗钱'));
      if (!course) throw new Error('seed: expected a 反洗钱 course without the word in its title');
      // What a database indexed by the previous release looks like: same course count, no subject
      // names in the bodies, no version recorded.
      await t.app.db.deleteFrom('course_search_terms').where('course_id', '=', course.id).where('term', 'in', ['洗', '洗钱']).execute();
      await t.app.db.updateTable('course_search').set({ body: course.name.toLowerCase() }).where('course_id', '=', course.id).execute();
      await t.app.db.deleteFrom('app_meta').execute();
      invalidateCatalogue(t.app.db);
      const before = idsOf(await allRows(`/v1/courses/list?keyword=${encodeURIComponent('反洗钱')}`));
      expect(before).not.toContain(course.id);

      expect(await ensureSearchIndex(t.app.db)).toBe(true);
      expect(await ensureSearchIndex(t.app.db)).toBe(false);
      const after = idsOf(await allRows(`/v1/courses/list?keyword=${encodeURIComponent('反洗钱')}`));
      expect(after).toContain(course.id);
      expect(idsOf(await allRows(`/v1/courses/list?keyword=${encodeURIComponent('洗钱')}`))).toContain(course.id);
    });

    it('answers through the index, not a table scan', async () => {
      const { explainSearchWord } = await import('../src/modules/courses/search-repository.ts');
      const short = await explainSearchWord(t.app.db, { text: '票据', kind: 'short' });
      const long = await explainSearchWord(t.app.db, { text: '反洗钱', kind: 'trigram' });
      if (dialect === 'sqlite') {
        expect(short).toMatch(/USING (COVERING )?INDEX|PRIMARY KEY/);
        expect(long).toMatch(/VIRTUAL TABLE INDEX/);
      } else {
        expect(short).toMatch(/Index/);
        expect(long).toMatch(/Bitmap Index Scan on course_search_body_trgm/);
      }
      expect(`${short}\n${long}`).not.toMatch(/SCAN (TABLE )?courses|Seq Scan on courses/);
    });
  });
});
