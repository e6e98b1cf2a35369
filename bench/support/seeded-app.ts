/**
 * One seeded server for an in-process benchmark: a fresh SQLite file in a temp DATA_DIR, or a
 * throw-away schema on PostgreSQL (so a bench never touches existing data), migrated and seeded,
 * listening on a free loopback port. `close()` removes everything it made.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seedDemoData } from '../../apps/server/src/demo/seeder.ts';
import { MemoryKvStore } from '../../apps/server/src/adapters/kv-store.ts';
import { createAdapters } from '../../apps/server/src/adapters/create-adapters.ts';

export interface SeededApp {
  app: FastifyInstance;
  database: Database;
  /** `http://127.0.0.1:<port>` */
  base: string;
  close: () => Promise<void>;
}

/**
 * `name` tags the temp folder and the schema; `env` adds settings (rate limits are always off);
 * `beforeListen` may add hooks (e.g. to time requests inside the server) before the app starts.
 */
export async function startSeededApp(
  name: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
  beforeListen?: (app: FastifyInstance) => void,
  /** Runs on the migrated, seeded database before the app is built (e.g. to grow the data). */
  prepare?: (database: Database) => Promise<void>,
): Promise<SeededApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `jinfa-bench-${name}-`));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_IP_PER_MIN: '0', RATE_LIMIT_USER_PER_MIN: '0', ...env }),
    dataDir,
    databaseUrl,
  };
  const schema = `bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  if (databaseUrl) {
    const admin = openDatabase({ databaseUrl, dataDir, poolSize: 1 });
    await sql`create schema if not exists ${sql.id(schema)}`.execute(admin.db);
    await admin.destroy();
  }
  const database = openDatabase({ databaseUrl, dataDir, ...(databaseUrl ? { pgSchema: schema } : {}) });
  await migrateToLatest(database.db, database.dialect);
  await seedDemoData(database.db);
  if (prepare) await prepare(database);
  const kv = new MemoryKvStore();
  const app = await buildApp({ config, database, kv, adapters: createAdapters(config, kv) });
  beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    app,
    database,
    base,
    close: async () => {
      await app.close();
      if (databaseUrl) await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
