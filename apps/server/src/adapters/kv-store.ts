/**
 * A small key-value store for counters with expiry: in-process by default, Redis when REDIS_URL
 * is set so that several instances share rate limits (decision 003: adapters with a real and a
 * local implementation).
 */
import { Redis } from 'ioredis';

export interface KvStore {
  /** Adds `by` (default 1) to a counter that expires ttlMs after its first increment; returns the new value. */
  incr(key: string, ttlMs: number, by?: number): Promise<number>;
  /** Like incr, and also answers how long the counter has left to live (rate limits: Retry-After). */
  incrWithTtl(key: string, ttlMs: number, by?: number): Promise<{ value: number; ttlMs: number }>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export class MemoryKvStore implements KvStore {
  private readonly map = new Map<string, { value: string; expiresAt: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Sweep expired keys so a long-running process does not grow without bound.
    this.timer = setInterval(() => this.sweep(), 60_000);
    this.timer.unref();
  }

  private live(key: string) {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  async incr(key: string, ttlMs: number, by = 1): Promise<number> {
    return (await this.incrWithTtl(key, ttlMs, by)).value;
  }

  async incrWithTtl(key: string, ttlMs: number, by = 1): Promise<{ value: number; ttlMs: number }> {
    const e = this.live(key);
    const n = e ? Number(e.value) + by : by;
    const expiresAt = e ? e.expiresAt : this.now() + ttlMs;
    this.map.set(key, { value: String(n), expiresAt });
    return { value: n, ttlMs: expiresAt - this.now() };
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.map.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async del(key: string): Promise<void> {
    this.map.delete(key);
  }

  async ping(): Promise<boolean> {
    return true;
  }

  sweep(): void {
    const t = this.now();
    for (const [k, e] of this.map) if (e.expiresAt <= t) this.map.delete(k);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.map.clear();
  }
}

export class RedisKvStore implements KvStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'jinfa:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  }

  async incr(key: string, ttlMs: number, by = 1): Promise<number> {
    const k = this.prefix + key;
    const res = await this.redis.multi().incrby(k, by).pexpire(k, ttlMs, 'NX').exec();
    const n = res?.[0]?.[1];
    return typeof n === 'number' ? n : Number(n);
  }

  async incrWithTtl(key: string, ttlMs: number, by = 1): Promise<{ value: number; ttlMs: number }> {
    const k = this.prefix + key;
    const res = await this.redis.multi().incrby(k, by).pexpire(k, ttlMs, 'NX').pttl(k).exec();
    const n = Number(res?.[0]?.[1]);
    const left = Number(res?.[2]?.[1]);
    return { value: n, ttlMs: left > 0 ? left : ttlMs };
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async ping(): Promise<boolean> {
    return (await this.redis.ping()) === 'PONG';
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

export function createKvStore(redisUrl: string | undefined, prefix?: string): KvStore {
  return redisUrl ? new RedisKvStore(redisUrl, prefix) : new MemoryKvStore();
}
