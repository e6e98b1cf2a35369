/**
 * Code 0 means stored (decision 008): the real server, in its own process, is killed with
 * SIGKILL while uploads are in flight and restarted on the same database; every batch it
 * acknowledged must be there exactly once, and the tracker's resend of everything must add
 * nothing twice. No sleeps: the kill waits for a number of acknowledgements, the checks for the
 * process to exit and the restarted server to answer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TRACKING_APP_ID } from '@jinfa/shared';
import { openDatabase, type Database, type Dialect } from '../src/db/database.ts';
import { dialectsUnderTest } from './support/db.ts';
import { startChildServer as startServer, stopAll, type ChildServer as Server } from './support/child-server.ts';

const WORKERS = 12;
const BATCH = 50;
/** Acknowledged records before the kill: enough that several group commits have happened. */
const KILL_AFTER = 3000;

interface Sent {
  ids: string[];
  body: string;
}

const visit = (clientId: string, i: number) => ({
  clientId,
  pageId: `/course/detail?courseId=${(i % 20) + 1}`,
  sessionId: `durable-${i % 9}`,
  beginTime: Date.now() - 1000,
  endTime: Date.now(),
  extras: [],
});

const upload = (url: string, body: string) =>
  fetch(`${url}/v1/collect/page/visit/batch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-app-id': TRACKING_APP_ID }, body });

describe.each(dialectsUnderTest())('POST /v1/collect/page/visit/batch across a SIGKILL (%s)', (dialect: Dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-durability-'));
  const schema = `durable_${crypto.randomBytes(5).toString('hex')}`;
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let database: Database | undefined;
  const running: Server[] = [];

  afterAll(async () => {
    await stopAll(running);
    await database?.destroy();
    if (dialect === 'postgres') {
      const admin = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: '', poolSize: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.destroy();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every batch answered with code 0 exactly once, and a resend of all of them adds nothing twice', async () => {
    if (dialect === 'postgres') {
      const url = process.env.TEST_DATABASE_URL!;
      const admin = openDatabase({ databaseUrl: url, dataDir: '', poolSize: 1 });
      await sql`create schema ${sql.id(schema)}`.execute(admin.db);
      await admin.destroy();
      // The server has no schema setting; libpq's `options` puts it in its own schema.
      env = { ...env, DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` };
    }
    const first = await startServer(env);
    running.push(first);

    const sent: Sent[] = [];
    const acked: Sent[] = [];
    let ackedRecords = 0;
    let killed = false;
    const worker = async (w: number) => {
      for (let seq = 0; ; seq += 1) {
        const ids = Array.from({ length: BATCH }, (_, i) => `durable-${w}-${seq}-${i}-${crypto.randomBytes(4).toString('hex')}`);
        const body = JSON.stringify(ids.map(visit));
        sent.push({ ids, body });
        const answer = await upload(first.url, body).then(
          async (res) => (await res.json()) as { code: number; data: { accepted: number } },
          () => null, // the connection died with the server: the tracker would keep the batch
        );
        if (answer?.code !== 0) return;
        acked.push({ ids, body });
        ackedRecords += answer.data.accepted;
        if (!killed && ackedRecords >= KILL_AFTER) {
          // The other workers' uploads are in flight or queued for a group commit right now.
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acked.length * BATCH).toBeGreaterThanOrEqual(KILL_AFTER);
    // Some uploads were cut off unanswered: the kill landed mid-load, not after it.
    expect(sent.length).toBeGreaterThan(acked.length);

    const second = await startServer(env);
    running.push(second);
    database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 1 });
    const db = database.db;
    const stored = async () => {
      const rows = await sql<{ client_id: string; n: number | string }>`select client_id, count(*) as n from page_visits group by client_id`.execute(db);
      return new Map(rows.rows.map((r) => [r.client_id, Number(r.n)]));
    };
    const afterKill = await stored();
    const missing = acked.flatMap((b) => b.ids).filter((id) => afterKill.get(id) !== 1);
    expect(missing).toEqual([]);

    // The tracker resends what it still holds (here: everything); acknowledged batches come back
    // as duplicates, cut-off ones are stored now, nothing twice.
    for (const b of sent) {
      const res = await upload(second.url, b.body);
      expect(((await res.json()) as { code: number }).code).toBe(0);
    }
    const afterResend = await stored();
    expect(afterResend.size).toBe(sent.length * BATCH);
    expect([...afterResend.values()].every((n) => n === 1)).toBe(true);
    // The stats rollups committed with the raw rows, so they agree after the kill too.
    const visits = await sql<{ n: number | string }>`select coalesce(sum(visits), 0) as n from page_day`.execute(db);
    expect(Number(visits.rows[0]!.n)).toBe(sent.length * BATCH);

    second.child.kill('SIGTERM');
    await second.exited;
    expect(second.child.exitCode).toBe(0);
  }, 60_000);
});
