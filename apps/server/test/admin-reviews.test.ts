/**
 * Review moderation in the console (issue 13, docs/console.md): who may use each route, the lists'
 * filters, hide / restore with a reason and an audit row, and what learners then see: a hidden
 * appraisal or comment is gone from the course page (even a page cached a moment ago) and from
 * its count and rating, and comes back when restored.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConsoleErrorCodes } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import { auditRowsOf, call, expectBadIds, expectBadQueries, expectRoles, useConsoleApp, type Operators } from './admin-people-helpers.ts';

describe.each(dialectsUnderTest())('console review moderation (%s)', (dialect) => {
  let t: TestApp;
  let ops: Operators;
  useConsoleApp(dialect, (app, operators) => ((t = app), (ops = operators)));

  const get = (url: string, role: keyof Operators = 'reviewer') => call(t, ops[role], { method: 'GET', url });
  const post = (url: string, payload: object, role: keyof Operators = 'reviewer') => call(t, ops[role], { method: 'POST', url, payload });
  const learnerGet = (url: string) => t.app.inject({ method: 'GET', url });

  async function appraised(score: number, content: string, courseId?: number) {
    const course = courseId ?? (await buildCourse(t.app.db)).id;
    const { headers } = await signedInUser(t);
    const res = (await t.app.inject({ method: 'POST', url: `/v1/courses/${course}/appraisals`, headers, payload: { courseId: course, score, content } })).json();
    expect(res.code).toBe(0);
    return { courseId: course, id: res.data.appraisalId as number };
  }

  async function commented(content: string, courseId?: number) {
    const course = courseId ?? (await buildCourse(t.app.db)).id;
    const { headers } = await signedInUser(t);
    const res = (await t.app.inject({ method: 'POST', url: `/v1/comment/${course}`, headers, payload: { content } })).json();
    expect(res.code).toBe(0);
    return { courseId: course, id: res.data.commentId as number };
  }

  describe('roles', () => {
    it('owner and reviewer moderate; finance, operator, lecturer and corporate admins are refused', async () => {
      const a = await appraised(5, '很好');
      const c = await commented('不错');
      const allowed = ['owner', 'reviewer'] as const;
      await expectRoles(t, ops, { method: 'GET', url: '/v1/admin/appraisals' }, allowed);
      await expectRoles(t, ops, { method: 'GET', url: '/v1/admin/comments' }, allowed);
      await expectRoles(t, ops, { method: 'POST', url: `/v1/admin/appraisals/${a.id}/hidden`, payload: { hidden: false, reason: '核对' } }, allowed);
      await expectRoles(t, ops, { method: 'POST', url: `/v1/admin/comments/${c.id}/hidden`, payload: { hidden: false, reason: '核对' } }, allowed);
    });

    it('a reviewer cannot see orders', async () => {
      expect((await get('/v1/admin/orders')).json().code).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
      expect((await get('/v1/admin/refunds')).json().code).toBe(ConsoleErrorCodes.ADMIN_FORBIDDEN);
    });

    it('hostile ids and filters answer coded errors, never a 500', async () => {
      await expectBadIds(t, ops.reviewer, (id) => ({ method: 'POST', url: `/v1/admin/appraisals/${id}/hidden`, payload: { hidden: true, reason: '广告' } }));
      await expectBadIds(t, ops.reviewer, (id) => ({ method: 'POST', url: `/v1/admin/comments/${id}/hidden`, payload: { hidden: true, reason: '广告' } }));
      await expectBadQueries(t, ops.reviewer, ['/v1/admin/appraisals'], ['?courseId=NaN', '?courseId=1e309', '?courseId=-1', '?hidden=maybe', '?pageSize=1000']);
    });
  });

  describe('POST /v1/admin/appraisals/:id/hidden', () => {
    it('a hidden appraisal leaves the learner’s page, its count and its rating (even a cached page); restoring brings it back; one audit row each', async () => {
      const first = await appraised(5, '讲得透彻');
      const spam = await appraised(1, '加微信领资料', first.courseId);
      const page = async () => (await learnerGet(`/v1/courses/${first.courseId}/appraisals`)).json().data;
      expect(await page()).toMatchObject({ total: 2, averageScore: 3 });

      expect((await post(`/v1/admin/appraisals/${spam.id}/hidden`, { hidden: true, reason: '  ' })).json().code).toBe(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
      expect((await post(`/v1/admin/appraisals/${spam.id}/hidden`, { hidden: true, reason: '广告引流' })).json()).toMatchObject({ code: 0, data: { id: spam.id, hidden: true, hiddenReason: '广告引流' } });
      const after = await page();
      expect(after).toMatchObject({ total: 1, averageScore: 5 });
      expect(after.rows.map((r: { appraisalId: number }) => r.appraisalId)).toEqual([first.id]);

      expect((await post(`/v1/admin/appraisals/${spam.id}/hidden`, { hidden: false, reason: '误判' })).json()).toMatchObject({ code: 0, data: { hidden: false } });
      expect(await page()).toMatchObject({ total: 2, averageScore: 3 });

      expect(await auditRowsOf(t, 'appraisal.hide', spam.id)).toHaveLength(1);
      const restore = await auditRowsOf(t, 'appraisal.restore', spam.id);
      expect(restore).toHaveLength(1);
      expect(restore[0]).toMatchObject({ operator_id: ops.reviewer.operatorId, target_type: 'appraisal' });
      expect(JSON.parse(restore[0]!.before_json!)).toMatchObject({ hidden: true, hiddenReason: '广告引流' });
      expect(JSON.parse(restore[0]!.after_json!)).toMatchObject({ hidden: false, hiddenReason: '误判' });
    });
  });

  describe('POST /v1/admin/comments/:id/hidden', () => {
    it('a hidden comment leaves the learner’s thread and comes back when restored', async () => {
      const ok = await commented('案例很典型');
      const bad = await commented('不当言论', ok.courseId);
      const thread = async () => ((await learnerGet(`/v1/comment/${ok.courseId}`)).json().data.rows as { commentId: number }[]).map((r) => r.commentId);
      expect(await thread()).toEqual([bad.id, ok.id]);
      expect((await post(`/v1/admin/comments/${bad.id}/hidden`, { hidden: true, reason: '违规内容' }, 'owner')).json().code).toBe(0);
      expect(await thread()).toEqual([ok.id]);
      expect((await post(`/v1/admin/comments/${bad.id}/hidden`, { hidden: false, reason: '申诉通过' }, 'owner')).json().code).toBe(0);
      expect(await thread()).toEqual([bad.id, ok.id]);
      expect(await auditRowsOf(t, 'comment.hide', bad.id)).toHaveLength(1);
      expect(await auditRowsOf(t, 'comment.restore', bad.id)).toHaveLength(1);
    });
  });

  describe('GET /v1/admin/appraisals and /comments', () => {
    it('filters by hidden, course and words in the text (taken literally), newest first', async () => {
      const word = `词${crypto.randomBytes(3).toString('hex')}`;
      const a = await appraised(4, `内容 ${word} 一`);
      const b = await appraised(2, `内容 ${word} 二 100%`, a.courseId);
      await post(`/v1/admin/appraisals/${b.id}/hidden`, { hidden: true, reason: '无关内容' });
      const ids = async (q: string) => ((await get(`/v1/admin/appraisals${q}`)).json().data.items as { id: number }[]).map((i) => i.id);
      expect(await ids(`?q=${encodeURIComponent(word)}`)).toEqual([b.id, a.id]);
      expect(await ids(`?q=${encodeURIComponent(word)}&order=ascend`)).toEqual([a.id, b.id]);
      expect(await ids(`?q=${encodeURIComponent(word)}&hidden=true`)).toEqual([b.id]);
      expect(await ids(`?q=${encodeURIComponent(word)}&hidden=false`)).toEqual([a.id]);
      expect(await ids(`?courseId=${a.courseId}`)).toEqual([b.id, a.id]);
      expect(await ids(`?q=${encodeURIComponent('100%')}&courseId=${a.courseId}`)).toEqual([b.id]);
      expect(await ids(`?q=${encodeURIComponent('_')}&courseId=${a.courseId}`)).toEqual([]);
      const item = (await get(`/v1/admin/appraisals?courseId=${a.courseId}`)).json().data.items[0];
      expect(item).toMatchObject({ id: b.id, courseId: a.courseId, score: 2, hidden: true, hiddenReason: '无关内容' });
      expect(typeof item.courseTitle).toBe('string');

      const c = await commented(`评论 ${word}`);
      const comments = (await get(`/v1/admin/comments?q=${encodeURIComponent(word)}`)).json().data;
      expect(comments).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      expect(comments.items[0]).toMatchObject({ id: c.id, courseId: c.courseId, hidden: false });
    });
  });
});
