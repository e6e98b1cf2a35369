import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes, LivePageStatus } from '@jinfa/shared';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildLecturer, buildLive } from './support/factories.ts';
import { liveStatus } from '../src/modules/lives/live-status.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('liveStatus', () => {
  const live = { start_at: 1000, end_at: 2000, has_replay: 0 };
  it('follows the clock: not begun, living, ended, replay', () => {
    expect(liveStatus(live, 999)).toBe(LivePageStatus.NOT_BEGUN);
    expect(liveStatus(live, 1000)).toBe(LivePageStatus.LIVING);
    expect(liveStatus(live, 2000)).toBe(LivePageStatus.ENDED);
    expect(liveStatus({ ...live, has_replay: 1 }, 2000)).toBe(LivePageStatus.REPLAY);
  });
});

describe.each(dialectsUnderTest())('GET /v1/lives (%s)', (dialect) => {
  let t: TestApp;
  // A fresh database per test: each one sets up its own schedule.
  beforeEach(async () => {
    await t?.close();
    t = await build(dialect);
  });
  afterAll(() => t.close());

  const get = (q = '') => t.app.inject({ method: 'GET', url: `/v1/lives${q}` });

  async function schedule() {
    const now = Date.now();
    const lecturer = await buildLecturer(t.app.db, { name: '陈思远', position: '高级合伙人' });
    const l = lecturer.id;
    await buildLive(t.app.db, { title: '下周：票据追索', lecturer_id: l, start_at: now + 7 * DAY, end_at: now + 7 * DAY + 2 * HOUR, price: 9900 });
    await buildLive(t.app.db, { title: '明天：反洗钱新规', lecturer_id: l, start_at: now + DAY, end_at: now + DAY + 2 * HOUR, signup_count: 321 });
    await buildLive(t.app.db, { title: '正在直播：执行异议', lecturer_id: l, start_at: now - HOUR, end_at: now + HOUR });
    await buildLive(t.app.db, { title: '上周：担保解释', lecturer_id: l, start_at: now - 7 * DAY, end_at: now - 7 * DAY + 2 * HOUR, has_replay: 1 });
    await buildLive(t.app.db, { title: '昨天：数据出境', lecturer_id: l, start_at: now - DAY, end_at: now - DAY + 2 * HOUR });
    await buildLive(t.app.db, { title: '撤下的直播', lecturer_id: l, start_at: now + 2 * DAY, end_at: now + 2 * DAY + HOUR, status: 0 });
  }

  it('lists upcoming lives (on air first, then soonest) with computed status by default', async () => {
    await schedule();
    const res = (await get()).json();
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(3);
    expect(res.data.rows.map((r: { title: string; status: number }) => [r.title, r.status])).toEqual([
      ['正在直播：执行异议', LivePageStatus.LIVING],
      ['明天：反洗钱新规', LivePageStatus.NOT_BEGUN],
      ['下周：票据追索', LivePageStatus.NOT_BEGUN],
    ]);
    expect(res.data.rows[1]).toMatchObject({ lecturerName: '陈思远', lecturerPosition: '高级合伙人', signupCount: 321, priceYuan: '0.00' });
    expect(res.data.rows[2]).toMatchObject({ price: 9900, priceYuan: '99.00' });
  });

  it('lists past lives most recently ended first, replays marked 5', async () => {
    await schedule();
    const res = (await get('?scope=past&pageIndex=1&pageSize=1')).json();
    expect(res.data.total).toBe(2);
    expect(res.data.rows.map((r: { title: string; status: number }) => [r.title, r.status])).toEqual([['昨天：数据出境', LivePageStatus.ENDED]]);
    const next = (await get('?scope=past&pageIndex=2&pageSize=1')).json();
    expect(next.data.rows.map((r: { title: string; status: number }) => [r.title, r.status])).toEqual([['上周：担保解释', LivePageStatus.REPLAY]]);
  });

  it('answers an empty page when there is nothing scheduled', async () => {
    expect((await get()).json().data).toEqual({ rows: [], total: 0 });
  });

  it('is a public catalogue read: ETag, max-age and 304', async () => {
    await schedule();
    const res = await get('?scope=past');
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const again = await t.app.inject({ method: 'GET', url: '/v1/lives?scope=past', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses unknown scopes and bad paging with -10001', async () => {
    for (const q of ['?scope=all', '?scope=', '?pageIndex=0', '?pageSize=100', '?pageIndex=abc']) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe(ErrorCodes.VALIDATION);
    }
  });
});
