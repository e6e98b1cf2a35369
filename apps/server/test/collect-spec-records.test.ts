/**
 * Tracking records exactly as spec §3 shapes them (issue 11 §8, decision 020): a page visit
 * `pageId, sessionId, beginTime, endTime, extras` and an element click `elementId, eventTime,
 * sessionId, extras`, with no client-generated id. They are accepted; the server derives the
 * de-duplication key from the content, so a resend stores nothing twice. Our tracker's records
 * (with `clientId`) keep working as before.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TRACKING_APP_ID } from '@jinfa/shared';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { countTrackRows } from '../src/modules/collect/collect-repository.ts';

const APP = { 'x-app-id': TRACKING_APP_ID, 'content-type': 'application/json' };
/** 2025-03-10 09:00 in China. */
const T0 = Date.UTC(2025, 2, 10, 1, 0, 0);
let n = 0;
/** A spec page-visit record: nothing but the spec's fields. */
const specVisit = (over: Record<string, unknown> = {}) => ({
  pageId: '/course/detail?courseId=12',
  sessionId: `spec-${(n += 1)}`,
  beginTime: T0,
  endTime: T0 + 5000,
  extras: [{ key: 'courseId', value: '12' }],
  ...over,
});
/** A spec element-click record: no pageId, no clientId. */
const specClick = (over: Record<string, unknown> = {}) => ({
  elementId: 'course-card',
  eventTime: T0,
  sessionId: `spec-${(n += 1)}`,
  extras: [{ key: 'courseId', value: '12' }],
  ...over,
});

describe.each(dialectsUnderTest())('spec-shaped tracking records (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: APP, payload: JSON.stringify(payload) });

  describe('POST /v1/collect/page/visit/batch', () => {
    it('accepts records without a clientId and stores each once, however often it is sent', async () => {
      const before = await countTrackRows(t.app.db, 'page_visits');
      const records = [specVisit(), specVisit({ pageId: '/index', extras: [] }), specVisit({ extras: undefined })];
      const first = await post('/v1/collect/page/visit/batch', records);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ code: 0, message: 'ok', data: { accepted: 3, duplicates: 0 } });
      const again = await post('/v1/collect/page/visit/batch', records);
      expect(again.json().data).toEqual({ accepted: 0, duplicates: 3 });
      expect(await countTrackRows(t.app.db, 'page_visits')).toBe(before + 3);
    });

    it('stores what the record says, under a server-derived key', async () => {
      const v = specVisit({ pageId: '/course/detail?courseId=77', sessionId: 'spec-keep' });
      expect((await post('/v1/collect/page/visit', v)).json().code).toBe(0);
      const row = await t.app.db.selectFrom('page_visits').selectAll().where('session_id', '=', 'spec-keep').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ course_id: 77, page_id: v.pageId, begin_time: T0, end_time: T0 + 5000, visitor: 's:spec-keep' });
      expect(row.client_id).toMatch(/^~[0-9a-z]+[A-Za-z0-9_-]{22}$/);
    });

    it('treats the same extras in another order as the same record, and any other difference as another', async () => {
      const base = specVisit({ extras: [{ key: 'a', value: '1' }, { key: 'b', value: '2' }] });
      expect((await post('/v1/collect/page/visit', base)).json().data).toEqual({ accepted: 1, duplicates: 0 });
      const reordered = { ...base, extras: [{ key: 'b', value: '2' }, { key: 'a', value: '1' }] };
      expect((await post('/v1/collect/page/visit', reordered)).json().data).toEqual({ accepted: 0, duplicates: 1 });
      const others = [
        { ...base, endTime: base.endTime + 1 },
        { ...base, beginTime: base.beginTime - 1 },
        { ...base, pageId: '/index' },
        { ...base, sessionId: `${base.sessionId}-x` },
        { ...base, extras: [{ key: 'a', value: '1' }] },
      ];
      expect((await post('/v1/collect/page/visit/batch', others)).json().data).toEqual({ accepted: others.length, duplicates: 0 });
    });

    it('counts a record repeated inside one upload once', async () => {
      const v = specVisit();
      expect((await post('/v1/collect/page/visit/batch', [v, v, { ...v }])).json().data).toEqual({ accepted: 1, duplicates: 2 });
    });

    it('still refuses a record that breaks the spec shape', async () => {
      const res = await post('/v1/collect/page/visit/batch', [specVisit(), specVisit({ beginTime: undefined })]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('beginTime');
    });
  });

  describe('POST /v1/collect/page/event/element/batch', () => {
    it('accepts clicks without clientId or pageId, once each', async () => {
      const before = await countTrackRows(t.app.db, 'element_clicks');
      const clicks = [specClick(), specClick({ elementId: 'buy-button', extras: undefined })];
      expect((await post('/v1/collect/page/event/element/batch', clicks)).json().data).toEqual({ accepted: 2, duplicates: 0 });
      expect((await post('/v1/collect/page/event/element/batch', clicks)).json().data).toEqual({ accepted: 0, duplicates: 2 });
      expect(await countTrackRows(t.app.db, 'element_clicks')).toBe(before + 2);
      const row = await t.app.db.selectFrom('element_clicks').selectAll().where('session_id', '=', clicks[0]!.sessionId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ element_id: 'course-card', page_id: '', course_id: 12, event_time: T0 });
    });

    it('keeps a click of another time or element as its own record', async () => {
      const c = specClick();
      const res = await post('/v1/collect/page/event/element/batch', [c, { ...c, eventTime: T0 + 1 }, { ...c, elementId: 'other' }]);
      expect(res.json().data).toEqual({ accepted: 3, duplicates: 0 });
    });
  });

  describe('records with a clientId (our tracker)', () => {
    it('are still told apart by their clientId, even with the same content', async () => {
      const v = specVisit();
      const a = { ...v, clientId: crypto.randomBytes(12).toString('base64url') };
      const b = { ...v, clientId: crypto.randomBytes(12).toString('base64url') };
      expect((await post('/v1/collect/page/visit/batch', [a, b])).json().data).toEqual({ accepted: 2, duplicates: 0 });
      expect((await post('/v1/collect/page/visit/batch', [a])).json().data).toEqual({ accepted: 0, duplicates: 1 });
      // Mixed with spec-shaped records in one upload.
      expect((await post('/v1/collect/page/visit/batch', [b, specVisit()])).json().data).toEqual({ accepted: 1, duplicates: 1 });
    });
  });
});
