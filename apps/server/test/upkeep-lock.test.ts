/**
 * One upkeep sweep at a time across instances (decision 015): two app instances on ONE database
 * (and on one Redis when TEST_REDIS_URL is set) — only one sweeps per period, the holder keeps
 * its lease, a crashed holder's lease runs out, and a closed one hands over at once.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { MemoryKvStore } from '../src/adapters/kv-store.ts';
import { createAdapters } from '../src/adapters/create-adapters.ts';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildOrdersApp, orderRowOf, post, prepaidOrderOf } from './orders-helpers.ts';
import { buildGroupActivity } from './activities-helpers.ts';
import { signedInUser } from './support/factories.ts';
import { GROUP_FAIL_GRACE_MS } from '../src/modules/activities/group-service.ts';
import { DbLeaseLock, LEASE_MS, RedisLeaseLock, type LeaseLock, type UpkeepRunner } from '../src/jobs/lease.ts';
import { createUpkeepRunner, UPKEEP_LOCK } from '../src/jobs/order-upkeep.ts';
import { ACTIVITY_UPKEEP_LOCK, createActivityUpkeepRunner } from '../src/jobs/activity-upkeep.ts';

const PERIOD = 60_000;

describe.each(dialectsUnderTest())('upkeep lock (%s)', (dialect) => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await buildOrdersApp(dialect);
    // A second instance of the app on the same database, as a second server process would be.
    second = await buildApp({ config: t.config, database: t.db, kv: new MemoryKvStore(), adapters: { ...createAdapters(t.config), pay: t.app.adapters.pay } });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const lockRow = () => t.app.db.selectFrom('app_locks').selectAll().where('name', '=', UPKEEP_LOCK).executeTakeFirst();

  /** Both runners try ten periods from `start`: exactly one sweeps each period, always the same one; answers it. */
  async function oneSweeperForTenPeriods(a: UpkeepRunner, b: UpkeepRunner, start: number): Promise<string> {
    const ran: string[] = [];
    for (let i = 0; i < 10; i++) {
      const now = start + i * PERIOD;
      const [ra, rb] = await Promise.all([a.runOnce(now), b.runOnce(now)]);
      expect(Number(ra) + Number(rb), `period ${i}`).toBe(1);
      ran.push(ra ? a.holder : b.holder);
    }
    expect(new Set(ran).size).toBe(1);
    return ran[0]!;
  }

  async function pair(): Promise<[UpkeepRunner, UpkeepRunner]> {
    await t.app.db.deleteFrom('app_locks').execute();
    return [createUpkeepRunner(t.app), createUpkeepRunner(second)];
  }

  it('two instances, ten periods: exactly one sweeps each period, always the same one, and the sweep does its work once', async () => {
    const [a, b] = await pair();
    const s = await prepaidOrderOf(t);
    const holder = await oneSweeperForTenPeriods(a, b, s.order.expires_at + 1000);
    expect((await lockRow())?.holder).toBe(holder);
    // The sweep really ran: the expired order is closed.
    expect((await orderRowOf(t, s.order.id)).status).toBe('closed');
  });

  it("a crashed holder's lease runs out; until then nobody else sweeps", async () => {
    const [a, b] = await pair();
    const now = Date.now();
    expect(await a.runOnce(now)).toBe(true);
    // a dies here (kill -9: no release). b keeps trying every period.
    expect(await b.runOnce(now + PERIOD)).toBe(false);
    expect(await b.runOnce(now + LEASE_MS - 1)).toBe(false);
    expect(await b.runOnce(now + LEASE_MS)).toBe(true);
    expect((await lockRow())?.holder).toBe(b.holder);
    // a comes back to life: it does not take the lease from the live holder.
    expect(await a.runOnce(now + LEASE_MS + 1)).toBe(false);
  });

  it('a holder that shuts down hands over at once', async () => {
    const [a, b] = await pair();
    const now = Date.now();
    expect(await a.runOnce(now)).toBe(true);
    expect(await b.runOnce(now + 1)).toBe(false);
    await a.close();
    expect(await lockRow()).toBeUndefined();
    expect(await b.runOnce(now + 2)).toBe(true);
  });

  describe('the activity sweep (its own lease)', () => {
    const activityLock = () => t.app.db.selectFrom('app_locks').selectAll().where('name', '=', ACTIVITY_UPKEEP_LOCK).executeTakeFirst();

    /** A group of 3 whose leader paid; it expires unformed a day later. */
    async function paidLonelyLeader() {
      const activity = await buildGroupActivity(t.app.db, { size: 3 });
      const leader = await signedInUser(t);
      const started = (await post(t, `/v1/activities/group/${activity.id}/start`, leader.headers)).json();
      expect(started.code, started.message).toBe(0);
      const orderId = started.data.order.orderId as number;
      expect((await post(t, `/v1/orders/${orderId}/order_web_wxpay`, leader.headers)).json().code).toBe(0);
      expect((await post(t, `/v1/orders/${orderId}/sandbox_pay`, leader.headers)).json().data.status).toBe('paid');
      return { groupId: started.data.group.groupId as number, orderId };
    }

    it('two instances, ten periods: exactly one sweeps each period, always the same one, and the group fails and is refunded once', async () => {
      await t.app.db.deleteFrom('app_locks').execute();
      const a = createActivityUpkeepRunner(t.app);
      const b = createActivityUpkeepRunner(second);
      const { groupId, orderId } = await paidLonelyLeader();
      const holder = await oneSweeperForTenPeriods(a, b, Date.now() + 24 * 3_600_000 + GROUP_FAIL_GRACE_MS + 1000);
      expect((await activityLock())?.holder).toBe(holder);
      const group = await t.app.db.selectFrom('group_buy_groups').select('status').where('id', '=', groupId).executeTakeFirstOrThrow();
      expect(group.status).toBe('failed');
      expect((await orderRowOf(t, orderId)).status).toBe('refunded');
      const refunds = await t.app.db.selectFrom('refunds').select(['status', 'source']).where('order_id', '=', orderId).execute();
      expect(refunds).toEqual([{ status: 'success', source: 'group_failed' }]);
      await a.close();
      await b.close();
    });

    it('is independent of the order sweep: each instance may hold one of the two leases', async () => {
      await t.app.db.deleteFrom('app_locks').execute();
      const orders = createUpkeepRunner(t.app);
      const activities = createActivityUpkeepRunner(second);
      const now = Date.now();
      expect(await orders.runOnce(now)).toBe(true);
      expect(await activities.runOnce(now)).toBe(true);
      // Each lease stays with its holder: the other instance's runner of the same sweep waits.
      expect(await createActivityUpkeepRunner(t.app).runOnce(now + 1)).toBe(false);
      expect(await createUpkeepRunner(second).runOnce(now + 1)).toBe(false);
      expect((await lockRow())?.holder).toBe(orders.holder);
      expect((await activityLock())?.holder).toBe(activities.holder);
      await orders.close();
      await activities.close();
      expect(await activityLock()).toBeUndefined();
    });
  });

  it('50 concurrent acquisitions of a free lease: one wins', async () => {
    await t.app.db.deleteFrom('app_locks').execute();
    const lock = new DbLeaseLock(t.app.db);
    const now = Date.now();
    const wins = await Promise.all(Array.from({ length: 50 }, (_, i) => lock.acquire('race', `h${i}`, LEASE_MS, now)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });
});

