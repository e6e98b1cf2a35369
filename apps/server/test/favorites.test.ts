import { describe, expect, it } from 'vitest';
import { AccountStatus, ErrorCodes } from '@jinfa/shared';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildSubject, signedInUser } from './support/factories.ts';

// 2147483648 is one past the largest integer id: PostgreSQL would fail the comparison rather than find nothing.
const BAD_IDS = ['-1', '0', '2147483648', '100000000000000000000', 'abc'];

describe.each(dialectsUnderTest())('favorites (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  const signedIn = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Record<string, string>) =>
    t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });

  describe('POST /v1/favorites/:id', () => {
    it('favourites a course once, however often it is sent', async () => {
      const { headers, user } = await signedIn();
      const course = await buildCourse(t.app.db);
      for (let i = 0; i < 2; i += 1) {
        const res = await call('POST', `/v1/favorites/${course.id}`, headers);
        expect(res.json()).toEqual({ code: 0, message: 'ok', data: { favorite: true } });
      }
      const rows = await t.app.db.selectFrom('favorites').selectAll().where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('answers not-found for an unknown course and -1281 for one off shelf', async () => {
      const { headers } = await signedIn();
      expect((await call('POST', '/v1/favorites/999999', headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
      const off = await buildCourse(t.app.db, { status: 0 });
      expect((await call('POST', `/v1/favorites/${off.id}`, headers)).json().code).toBe(ErrorCodes.COURSE_OFF_SHELF);
    });

    it('lets a learner follow a course that has not started yet', async () => {
      const { headers } = await signedIn();
      const soon = await buildCourse(t.app.db, { status: 2 });
      expect((await call('POST', `/v1/favorites/${soon.id}`, headers)).json().code).toBe(0);
    });

    it.each(BAD_IDS)('refuses id %s with -10001, never a 500', async (id) => {
      const { headers } = await signedIn();
      const res = await call('POST', `/v1/favorites/${id}`, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCodes.VALIDATION);
    });

    it('asks for login, and refuses locked and blacklisted accounts with their codes', async () => {
      const course = await buildCourse(t.app.db);
      expect((await call('POST', `/v1/favorites/${course.id}`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      const locked = await signedIn({ account_status: AccountStatus.LOCKED });
      expect((await call('POST', `/v1/favorites/${course.id}`, locked.headers)).json().code).toBe(ErrorCodes.USER_LOCKED);
      const black = await signedIn({ account_status: AccountStatus.BLACKLISTED });
      expect((await call('POST', `/v1/favorites/${course.id}`, black.headers)).json().code).toBe(ErrorCodes.USER_BLACKLISTED);
    });
  });

  describe('DELETE /v1/favorites/:id', () => {
    it('removes the favourite and stays code 0 when there is nothing to remove', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      await call('POST', `/v1/favorites/${course.id}`, headers);
      for (let i = 0; i < 2; i += 1) {
        expect((await call('DELETE', `/v1/favorites/${course.id}`, headers)).json()).toEqual({ code: 0, message: 'ok', data: { favorite: false } });
      }
      expect((await call('GET', `/v1/favorites/${course.id}/check`, headers)).json().data).toEqual({ favorite: false });
    });

    it("never touches another learner's favourite", async () => {
      const a = await signedIn();
      const b = await signedIn();
      const course = await buildCourse(t.app.db);
      await call('POST', `/v1/favorites/${course.id}`, a.headers);
      await call('DELETE', `/v1/favorites/${course.id}`, b.headers);
      expect((await call('GET', `/v1/favorites/${course.id}/check`, a.headers)).json().data).toEqual({ favorite: true });
    });

    it('answers not-found for an unknown course and -10001 for a bad id', async () => {
      const { headers } = await signedIn();
      expect((await call('DELETE', '/v1/favorites/999999', headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
      expect((await call('DELETE', '/v1/favorites/abc', headers)).json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/favorites/:id/check', () => {
    it('says whether the caller favourited the course', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const course = await buildCourse(t.app.db);
      await call('POST', `/v1/favorites/${course.id}`, a.headers);
      expect((await call('GET', `/v1/favorites/${course.id}/check`, a.headers)).json().data).toEqual({ favorite: true });
      expect((await call('GET', `/v1/favorites/${course.id}/check`, b.headers)).json().data).toEqual({ favorite: false });
    });

    it('needs login and a good id', async () => {
      const course = await buildCourse(t.app.db);
      expect((await call('GET', `/v1/favorites/${course.id}/check`)).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
      const { headers } = await signedIn();
      expect((await call('GET', '/v1/favorites/0/check', headers)).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await call('GET', '/v1/favorites/999999/check', headers)).json().code).toBe(ErrorCodes.NOT_FOUND);
    });
  });

  describe('GET /v1/favorites/list', () => {
    it("lists the caller's favourites newest first as course cards, with the total", async () => {
      const { headers } = await signedIn();
      const first = await buildCourse(t.app.db, { name: '反洗钱法精读', price: 29900, vip_price: 19900 });
      const second = await buildCourse(t.app.db, { name: '票据纠纷实务', price: 0, vip_price: null, is_free: 1 });
      const third = await buildCourse(t.app.db, { name: '担保制度解释' });
      for (const c of [first, second, third]) await call('POST', `/v1/favorites/${c.id}`, headers);

      const page1 = (await call('GET', '/v1/favorites/list?pageIndex=1&pageSize=2', headers)).json();
      expect(page1.code).toBe(0);
      expect(page1.data.total).toBe(3);
      expect(page1.data.rows.map((r: { course: { name: string } }) => r.course.name)).toEqual(['担保制度解释', '票据纠纷实务']);
      expect(page1.data.rows[1].course).toMatchObject({ courseId: second.id, isFree: true, priceYuan: '0.00', vipPrice: null, vipPriceYuan: null });
      const page2 = (await call('GET', '/v1/favorites/list?pageIndex=2&pageSize=2', headers)).json();
      expect(page2.data.rows).toHaveLength(1);
      expect(page2.data.rows[0].course).toMatchObject({ courseId: first.id, priceYuan: '299.00', vipPriceYuan: '199.00' });
      expect(typeof page2.data.rows[0].favoriteId).toBe('number');
      expect(Number.isNaN(Date.parse(page2.data.rows[0].createdAt))).toBe(false);
    });

    it('narrows the list and its total to one subject with subjectId', async () => {
      const { headers } = await signedIn();
      const law = await buildSubject(t.app.db, { name: '民商法' });
      const aml = await buildSubject(t.app.db, { name: '反洗钱' });
      const a1 = await buildCourse(t.app.db, { subject_id: law.id });
      const b1 = await buildCourse(t.app.db, { subject_id: aml.id });
      const a2 = await buildCourse(t.app.db, { subject_id: law.id });
      for (const c of [a1, b1, a2]) await call('POST', `/v1/favorites/${c.id}`, headers);

      const ofLaw = (await call('GET', `/v1/favorites/list?subjectId=${law.id}`, headers)).json();
      expect(ofLaw.code).toBe(0);
      expect(ofLaw.data.total).toBe(2);
      expect(ofLaw.data.rows.map((r: { course: { courseId: number } }) => r.course.courseId)).toEqual([a2.id, a1.id]);
      const ofAml = (await call('GET', `/v1/favorites/list?subjectId=${aml.id}&pageSize=1&pageIndex=1`, headers)).json().data;
      expect(ofAml).toMatchObject({ total: 1, rows: [{ course: { courseId: b1.id } }] });
      // A subject with no favourite (or none at all) is an empty page, not an error.
      const other = await buildSubject(t.app.db);
      expect((await call('GET', `/v1/favorites/list?subjectId=${other.id}`, headers)).json().data).toEqual({ rows: [], total: 0 });
      expect((await call('GET', '/v1/favorites/list?subjectId=987654', headers)).json().data).toEqual({ rows: [], total: 0 });
      expect((await call('GET', '/v1/favorites/list', headers)).json().data.total).toBe(3);
    });

    it('refuses a bad subjectId with -10001', async () => {
      const { headers } = await signedIn();
      for (const q of ['subjectId=0', 'subjectId=-1', 'subjectId=abc', 'subjectId=1.5', 'subjectId=2147483648']) {
        const res = await call('GET', `/v1/favorites/list?${q}`, headers);
        expect(res.json().code, q).toBe(ErrorCodes.VALIDATION);
      }
    });

    it('keeps a favourite whose course later went off shelf, marked by its status', async () => {
      const { headers } = await signedIn();
      const course = await buildCourse(t.app.db);
      await call('POST', `/v1/favorites/${course.id}`, headers);
      await t.app.db.updateTable('courses').set({ status: 0 }).where('id', '=', course.id).execute();
      const rows = (await call('GET', '/v1/favorites/list', headers)).json().data.rows;
      expect(rows.map((r: { course: { courseId: number; status: number } }) => [r.course.courseId, r.course.status])).toEqual([[course.id, 0]]);
    });

    it("never shows another learner's favourites", async () => {
      const a = await signedIn();
      const b = await signedIn();
      const course = await buildCourse(t.app.db);
      await call('POST', `/v1/favorites/${course.id}`, a.headers);
      expect((await call('GET', '/v1/favorites/list', b.headers)).json().data).toEqual({ rows: [], total: 0 });
      expect((await call('GET', '/v1/favorites/list', b.headers)).headers['cache-control']).toBe('private, no-store');
    });

    it('refuses bad paging with -10001 and anonymous callers with 403', async () => {
      const { headers } = await signedIn();
      for (const q of ['pageIndex=0', 'pageSize=51', 'pageIndex=abc', 'pageSize=-1']) {
        expect((await call('GET', `/v1/favorites/list?${q}`, headers)).json().code).toBe(ErrorCodes.VALIDATION);
      }
      expect((await call('GET', '/v1/favorites/list')).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });
});
