import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildLecturer } from './support/factories.ts';

// 2147483648 is one past the largest integer id: PostgreSQL would fail the comparison rather than find nothing.
const BAD_IDS = ['-1', '0', '2147483648', '100000000000000000000', 'abc'];

describe.each(dialectsUnderTest())('columns (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  async function insertColumn(fields: { title: string; status?: number; lecturer_id?: number | null; created_at?: number; price?: number }, courseIds: number[] = []) {
    const col = await t.app.db
      .insertInto('columns')
      .values({ intro: '专栏简介', cover: '/c.svg', price: 49900, lecturer_id: null, status: 1, created_at: Date.now(), ...fields })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (courseIds.length) {
      await t.app.db.insertInto('column_courses').values(courseIds.map((course_id, i) => ({ column_id: col.id, course_id, sort: i + 1 }))).execute();
    }
    return col.id;
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  describe('GET /v1/columns/:id', () => {
    it('shows the column with its on-shelf courses in column order', async () => {
      const lecturer = await buildLecturer(t.app.db, { name: '林晓岚', position: '反洗钱中心主任', company: '某股份制银行' });
      const c1 = await buildCourse(t.app.db, { name: '受益所有人识别', learners_count: 100 });
      const c2 = await buildCourse(t.app.db, { name: '可疑交易报告', learners_count: 50 });
      const off = await buildCourse(t.app.db, { name: '已下架课', status: 0, learners_count: 999 });
      const id = await insertColumn({ title: '反洗钱合规实务专栏', lecturer_id: lecturer.id, price: 49900 }, [c2.id, off.id, c1.id]);

      const res = (await get(`/v1/columns/${id}`)).json();
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({
        columnId: id,
        title: '反洗钱合规实务专栏',
        priceYuan: '499.00',
        lecturerName: '林晓岚',
        lecturerPosition: '反洗钱中心主任',
        lecturerCompany: '某股份制银行',
        courseCount: 2,
        learnersCount: 150,
      });
      expect(res.data.courses.map((c: { name: string }) => c.name)).toEqual(['可疑交易报告', '受益所有人识别']);
    });

    it('answers -1366 for a hidden or unknown column, -10001 for a bad id', async () => {
      const hidden = await insertColumn({ title: '已下线专栏', status: 0 });
      expect((await get(`/v1/columns/${hidden}`)).json().code).toBe(ErrorCodes.COLUMN_GONE);
      expect((await get('/v1/columns/999999')).json().code).toBe(ErrorCodes.COLUMN_GONE);
      for (const id of BAD_IDS) {
        const res = await get(`/v1/columns/${id}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(ErrorCodes.VALIDATION);
      }
    });
  });

  describe('GET /v1/columns', () => {
    it('pages on-shelf columns newest first; a team column gets a byline', async () => {
      const base = Date.now() - 10_000;
      await insertColumn({ title: '老专栏', created_at: base });
      await insertColumn({ title: '下线专栏', status: 0, created_at: base + 2000 });
      await insertColumn({ title: '新专栏', created_at: base + 1000 });
      // The database is shared by the suite, so columns of earlier tests are on the list too.
      const onShelf = await t.app.db.selectFrom('columns').select('id').where('status', '=', 1).execute();
      const all = (await get('/v1/columns?pageSize=50')).json().data;
      expect(all.total).toBe(onShelf.length);
      const titles = all.rows.map((r: { title: string }) => r.title);
      expect(titles).not.toContain('下线专栏');
      expect(titles.indexOf('新专栏')).toBeLessThan(titles.indexOf('老专栏'));
      expect(all.rows.find((r: { title: string }) => r.title === '新专栏')).toMatchObject({ lecturerName: '多位讲师联合讲授', courseCount: 0, learnersCount: 0 });
      const one = (await get('/v1/columns?pageIndex=2&pageSize=1')).json().data;
      expect(one).toEqual({ rows: [all.rows[1]], total: all.total });
    });

    it('is a public catalogue read: ETag, max-age and 304', async () => {
      const lecturer = await buildLecturer(t.app.db);
      const id = await insertColumn({ title: '缓存专栏', lecturer_id: lecturer.id }, [(await buildCourse(t.app.db)).id]);
      for (const url of ['/v1/columns', `/v1/columns/${id}`]) {
        const res = await get(url);
        expect(res.json().code, url).toBe(0);
        expect(res.headers['cache-control'], url).toBe('public, max-age=30');
        const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
        expect(again.statusCode, url).toBe(304);
      }
    });

    it('refuses bad paging', async () => {
      for (const q of ['pageIndex=0', 'pageSize=0', 'pageSize=51', 'pageIndex=x']) expect((await get(`/v1/columns?${q}`)).json().code).toBe(ErrorCodes.VALIDATION);
    });
  });
});
