/**
 * `build()` for app.inject tests (fastify/demo's test/helper.ts): a fresh migrated database of the
 * given dialect, in-process KV, console SMS, and a config for tests.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { testConfig, type Config } from '../../src/config.ts';
import { MemoryKvStore, type KvStore } from '../../src/adapters/kv-store.ts';
import { createAdapters } from '../../src/adapters/create-adapters.ts';
import { ConsoleSmsProvider } from '../../src/adapters/sms/sms-provider.ts';
import type { Adapters } from '../../src/adapters/index.ts';
import type { Dialect } from '../../src/db/database.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  sms: ConsoleSmsProvider;
  kv: KvStore;
  config: Config;
  close: () => Promise<void>;
}

export interface BuildOptions {
  config?: Partial<Config>;
  adapters?: Partial<Adapters>;
  kv?: KvStore;
}

export async function build(dialect: Dialect = 'sqlite', opts: BuildOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase(dialect);
  const config = testConfig(opts.config);
  const sms = new ConsoleSmsProvider(() => undefined);
  const kv = opts.kv ?? new MemoryKvStore();
  const adapters: Adapters = { ...createAdapters(config), sms, ...opts.adapters };
  const app = await buildApp({ config, database: db, kv, adapters });
  await app.ready();
  return {
    app,
    db,
    sms,
    kv,
    config,
    close: async () => {
      await app.close();
      await kv.close();
      await db.cleanup();
    },
  };
}

/**
 * The suite's app in its hooks: built before all (handed to `onReady`, which keeps it in the
 * suite's `t`), closed after all, `beforeClose` first. Answers a getter that throws before then.
 */
export function useApp(dialect: Dialect, onReady: (t: TestApp) => void, opts: BuildOptions & { beforeClose?: (t: TestApp) => Promise<void> } = {}): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await build(dialect, opts);
    onReady(t);
  });
  afterAll(async () => {
    try {
      if (t) await opts.beforeClose?.(t);
    } finally {
      await t?.close();
    }
  });
  return () => {
    if (!t) throw new Error('the app is built in beforeAll');
    return t;
  };
}
