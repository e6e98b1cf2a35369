/**
 * Starts the server: configuration, database (migrate, seed an empty one), adapters, app.
 * SIGTERM/SIGINT close the listener, let in-flight requests finish, then close the database.
 */
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoData } from './demo/seeder.ts';
import { createKvStore } from './adapters/kv-store.ts';
import { createAdapters } from './adapters/create-adapters.ts';
import { buildApp } from './app.ts';
import { prepareDemoMedia } from './demo/media.ts';

function fatal(msg: string, err?: unknown): never {
  process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg, err: err instanceof Error ? err.message : err })}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fatal(err.message);
    throw err;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(database.db, database.dialect);
  const seed = config.seedDemo ? await seedDemoData(database.db) : { seeded: false, counts: {} };
  const kv = createKvStore(config.redisUrl);
  const app = await buildApp({ config, database, kv, adapters: createAdapters(config, kv) });
  app.log.info({ dialect: database.dialect, migrations: applied, seeded: seed.seeded, counts: seed.counts, redis: !!config.redisUrl, testLogin: config.testLogin }, 'database ready');
  // Seeded courses play at once (committed fallbacks); generated clips follow in the background (decision 010).
  const demoMedia = await prepareDemoMedia(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => fatal('shutdown timed out'), 10_000);
    force.unref();
    try {
      await app.close();
      await kv.close();
      await database.destroy();
      process.exit(0);
    } catch (err) {
      fatal('shutdown failed', err);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  demoMedia.startBackground(() => closing);
}

main().catch((err) => fatal('startup failed', err));
