import { afterAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { MemoryKvStore, RedisKvStore, type KvStore } from '../src/adapters/kv-store.ts';

const stores: Array<[string, () => KvStore]> = [['memory', () => new MemoryKvStore()]];
if (process.env.TEST_REDIS_URL) {
  const url = process.env.TEST_REDIS_URL;
  stores.push(['redis', () => new RedisKvStore(url, `test:${crypto.randomBytes(4).toString('hex')}:`)]);
}

describe.each(stores)('KvStore (%s)', (_name, make) => {
  const kv = make();
  afterAll(() => kv.close());

  it('counts within a window and starts again after it expires', async () => {
    expect(await kv.incr('c', 150)).toBe(1);
    expect(await kv.incr('c', 150)).toBe(2);
    expect(await kv.incr('c', 150)).toBe(3);
    await new Promise((r) => setTimeout(r, 250));
    expect(await kv.incr('c', 150)).toBe(1);
  });

  it('stores, reads and deletes values with expiry', async () => {
    await kv.set('k', 'v', 10_000);
    expect(await kv.get('k')).toBe('v');
    await kv.del('k');
    expect(await kv.get('k')).toBeNull();
    await kv.set('short', 'x', 50);
    await new Promise((r) => setTimeout(r, 120));
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
