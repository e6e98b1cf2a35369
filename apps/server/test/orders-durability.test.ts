/**
 * Money survives a crash: the real server, in its own process, is killed with SIGKILL while
 * checkouts (duplicate concurrent creates, pay parameters, sandbox payments, cancels) are in
 * flight, and restarted on the same database. Afterwards every order is pending, paid or closed;
 * every payment the server acknowledged is paid; paid ⇔ exactly one user_courses row (source
 * 'order'); no user holds two pending orders for one course; and finishing the interrupted
 * purchases on the restarted server pays each course once. No sleeps: the kill waits for a number
 * of acknowledged payments, the checks for the process to exit and the new one to answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { openDatabase, type Database, type Dialect } from '../src/db/database.ts';
import { issueTokenPair } from '../src/modules/auth/token-service.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildUser } from './support/factories.ts';
import { dropPgSchema, pgSchemaFor, startChildServer, stopAll, type ChildServer } from './support/child-server.ts';
import { expectEntitlementInvariant } from './orders-helpers.ts';

const USERS = 30;
const COURSES = 3;
/** Acknowledged payments before the kill: the other workers are mid-checkout at that moment. */
const KILL_AFTER = 25;

interface Answer {
  code: number | string;
  data?: Record<string, unknown> & { order?: { orderId: number }; status?: string };
}

const call = (url: string, method: string, token: string) =>
  fetch(url, { method, headers: { 'access-token': token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, body: method === 'POST' ? '{}' : undefined }).then(
    async (r) => (await r.json()) as Answer,
    () => null, // the connection died with the server
  );

describe.each(dialectsUnderTest())('POST /v1/orders/:id and sandbox_pay across a SIGKILL (%s)', (dialect: Dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-orders-durability-'));
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let schema: string | undefined;
  let database: Database | undefined;
  const running: ChildServer[] = [];

  afterAll(async () => {
    await stopAll(running);
    await database?.destroy();
    if (schema) await dropPgSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged payment, grants each paid course once, and leaves no order half-done', async () => {
    if (dialect === 'postgres') {
      const pg = await pgSchemaFor('orders_durable');
      schema = pg.schema;
      env = { ...env, DATABASE_URL: pg.databaseUrl };
    }
    const first = await startChildServer(env); // migrates the empty database
    running.push(first);
    database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 2 });
    const db = database.db;
    const courses: Array<{ id: number }> = [];
    for (let c = 0; c < COURSES; c += 1) courses.push(await buildCourse(db, { price: 9900 + c * 100 }));
    const users: Array<{ id: number; token: string }> = [];
    for (let u = 0; u < USERS; u += 1) {
      const user = await buildUser(db);
      const pair = await issueTokenPair(db, { accessTokenTtlSec: 3600, refreshTokenTtlSec: 86_400 }, { userId: user.id, userAgent: 'vitest', now: Date.now() });
      users.push({ id: user.id, token: pair.accessToken });
    }

    const paidAcks: number[] = [];
    const closedAcks: number[] = [];
    let killed = false;
    // Each user buys courses 0 and 1 and cancels course 2, creating every order twice at once
    // (a double tap) so the one-pending-order rule is exercised under the kill too.
    const worker = async (user: { id: number; token: string }) => {
      for (const [i, course] of courses.entries()) {
        const created = await Promise.all([0, 1].map(() => call(`${first.url}/v1/orders/${course.id}`, 'POST', user.token)));
        if (created.some((a) => a === null)) return;
        const orderId = created[0]!.data!.order!.orderId;
        expect(created[1]!.data!.order!.orderId).toBe(orderId);
        const params = await call(`${first.url}/v1/orders/${orderId}/order_web_wxpay`, 'POST', user.token);
        if (params === null) return;
        expect(params.code).toBe(0);
        if (i === COURSES - 1) {
          const cancel = await call(`${first.url}/v1/orders/${orderId}`, 'DELETE', user.token);
          if (cancel === null) return;
          expect(cancel.code).toBe(0);
          closedAcks.push(orderId);
          continue;
        }
        const paid = await call(`${first.url}/v1/orders/${orderId}/sandbox_pay`, 'POST', user.token);
        if (paid === null) return;
        expect(paid).toMatchObject({ code: 0, data: { status: 'paid' } });
        paidAcks.push(orderId);
        if (!killed && paidAcks.length >= KILL_AFTER) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(users.map(worker));
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(paidAcks.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // The kill landed mid-load: not every user got through all courses.
    expect(paidAcks.length).toBeLessThan(USERS * (COURSES - 1));

    const second = await startChildServer(env);
    running.push(second);

    const orders = await db.selectFrom('orders').select(['id', 'user_id', 'course_id', 'status']).execute();
    expect(orders.filter((o) => !['pending', 'paid', 'closed'].includes(o.status))).toEqual([]);
    const byId = new Map(orders.map((o) => [o.id, o]));
    expect(paidAcks.filter((id) => byId.get(id)?.status !== 'paid')).toEqual([]);
    expect(closedAcks.filter((id) => byId.get(id)?.status !== 'closed')).toEqual([]);
    const pendingKeys = orders.filter((o) => o.status === 'pending').map((o) => `${o.user_id}/${o.course_id}`);
    expect(new Set(pendingKeys).size).toBe(pendingKeys.length);
    await expectEntitlementInvariant(db);
    const grants = await db.selectFrom('user_courses').select(['user_id', 'course_id', 'source']).execute();
    expect(grants.every((g) => g.source === 'order')).toBe(true);
    expect(grants).toHaveLength(orders.filter((o) => o.status === 'paid').length);

    // The learners finish what the crash interrupted, on the restarted server: a course already
    // paid answers "already enrolled", anything else is bought now, each exactly once.
    for (const user of users) {
      for (const course of courses.slice(0, COURSES - 1)) {
        const created = await call(`${second.url}/v1/orders/${course.id}`, 'POST', user.token);
        if (created?.code === ErrorCodes.ALREADY_ENROLLED) continue;
        expect(created?.code).toBe(0);
        const paid = await call(`${second.url}/v1/orders/${created!.data!.order!.orderId}/sandbox_pay`, 'POST', user.token);
        expect(paid).toMatchObject({ code: 0, data: { status: 'paid' } });
      }
    }
    await expectEntitlementInvariant(db);
    const owned = await db.selectFrom('user_courses').select(['user_id', 'course_id']).execute();
    expect(owned).toHaveLength(USERS * (COURSES - 1));
    const paidAfter = await db.selectFrom('orders').select('id').where('status', '=', 'paid').execute();
    expect(paidAfter).toHaveLength(USERS * (COURSES - 1));

    second.child.kill('SIGTERM');
    await second.exited;
    expect(second.child.exitCode).toBe(0);
  }, 60_000);
});
