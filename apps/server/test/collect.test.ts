import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, TRACKING_APP_ID } from '@jinfa/shared';
import { build, type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { signedInUser } from './support/factories.ts';
import { countTrackRows, type TrackTable } from '../src/modules/collect/collect-repository.ts';

const APP = { 'x-app-id': TRACKING_APP_ID };
/** 2025-03-10 09:00 in China (01:00 UTC). */
const T0 = Date.UTC(2025, 2, 10, 1, 0, 0);

const cid = () => crypto.randomBytes(12).toString('base64url');
const visit = (over: Record<string, unknown> = {}) => ({
  clientId: cid(),
  pageId: '/course/detail?courseId=12',
  sessionId: 'sess-1',
  beginTime: T0,
  endTime: T0 + 5000,
  extras: [{ key: 'courseId', value: '12' }],
  ...over,
});
const click = (over: Record<string, unknown> = {}) => ({
  clientId: cid(),
  elementId: 'course-card',
  eventTime: T0,
  sessionId: 'sess-1',
  pageId: '/index',
  extras: [{ key: 'courseId', value: '12' }],
  ...over,
});
const custom = (over: Record<string, unknown> = {}) => ({
  clientId: cid(),
  name: 'share-open',
  eventTime: T0,
  sessionId: 'sess-1',
  pageId: '/index',
  ...over,
});

describe.each(dialectsUnderTest())('collect (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  /** A string payload is sent as raw JSON text. */
  const post = (url: string, payload: unknown, headers: Record<string, string> = APP) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const count = (table: TrackTable) => countTrackRows(t.app.db, table);

  describe.each([
    ['/v1/collect/page/visit', 'page_visits', visit],
    ['/v1/collect/page/event/element', 'element_clicks', click],
    ['/v1/collect/page/event/custom', 'custom_events', custom],
  ] as const)('POST %s and /batch', (url, table, make) => {
    it('stores one record sent as an object, and a list sent to /batch, answering the counts', async () => {
      const before = await count(table);
      const one = await post(url, make());
      expect(one.json()).toEqual({ code: 0, message: 'ok', data: { accepted: 1, duplicates: 0 } });
      const list = await post(`${url}/batch`, [make(), make(), make()]);
      expect(list.json().data).toEqual({ accepted: 3, duplicates: 0 });
      // The single-record path is lenient: a list is fine there too.
      expect((await post(url, [make(), make()])).json().data).toEqual({ accepted: 2, duplicates: 0 });
      expect(await count(table)).toBe(before + 6);
    });

    it('refuses a missing or unknown X-App-ID and stores nothing', async () => {
      const before = await count(table);
      for (const headers of [{}, { 'x-app-id': 'someone-else' }] as Record<string, string>[]) {
        const res = await post(`${url}/batch`, [make()], headers);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(ErrorCodes.TRACKING_APP_UNKNOWN);
      }
      expect(await count(table)).toBe(before);
    });
  });

  describe('POST /v1/collect/page/visit/batch?appId (the pagehide beacon)', () => {
    it('takes the app id from the query when sendBeacon could not set the header, and dedupes the resend', async () => {
      const before = await count('page_visits');
      const v = visit();
      const beacon = await post(`/v1/collect/page/visit/batch?appId=${TRACKING_APP_ID}`, [v], {});
      expect(beacon.json().data).toEqual({ accepted: 1, duplicates: 0 });
      // The next page load sends the same record again with the header: stored once.
      expect((await post('/v1/collect/page/visit/batch', [v])).json().data).toEqual({ accepted: 0, duplicates: 1 });
      expect((await post('/v1/collect/page/visit/batch?appId=someone-else', [visit()], {})).json().code).toBe(ErrorCodes.TRACKING_APP_UNKNOWN);
      expect(await count('page_visits')).toBe(before + 1);
    });
  });

  describe('POST /v1/collect/page/visit/batch', () => {
    const url = '/v1/collect/page/visit/batch';

    it('keeps the course id, China-time day and visitor of a visit', async () => {
      const late = Date.UTC(2025, 2, 10, 17, 0);
      const v = visit({ pageId: '/course/detail?courseId=77&tid=3', sessionId: 'sess-keep', beginTime: late, endTime: late + 1000 });
      expect((await post(url, [v])).json().code).toBe(0);
      const row = await t.app.db.selectFrom('page_visits').selectAll().where('client_id', '=', v.clientId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ course_id: 77, user_id: null, visitor: 's:sess-keep', app_id: TRACKING_APP_ID, page_id: v.pageId });
      // 17:00 UTC is 01:00 the next day in China.
      expect(new Date(row.day * 86_400_000).toISOString().slice(0, 10)).toBe('2025-03-11');
      expect(JSON.parse(row.extras)).toEqual(v.extras);
    });

    const bad: [string, () => unknown, number, number][] = [
      ['a missing field', () => [visit(), { ...visit(), pageId: undefined }], 400, ErrorCodes.VALIDATION],
      ['a wrong type', () => [visit(), visit({ beginTime: 'yesterday' })], 400, ErrorCodes.VALIDATION],
      ['a fractional time', () => [visit(), visit({ endTime: T0 + 0.5 })], 400, ErrorCodes.VALIDATION],
      ['an oversized pageId', () => [visit(), visit({ pageId: `/x?${'a'.repeat(520)}` })], 400, ErrorCodes.VALIDATION],
      ['a short clientId', () => [visit(), visit({ clientId: 'short' })], 400, ErrorCodes.VALIDATION],
      ['a clientId with odd characters', () => [visit(), visit({ clientId: 'abc def ghi jkl mno' })], 400, ErrorCodes.VALIDATION],
      ['too many extras', () => [visit({ extras: Array.from({ length: 21 }, (_, i) => ({ key: `k${i}`, value: 'v' })) })], 400, ErrorCodes.VALIDATION],
      ['an oversized extra value', () => [visit({ extras: [{ key: 'k', value: 'v'.repeat(300) }] })], 400, ErrorCodes.VALIDATION],
      ['an end before its beginning', () => [visit(), visit({ endTime: T0 - 1 })], 400, ErrorCodes.VALIDATION],
      ['a NUL character', () => [visit(), visit({ sessionId: 'a\u0000b' })], 400, ErrorCodes.VALIDATION],
      ['an empty list', () => [], 400, ErrorCodes.VALIDATION],
      ['a bare string', () => '"hello"', 400, ErrorCodes.VALIDATION],
      ['501 records', () => Array.from({ length: 501 }, () => visit()), 413, ErrorCodes.TRACKING_BATCH_TOO_LARGE],
      // Raw text: 100,000 levels would overflow JSON.stringify in the test itself.
      ['deeply nested extras', () => JSON.stringify([visit({ extras: [] })]).replace('"extras":[]', `"extras":${'['.repeat(100_000)}${']'.repeat(100_000)}`), 400, ErrorCodes.VALIDATION],
    ];
    it.each(bad)('refuses a batch with %s, storing none of it', async (_label, body, status, code) => {
      const before = await count('page_visits');
      const res = await post(url, body());
      expect(res.json().code).toBe(code);
      expect(res.statusCode).toBe(status);
      expect(res.body).not.toMatch(/stack|at \//);
      expect(await count('page_visits')).toBe(before);
    });

    it('refuses a 2 MB body with the body-too-large code in the envelope', async () => {
      const before = await count('page_visits');
      const big = Array.from({ length: 400 }, () => visit({ pageId: `/p?${'x'.repeat(500)}`, extras: Array.from({ length: 20 }, () => ({ key: 'k', value: 'v'.repeat(250) })) }));
      const payload = JSON.stringify(big);
      expect(payload.length).toBeGreaterThan(2_000_000);
      const res = await t.app.inject({ method: 'POST', url, headers: { ...APP, 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: ErrorCodes.BODY_TOO_LARGE, data: null });
      expect(await count('page_visits')).toBe(before);
    });

    it('stores a record repeated in one batch and across batches once', async () => {
      const v = visit();
      const w = visit();
      expect((await post(url, [v, w, v])).json().data).toEqual({ accepted: 2, duplicates: 1 });
      expect((await post(url, [v, visit()])).json().data).toEqual({ accepted: 1, duplicates: 1 });
      const rows = await t.app.db.selectFrom('page_visits').select('client_id').where('client_id', 'in', [v.clientId, w.clientId]).execute();
      expect(rows).toHaveLength(2);
    });

    it('answers 20 parallel batches only once every record is stored, each once', async () => {
      const before = await count('page_visits');
      const batches = Array.from({ length: 20 }, () => Array.from({ length: 50 }, () => visit()));
      // The same record in two concurrent uploads: stored once, credited to one of them.
      const shared = visit();
      batches[3]!.push(shared);
      batches[17]!.push(shared);
      const answers = await Promise.all(batches.map((b) => post(url, b)));
      const acks = answers.map((a) => a.json());
      expect(acks.every((a) => a.code === 0)).toBe(true);
      expect(acks.reduce((n, a) => n + a.data.accepted, 0)).toBe(1001);
      expect(acks.reduce((n, a) => n + a.data.duplicates, 0)).toBe(1);
      expect(await count('page_visits')).toBe(before + 1001);
    });

    it('takes the userId from the Access-Token, never from the body', async () => {
      const { user, headers } = await signedInUser(t);
      const v = visit({ userId: 999_999 });
      expect((await post(url, [v], { ...APP, ...headers })).json().code).toBe(0);
      const row = await t.app.db.selectFrom('page_visits').selectAll().where('client_id', '=', v.clientId).executeTakeFirstOrThrow();
      expect(row.user_id).toBe(user.id);
      expect(row.visitor).toBe(`u:${user.id}`);
      const anon = visit({ userId: 999_999 });
      await post(url, [anon]);
      const anonRow = await t.app.db.selectFrom('page_visits').select('user_id').where('client_id', '=', anon.clientId).executeTakeFirstOrThrow();
      expect(anonRow.user_id).toBeNull();
    });

    it('stores records sent with an expired token as anonymous rather than losing them', async () => {
      const v = visit();
      const res = await post(url, [v], { ...APP, 'access-token': 'x'.repeat(40) });
      expect(res.json().code).toBe(0);
      const row = await t.app.db.selectFrom('page_visits').select('user_id').where('client_id', '=', v.clientId).executeTakeFirstOrThrow();
      expect(row.user_id).toBeNull();
    });
  });
});

describe.each(dialectsUnderTest())('collect stats (%s)', (dialect) => {
  let t: TestApp;
  const OPS = { 'x-ops-token': 'ops-secret-for-tests' };
  beforeAll(async () => {
    t = await build(dialect, { config: { opsToken: OPS['x-ops-token'] } });
    const day1 = Date.UTC(2025, 2, 10, 2); // 2025-03-10 in China
    const day2 = Date.UTC(2025, 2, 11, 2);
    const visits = [
      // course 12: 3 visits by 2 visitors on day 1, 1 on day 2
      visit({ sessionId: 'a', beginTime: day1, endTime: day1 }),
      visit({ sessionId: 'a', beginTime: day1, endTime: day1 }),
      visit({ sessionId: 'b', beginTime: day1, endTime: day1 }),
      visit({ sessionId: 'a', beginTime: day2, endTime: day2 }),
      // course 5: 1 visit
      visit({ pageId: '/course/detail?courseId=5', sessionId: 'c', beginTime: day1, endTime: day1 }),
      // home page
      visit({ pageId: '/index', sessionId: 'a', beginTime: day1, endTime: day1, extras: [] }),
      visit({ pageId: '/index', sessionId: 'c', beginTime: day1, endTime: day1, extras: [] }),
      // outside the range asked for
      visit({ sessionId: 'z', beginTime: Date.UTC(2025, 1, 1), endTime: Date.UTC(2025, 1, 1) }),
    ];
    const clicks = [
      click({ eventTime: day1 }),
      click({ eventTime: day1 }),
      click({ eventTime: day2, extras: [{ key: 'courseId', value: '5' }] }),
      click({ eventTime: day1, elementId: 'banner' }),
    ];
    const a = await t.app.inject({ method: 'POST', url: '/v1/collect/page/visit/batch', headers: APP, payload: visits });
    const b = await t.app.inject({ method: 'POST', url: '/v1/collect/page/event/element/batch', headers: APP, payload: clicks });
    expect([a.json().code, b.json().code]).toEqual([0, 0]);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = OPS) => t.app.inject({ method: 'GET', url, headers });
  const range = 'from=2025-03-10&to=2025-03-11';

  describe('GET /v1/collect/stats/pages', () => {
    it('counts visits and unique visitors per page and day', async () => {
      const res = await get(`/v1/collect/stats/pages?${range}`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json().data).toEqual({
        from: '2025-03-10',
        to: '2025-03-11',
        rows: [
          { day: '2025-03-11', pageId: '/course/detail?courseId=12', visits: 1, visitors: 1 },
          { day: '2025-03-10', pageId: '/course/detail?courseId=12', visits: 3, visitors: 2 },
          { day: '2025-03-10', pageId: '/index', visits: 2, visitors: 2 },
          { day: '2025-03-10', pageId: '/course/detail?courseId=5', visits: 1, visitors: 1 },
        ],
      });
    });

    it('refuses a reversed range and a malformed date with -10001', async () => {
      expect((await get('/v1/collect/stats/pages?from=2025-03-12&to=2025-03-10')).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await get('/v1/collect/stats/pages?from=2025-13-45')).json().code).toBe(ErrorCodes.VALIDATION);
      expect((await get('/v1/collect/stats/pages?from=yesterday')).json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/collect/stats/top_courses', () => {
    it('ranks course pages by visits', async () => {
      const res = await get(`/v1/collect/stats/top_courses?${range}&limit=5`);
      expect(res.json().data.rows).toEqual([
        { courseId: 12, visits: 4, visitors: 2 },
        { courseId: 5, visits: 1, visitors: 1 },
      ]);
    });
  });

  describe('GET /v1/collect/stats/click_through', () => {
    it('sets course-card clicks against course page visits', async () => {
      const res = await get(`/v1/collect/stats/click_through?${range}`);
      expect(res.json().data).toEqual({
        from: '2025-03-10',
        to: '2025-03-11',
        clicks: 3,
        visits: 5,
        rate: 0.6,
        rows: [
          { courseId: 12, clicks: 2, visits: 4, rate: 0.5 },
          { courseId: 5, clicks: 1, visits: 1, rate: 1 },
        ],
      });
    });

    it('refuses a caller without the right X-Ops-Token', async () => {
      for (const headers of [{}, { 'x-ops-token': 'wrong' }] as Record<string, string>[]) {
        const res = await get(`/v1/collect/stats/click_through?${range}`, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: ErrorCodes.OPS_TOKEN_REQUIRED, data: null });
      }
    });
  });
});

describe('collect stats in production without OPS_TOKEN', () => {
  it('refuses everyone, the development default included', async () => {
    const t = await build('sqlite', { config: { nodeEnv: 'production', isProduction: true, opsToken: null } });
    try {
      for (const url of ['/v1/collect/stats/pages', '/v1/collect/stats/top_courses', '/v1/collect/stats/click_through']) {
        for (const headers of [{}, { 'x-ops-token': 'dev-ops-token' }]) {
          const res = await t.app.inject({ method: 'GET', url, headers });
          expect(res.json().code).toBe(ErrorCodes.OPS_TOKEN_REQUIRED);
        }
      }
    } finally {
      await t.close();
    }
  });
});
