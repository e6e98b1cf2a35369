/**
 * One upkeep sweep at a time across instances (decision 015); the order sweep and the activity
 * sweep each have their own lease name. Each round takes a named lease
 * before it runs and skips when another instance holds it:
 * - in the database (`app_locks`, both dialects): one conditional upsert — insert the lease, or
 *   take it over only when it has run out or is already ours. The row that comes back says
 *   whether we hold it. A crashed holder's lease runs out after `LEASE_MS`.
 * - in Redis when REDIS_URL is set: `SET key holder NX PX`, renewed and released only by its
 *   holder (compare-and-set scripts).
 * The holder renews at every round; a lease longer than the round interval means the instance
 * that holds it keeps sweeping and the others only take over when it stops.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Conn } from '../../db/conn.ts';
import { runOrderUpkeep } from './reconcile-service.ts';

export const UPKEEP_LOCK = 'order-upkeep';
/** The activity sweep's lease (modules/activities): its own, so the two sweeps never wait for each other. */
export const ACTIVITY_UPKEEP_LOCK = 'activity-upkeep';
/** How long a lease lasts without renewal: longer than one sweep interval (60 s), so its holder keeps it. */
export const LEASE_MS = 90_000;

export interface LeaseLock {
  /** Takes or renews the lease for `holder` until now + ttlMs. True when `holder` holds it. */
  acquire(name: string, holder: string, ttlMs: number, now: number): Promise<boolean>;
  /** Gives the lease up if `holder` holds it. */
  release(name: string, holder: string): Promise<void>;
  close(): Promise<void>;
}

export class DbLeaseLock implements LeaseLock {
  constructor(private readonly db: Conn) {}

  async acquire(name: string, holder: string, ttlMs: number, now: number): Promise<boolean> {
    // INSERT … ON CONFLICT DO UPDATE … WHERE is atomic on both SQLite and PostgreSQL; when the
    // WHERE refuses (another holder's live lease) no row is returned.
    const row = await this.db
      .insertInto('app_locks')
      .values({ name, holder, expires_at: now + ttlMs })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, expires_at: now + ttlMs })
          .where((eb) => eb.or([eb('app_locks.expires_at', '<=', now), eb('app_locks.holder', '=', holder)])),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === holder;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.db.deleteFrom('app_locks').where('name', '=', name).where('holder', '=', holder).execute();
  }

  async close(): Promise<void> {}
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Redis leases use Redis's clock for expiry; `now` is not needed. */
export class RedisLeaseLock implements LeaseLock {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'jinfa:lock:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const key = this.prefix + name;
    if ((await this.redis.set(key, holder, 'PX', ttlMs, 'NX')) === 'OK') return true;
    return Number(await this.redis.eval(RENEW, 1, key, holder, String(ttlMs))) === 1;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.prefix + name, holder);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

export interface UpkeepRunner {
  /** This instance's holder id (host, pid and a random part). */
  readonly holder: string;
  /** One sweep round if this instance holds (or takes) the lease. True when it ran. */
  runOnce(now: number): Promise<boolean>;
  /** Gives the lease up and closes the lock's connection. */
  close(): Promise<void>;
}

/**
 * The sweep of one app instance: the lease (Redis when configured, else the database), then the
 * round — `runOrderUpkeep` unless `name` and `run` say which sweep this is (the activity sweep).
 */
export function createUpkeepRunner(
  app: FastifyInstance,
  opts: { lock?: LeaseLock; leaseMs?: number; name?: string; run?: (now: number) => Promise<unknown> } = {},
): UpkeepRunner {
  const lock = opts.lock ?? (app.config.redisUrl ? new RedisLeaseLock(app.config.redisUrl) : new DbLeaseLock(app.db));
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const name = opts.name ?? UPKEEP_LOCK;
  const run = opts.run ?? ((now: number) => runOrderUpkeep(app.db, app.adapters.pay, now, app.log));
  const holder = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  let running = false;
  return {
    holder,
    async runOnce(now) {
      // A round still running (a slow provider) is not overlapped by the next tick of this instance.
      if (running) return false;
      running = true;
      try {
        if (!(await lock.acquire(name, holder, leaseMs, now))) return false;
        await run(now);
        return true;
      } finally {
        running = false;
      }
    },
    async close() {
      await lock.release(name, holder).catch(() => undefined);
      await lock.close();
    },
  };
}
