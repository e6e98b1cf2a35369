/**
 * `build()` for app.inject tests (fastify/demo's test/helper.ts): a fresh migrated database of the
 * given dialect, in-process KV, console SMS, and a config for tests.
 */
import type { FastifyInstance } from 'fastify';
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

export async function build(
  dialect: Dialect = 'sqlite',
  opts: { config?: Partial<Config>; adapters?: Partial<Adapters>; kv?: KvStore } = {},
): Promise<TestApp> {
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
