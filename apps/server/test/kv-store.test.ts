import { afterAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { MemoryKvStore, RedisKvStore, type KvStore } from '../src/adapters/kv-store.ts';

/**
 * A store and a way to let a key's time run out: the memory store's clock is the test's, so it
 * moves at once; Redis keeps its own, so the test waits until Redis reports the key gone (no
 * fixed sleep that a loaded machine could outrun).
 */
interface Subject {
  kv: KvStore;
  outlive: (key: string, ttlMs: number) => Promise<void>;
}

const stores: Array<[string, () => Subject]> = [
  [
    'memory',
    () => {
      let now = Date.now();
      return { kv: new MemoryKvStore(() => now), outlive: async (_key, ttlMs) => void (now += ttlMs) };
    },
  ],
];
if (process.env.TEST_REDIS_URL) {
  const url = process.env.TEST_REDIS_URL;
  stores.push([
    'redis',
    () => {
      const kv = new RedisKvStore(url, `test:${crypto.randomBytes(4).toString('hex')}:`);
      const outlive = async (key: string, ttlMs: number) => {
        const deadline = Date.now() + ttlMs + 5000;
        while ((await kv.get(key)) !== null) {
          if (Date.now() > deadline) throw new Error(`${key} outlived its ${ttlMs} ms`);
          await new Promise((r) => setImmediate(r));
        }
      };
      return { kv, outlive };
    },
  ]);
}

describe.each(stores)('KvStore (%s)', (_name, make) => {
  const { kv, outlive } = make();
  afterAll(() => kv.close());

  it('counts within a window and starts again after it expires', async () => {
    expect(await kv.incr('c', 150)).toBe(1);
    expect(await kv.incr('c', 150)).toBe(2);
    expect(await kv.incr('c', 150)).toBe(3);
    await outlive('c', 150);
    expect(await kv.incr('c', 150)).toBe(1);
  });

  it('stores, reads and deletes values with expiry', async () => {
    await kv.set('k', 'v', 10_000);
    expect(await kv.get('k')).toBe('v');
    await kv.del('k');
    expect(await kv.get('k')).toBeNull();
    await kv.set('short', 'x', 50);
    await outlive('short', 50);
    expect(await kv.get('short')).toBeNull();
  });

  it('answers ping', async () => {
    expect(await kv.ping()).toBe(true);
  });
});

describe('rate limits shared through Redis', () => {
  it.runIf(!!process.env.TEST_REDIS_URL)('two instances see one counter', async () => {
    const prefix = `test:${crypto.randomBytes(4).toString('hex')}:`;
    const a = new RedisKvStore(process.env.TEST_REDIS_URL!, prefix);
    const b = new RedisKvStore(process.env.TEST_REDIS_URL!, prefix);
    await a.incr('shared', 5000);
    expect(await b.incr('shared', 5000)).toBe(2);
    await a.close();
    await b.close();
  });
});