describe.runIf(!!process.env.TEST_REDIS_URL)('upkeep lock in Redis', () => {
  const url = process.env.TEST_REDIS_URL as string;
  const prefix = `test:lock:${crypto.randomBytes(4).toString('hex')}:`;
  let a: LeaseLock;
  let b: LeaseLock;
  let raw: Redis;
  beforeAll(() => {
    a = new RedisLeaseLock(url, prefix);
    b = new RedisLeaseLock(url, prefix);
    raw = new Redis(url);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await raw.quit();
  });

  it('SET NX PX: one holder; it renews; others wait; an expired lease (key gone) is taken; release is holder-only', async () => {
    const now = Date.now();
    const results = await Promise.all([a.acquire(UPKEEP_LOCK, 'A', LEASE_MS, now), b.acquire(UPKEEP_LOCK, 'B', LEASE_MS, now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const holder = results[0] ? 'A' : 'B';
    const other = holder === 'A' ? 'B' : 'A';
    expect(await raw.get(`${prefix}${UPKEEP_LOCK}`)).toBe(holder);
    const ttl = await raw.pttl(`${prefix}${UPKEEP_LOCK}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(LEASE_MS);
    expect(await a.acquire(UPKEEP_LOCK, holder, LEASE_MS, now)).toBe(true);
    expect(await b.acquire(UPKEEP_LOCK, other, LEASE_MS, now)).toBe(false);
    await b.release(UPKEEP_LOCK, other);
    expect(await raw.get(`${prefix}${UPKEEP_LOCK}`)).toBe(holder);
    // The holder crashed and PX ran out: Redis dropped the key.
    await raw.del(`${prefix}${UPKEEP_LOCK}`);
    expect(await b.acquire(UPKEEP_LOCK, other, LEASE_MS, now)).toBe(true);
    await b.release(UPKEEP_LOCK, other);
    expect(await raw.exists(`${prefix}${UPKEEP_LOCK}`)).toBe(0);
  });
});
