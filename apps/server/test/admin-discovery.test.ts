/**
 * The console's home and discovery section (issue 13, docs/console.md "Home and discovery"):
 * roles allowed and refused, CSRF on writes, one audit row per write, coded answers to bad input,
 * and what learners read following at once — a banner created or turned off here shows or leaves
 * `GET /v1/banners` (the H5 home), hot words set here are `GET /v1/search/hot`, a course put in a
 * home section shows in the home zones' list — on SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, ConsoleErrorCodes } from '@jinfa/shared';
import { useApp, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildLecturer } from './support/factories.ts';
import { signInOperator, type SignedInOperator } from './support/admin.ts';
import type { OperatorRole } from '../src/modules/admin/guard.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe.each(dialectsUnderTest())('console home and discovery (%s)', (dialect) => {
  let t: TestApp;
  const app = useApp(dialect, (built) => (t = built));
  const as: Partial<Record<OperatorRole, SignedInOperator>> = {};

  beforeAll(async () => {
    app();
    for (const role of ['owner', 'operator', 'finance', 'reviewer', 'corporate_admin'] as const) as[role] = await signInOperator(t, { role });
    as.lecturer = await signInOperator(t, { role: 'lecturer', lecturerId: (await buildLecturer(t.app.db)).id });
  });

  const call = (who: SignedInOperator | undefined, method: Method, url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(who?.headers ?? {}), ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const json = async (who: SignedInOperator | undefined, method: Method, url: string, payload?: unknown) => (await call(who, method, url, payload)).json();
  const auditRows = (action: string, targetId?: number) => {
    let q = t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action);
    if (targetId !== undefined) q = q.where('target_id', '=', String(targetId));
    return q.orderBy('id').execute();
  };
  const learnerBanners = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/banners' });
    expect(res.statusCode).toBe(200);
    return res.json().data as { bannerId: number; title: string }[];
  };

  it('refuses roles other than owner and operator, and requires sign-in', async () => {
    for (const url of ['/v1/admin/banners', '/v1/admin/tags', '/v1/admin/hot-words', '/v1/admin/home-sections']) {
      for (const role of ['finance', 'reviewer', 'lecturer', 'corporate_admin'] as const) {
        const res = await call(as[role], 'GET', url);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
      }
      expect((await call(undefined, 'GET', url)).json().code).toBe(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
      expect((await json(as.owner, 'GET', url)).code).toBe(0);
      expect((await json(as.operator, 'GET', url)).code).toBe(0);
    }
    const res = await call(as.finance, 'POST', '/v1/admin/tags', { name: '不该建成' });
    expect(res.json().code).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
  });

  it('needs the CSRF token on writes', async () => {
    const res = await call(as.operator, 'POST', '/v1/admin/tags', { name: '无令牌' }, { 'x-csrf-token': 'x'.repeat(43) });
    expect(res.json().code).toBe(ConsoleErrorCodes.ADMIN_CSRF);
    const list = (await json(as.operator, 'GET', '/v1/admin/tags?q=无令牌')).data;
    expect(list.total).toBe(0);
  });

  describe('banners', () => {
    it('a banner created shows on the H5 home, leaves it when turned off, comes back, and is deleted', async () => {
      const created = await json(as.operator, 'POST', '/v1/admin/banners', { title: '春季合规专题', image: 'https://cdn.example.com/b.png', linkType: 0, link: '/pages/topic/spring' });
      expect(created.code).toBe(0);
      const id = created.data.id as number;
      expect(created.data).toMatchObject({ title: '春季合规专题', enabled: true, linkType: 0 });
      expect((await learnerBanners())[0]).toMatchObject({ bannerId: id, title: '春季合规专题' });
      expect(await auditRows('banner.create', id)).toHaveLength(1);

      const off = await json(as.operator, 'PATCH', `/v1/admin/banners/${id}`, { enabled: false });
      expect(off.data.enabled).toBe(false);
      expect((await learnerBanners()).map((b) => b.bannerId)).not.toContain(id);
      const rows = await auditRows('banner.update', id);
      expect(rows).toHaveLength(1);
      expect(JSON.parse(String(rows[0]!.before_json))).toMatchObject({ enabled: true });
      expect(JSON.parse(String(rows[0]!.after_json))).toMatchObject({ enabled: false });
      // Still in the console's list.
      expect((await json(as.operator, 'GET', '/v1/admin/banners')).data.items.map((b: { id: number }) => b.id)).toContain(id);

      await json(as.owner, 'PATCH', `/v1/admin/banners/${id}`, { enabled: true, title: '春季合规专题（更新）' });
      expect((await learnerBanners()).find((b) => b.bannerId === id)?.title).toBe('春季合规专题（更新）');

      expect((await json(as.operator, 'DELETE', `/v1/admin/banners/${id}`)).code).toBe(0);
      expect((await learnerBanners()).map((b) => b.bannerId)).not.toContain(id);
      expect(await auditRows('banner.delete', id)).toHaveLength(1);
      expect((await call(as.operator, 'PATCH', `/v1/admin/banners/${id}`, { enabled: true })).json().code).toBe(ConsoleErrorCodes.ADMIN_NOT_FOUND);
    });

    it('reorders: the learner home follows; a partial or repeated list is refused', async () => {
      const ids: number[] = [];
      for (const title of ['甲', '乙', '丙']) ids.push((await json(as.operator, 'POST', '/v1/admin/banners', { title, image: '/assets/x.png', linkType: 1, link: '1' })).data.id);
      const all = (await json(as.operator, 'GET', '/v1/admin/banners')).data.items.map((b: { id: number }) => b.id) as number[];
      const reversed = [...all].reverse();
      const res = await json(as.operator, 'PUT', '/v1/admin/banner-order', { bannerIds: reversed });
      expect(res.code).toBe(0);
      expect(res.data.items.map((b: { id: number }) => b.id)).toEqual(reversed);
      expect((await learnerBanners()).map((b) => b.bannerId)).toEqual(reversed.filter((id) => all.includes(id)));
      expect(await auditRows('banner.reorder')).toHaveLength(1);

      for (const bannerIds of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 2_000_000_000]]) {
        const bad = await call(as.operator, 'PUT', '/v1/admin/banner-order', { bannerIds });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().code).toBe(ConsoleErrorCodes.ADMIN_BANNER_ORDER);
      }
      expect(await auditRows('banner.reorder')).toHaveLength(1);
    });

    it('answers bad input with coded errors, not 500', async () => {
      const bodies = [
        {},
        { title: '', image: 'https://a/b.png', linkType: 0, link: '/x' },
        { title: 'x', image: 'javascript:alert(1)', linkType: 0, link: '/x' },
        { title: 'x', image: 'https://a/b.png', linkType: 9, link: '/x' },
        { title: 'x', image: 'https://a/b.png', linkType: 0 },
      ];
      for (const body of bodies) {
        const res = await call(as.operator, 'POST', '/v1/admin/banners', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(ErrorCodes.VALIDATION);
      }
      expect((await call(as.operator, 'PATCH', '/v1/admin/banners/abc', { enabled: true })).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await call(as.operator, 'PATCH', '/v1/admin/banners/1', {})).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await call(as.operator, 'DELETE', '/v1/admin/banners/2000000000')).json().code).toBe(ConsoleErrorCodes.ADMIN_NOT_FOUND);
    });
  });

  describe('tags', () => {
    it('creates, refuses duplicates, renames (search follows), refuses deleting a tag in use', async () => {
      const created = await json(as.operator, 'POST', '/v1/admin/tags', { name: ' 跨境支付 ' });
      expect(created.data).toMatchObject({ name: '跨境支付', courseCount: 0 });
      const id = created.data.id as number;
      expect(await auditRows('tag.create', id)).toHaveLength(1);

      const dup = await call(as.operator, 'POST', '/v1/admin/tags', { name: '跨境支付' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().code).toBe(ConsoleErrorCodes.ADMIN_TAG_EXISTS);
      const other = (await json(as.operator, 'POST', '/v1/admin/tags', { name: '外汇' })).data.id as number;
      expect((await call(as.operator, 'PATCH', `/v1/admin/tags/${other}`, { name: '跨境支付' })).json().code).toBe(ConsoleErrorCodes.ADMIN_TAG_EXISTS);
      expect((await call(as.operator, 'POST', '/v1/admin/tags', { name: '   ' })).json().code).toBe(ConsoleErrorCodes.ADMIN_TAG_NAME_EMPTY);
      expect((await call(as.operator, 'POST', '/v1/admin/tags', { name: '' })).json().code).toBe(ErrorCodes.VALIDATION);

      // A shelved course carrying the tag: the rename reaches the learner's search at once.
      const course = await buildCourse(t.app.db, { name: '结算业务实务' });
      await t.app.db.insertInto('course_tags').values({ course_id: course.id, tag_id: id }).execute();
      const renamed = await json(as.operator, 'PATCH', `/v1/admin/tags/${id}`, { name: '跨境人民币' });
      expect(renamed.data).toMatchObject({ id, name: '跨境人民币', courseCount: 1 });
      expect(await auditRows('tag.rename', id)).toHaveLength(1);
      const found = await t.app.inject({ method: 'GET', url: `/v1/courses/list?keyword=${encodeURIComponent('跨境人民币')}` });
      expect((found.json().data.rows as { courseId: number }[]).map((r) => r.courseId)).toContain(course.id);

      const list = (await json(as.operator, 'GET', `/v1/admin/tags?q=${encodeURIComponent('跨境')}`)).data;
      expect(list.items).toEqual([{ id, name: '跨境人民币', courseCount: 1 }]);

      const inUse = await call(as.operator, 'DELETE', `/v1/admin/tags/${id}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().code).toBe(ConsoleErrorCodes.ADMIN_TAG_IN_USE);
      expect((await json(as.operator, 'DELETE', `/v1/admin/tags/${other}`)).code).toBe(0);
      expect(await auditRows('tag.delete', other)).toHaveLength(1);
      expect(await auditRows('tag.delete', id)).toHaveLength(0);
    });
  });

  describe('hot search words', () => {
    it('lists the seeded words, replaces them, and the learner search page follows', async () => {
      const initial = (await json(as.operator, 'GET', '/v1/admin/hot-words')).data.words as { keyword: string }[];
      expect(initial.map((w) => w.keyword)).toContain('反洗钱');
      // Read once so the learner answer is cached, then change it.
      await t.app.inject({ method: 'GET', url: '/v1/search/hot' });
      const words = [
        { keyword: '数据合规', hot: true },
        { keyword: '反洗钱', hot: false },
      ];
      const set = await json(as.operator, 'PUT', '/v1/admin/hot-words', { words });
      expect(set.data.words).toEqual(words);
      expect((await t.app.inject({ method: 'GET', url: '/v1/search/hot' })).json().data).toEqual(words);
      expect(await auditRows('hot_words.set')).toHaveLength(1);

      const dup = await call(as.operator, 'PUT', '/v1/admin/hot-words', { words: [{ keyword: '票据', hot: true }, { keyword: ' 票据', hot: false }] });
      expect(dup.json().code).toBe(ConsoleErrorCodes.ADMIN_HOT_WORD_INVALID);
      expect((await call(as.operator, 'PUT', '/v1/admin/hot-words', { words: [{ keyword: 'x' }] })).json().code).toBe(ErrorCodes.VALIDATION);
      expect(await auditRows('hot_words.set')).toHaveLength(1);
    });
  });

  describe('home sections', () => {
    it('lists every section with its courses; a course moved there by PATCH /courses/:id shows on the H5 home', async () => {
      const course = await buildCourse(t.app.db, { name: '专区课程' });
      const patched = await json(as.operator, 'PATCH', `/v1/admin/courses/${course.id}`, { homeListType: 4, sort: 77 });
      expect(patched.code).toBe(0);
      const sections = (await json(as.operator, 'GET', '/v1/admin/home-sections')).data.sections as { type: number; courses: { id: number; sort: number; onShelf: boolean }[] }[];
      expect(sections.map((s) => s.type)).toEqual([1, 2, 3, 4]);
      expect(sections[3]!.courses).toContainEqual(expect.objectContaining({ id: course.id, sort: 77, onShelf: true }));
      const home = await t.app.inject({ method: 'GET', url: '/v1/courses/query/index/page/exhibition/type?type=4' });
      const homeIds = (home.json().data as { courses: { courseId: number }[] }[]).flatMap((s) => s.courses.map((c) => c.courseId));
      expect(homeIds).toContain(course.id);
    });
  });
});
