/**
 * The ingest write path's shortcuts (decision 008, "Ingest cost"), each checked against what
 * the raw rows say:
 * - SQLite inserts without `returning`: when some rows of a group were already stored, the new
 *   ones are read back by id range; a record repeated inside one upload or across two uploads
 *   of one group commit is credited once;
 * - a (day, page) with many visitors in one commit gets its own set-row statements, counted by
 *   their change count, next to small pages that share a statement that returns its new rows;
 * - the extras text and the derived key of a spec record stay what they were (a resend after
 *   an upgrade must still be a duplicate).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { TRACKING_APP_ID } from '@jinfa/shared';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';

const APP = { 'x-app-id': TRACKING_APP_ID, 'content-type': 'application/json' };
/** 2025-04-02 10:00 China time. */
const T0 = Date.UTC(2025, 3, 2, 2);
const DAY = Math.floor((T0 + 8 * 3_600_000) / 86_400_000);
const BIG = '/course/detail?courseId=5';

const visit = (id: string, sessionId: string, pageId = BIG, offset = 0) => ({
  clientId: `insert-paths-${id}`,
  pageId,
  sessionId,
  beginTime: T0 + offset,
  endTime: T0 + offset + 1000,
  extras: [],
});

describe.each(dialectsUnderTest())('collect insert paths (%s)', (dialect) => {
  let t: TestApp;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    t = await build(dialect);
    db = t.app.db as unknown as Kysely<unknown>;
  });
  afterAll(() => t.close());

  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/v1/collect/page/visit/batch', headers: APP, payload: JSON.stringify(payload) });

  /** page_day as stored, next to what the raw rows say. */
  async function pageDay(pageId: string) {
    const kept = await sql<{ visits: number; visitors: number }>`select visits, visitors from page_day where day = ${DAY} and page_id = ${pageId}`.execute(db);
    const raw = await sql<{ visits: number; visitors: number }>`
      select count(*) as visits, count(distinct visitor) as visitors from page_visits where day = ${DAY} and page_id = ${pageId}`.execute(db);
    const n = (r: { visits: number; visitors: number } | undefined) => ({ visits: Number(r?.visits ?? 0), visitors: Number(r?.visitors ?? 0) });
    return { kept: n(kept.rows[0]), raw: n(raw.rows[0]) };
  }

  it('counts a busy page exactly when some of its visitors and records were already stored', async () => {
    // 40 visits by 20 visitors: one page, above the own-statement threshold.
    const first = Array.from({ length: 40 }, (_, i) => visit(`paths-a-${i}`, `v${i % 20}`, BIG, i));
    expect((await post(first)).json().data).toEqual({ accepted: 40, duplicates: 0 });
    expect(await pageDay(BIG)).toEqual({ kept: { visits: 40, visitors: 20 }, raw: { visits: 40, visitors: 20 } });

    // 30 new visits by v10..v39 (20 of them new visitors), five records sent again, one record
    // twice in this upload, and three quiet pages (shared statement) in the same commit.
    const fresh = Array.from({ length: 30 }, (_, i) => visit(`paths-b-${i}`, `v${10 + i}`, BIG, 100 + i));
    const quiet = [visit('paths-q-1', 'v1', '/quiet/1'), visit('paths-q-2', 'v2', '/quiet/2'), visit('paths-q-3', 'v1', '/quiet/2')];
    const second = [...fresh, ...first.slice(0, 5), fresh[0]!, ...quiet];
    expect((await post(second)).json().data).toEqual({ accepted: 33, duplicates: 6 });
    expect(await pageDay(BIG)).toEqual({ kept: { visits: 70, visitors: 40 }, raw: { visits: 70, visitors: 40 } });
    expect(await pageDay('/quiet/2')).toEqual({ kept: { visits: 2, visitors: 2 }, raw: { visits: 2, visitors: 2 } });

    // Everything again: nothing stored, nothing counted.
    expect((await post(second)).json().data).toEqual({ accepted: 0, duplicates: second.length });
    expect((await pageDay(BIG)).kept).toEqual({ visits: 70, visitors: 40 });
  });

  it('credits a record sent by two uploads at once to one of them', async () => {
    const shared = visit('paths-shared', 'w1', '/shared');
    const answers = await Promise.all([post([shared, visit('paths-s-1', 'w2', '/shared')]), post([visit('paths-s-2', 'w3', '/shared'), shared])]);
    const acks = answers.map((a) => a.json().data as { accepted: number; duplicates: number });
    expect(acks[0]!.accepted + acks[1]!.accepted).toBe(3);
    expect(acks[0]!.duplicates + acks[1]!.duplicates).toBe(1);
    expect(await pageDay('/shared')).toEqual({ kept: { visits: 3, visitors: 3 }, raw: { visits: 3, visitors: 3 } });
  });

  it('keeps the extras text and the derived key of a spec record as they were', async () => {
    const extras = [{ key: 'q"uote', value: '课程\\n<1>' }];
    const record = { pageId: '/keyed', sessionId: 'keyed-1', beginTime: T0, endTime: T0 + 2000, extras };
    expect((await post([record])).json().data).toEqual({ accepted: 1, duplicates: 0 });
    const row = await sql<{ client_id: string; extras: string }>`select client_id, extras from page_visits where session_id = 'keyed-1'`.execute(db);
    const text = JSON.stringify(extras.map((e) => ({ key: e.key, value: e.value })));
    expect(row.rows[0]!.extras).toBe(text);
    const digest = crypto.hash('sha256', `v\u0000${TRACKING_APP_ID}\u0000${T0}\u0000keyed-1\u0000/keyed\u0000${T0 + 2000}\u0000${text}`, 'base64url');
    expect(row.rows[0]!.client_id).toBe(`~${T0.toString(36)}${digest.slice(0, 22)}`);
  });
});
