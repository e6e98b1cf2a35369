/**
 * One run of a background job at a time across instances (decision 015); every job has its own
 * lease name (order-upkeep.ts, activity-upkeep.ts, search-index.ts). Each round takes the named
 * lease before it runs and skips when another instance holds it:
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
import type { Conn } from '../db/conn.ts';

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

/** The lease store of an app instance: Redis when configured, else the database. */
export function leaseLockOf(app: FastifyInstance): LeaseLock {
  return app.config.redisUrl ? new RedisLeaseLock(app.config.redisUrl) : new DbLeaseLock(app.db);
}

/** A holder id unique to this process and job: pid and a random part. */
export function newHolder(): string {
  return `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
}

export interface UpkeepRunner {
  /** This instance's holder id (pid and a random part). */
  readonly holder: string;
  /** One sweep round if this instance holds (or takes) the lease. True when it ran. */
  runOnce(now: number): Promise<boolean>;
  /** Gives the lease up and closes the lock's connection. */
  close(): Promise<void>;
}

/** A sweep that runs every `intervalMs` under its own lease. */
export interface Sweep {
  /** The lease's name; each sweep has its own, so sweeps never wait for each other. */
  name: string;
  intervalMs: number;
  /** What a failed round is logged as (`<label> failed`). */
  label: string;
  /** One round: a service function of the sweep's module. */
  round(app: FastifyInstance, now: number): Promise<unknown>;
}

/** The sweep of one app instance: take the lease (`leaseLockOf` unless given), then run the round. */
export function createSweepRunner(app: FastifyInstance, sweep: Sweep, opts: { lock?: LeaseLock; leaseMs?: number } = {}): UpkeepRunner {
  const lock = opts.lock ?? leaseLockOf(app);
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const holder = newHolder();
  let running = false;
  return {
    holder,
    async runOnce(now) {
      // A round still running (a slow provider) is not overlapped by the next tick of this instance.
      if (running) return false;
      running = true;
      try {
        if (!(await lock.acquire(sweep.name, holder, leaseMs, now))) return false;
        await sweep.round(app, now);
        return true;
      } finally {
        running = false;
      }
    },
    async close() {
      await lock.release(sweep.name, holder).catch(() => undefined);
      await lock.close();
    },
  };
}

/** What jobs/index.ts starts when the app is ready and stops when it closes. */
export interface Job {
  start(): Promise<void> | void;
  stop(): Promise<void>;
}

/**
 * The sweep on a timer. The timer does not keep the process alive; a failed round is logged and
 * the next tick tries again.
 */
export function sweepJob(app: FastifyInstance, sweep: Sweep): Job {
  const runner = createSweepRunner(app, sweep);
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer = setInterval(() => {
        runner.runOnce(Date.now()).catch((err: unknown) => app.log.error({ err }, `${sweep.label} failed`));
      }, sweep.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await runner.close();
    },
  };
}
