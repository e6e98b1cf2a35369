/**
 * `npm run db:seed` (from the repository root or apps/server): migrates first, so a fresh
 * DATA_DIR works, then writes the demo data (demo/seeder.ts) into an EMPTY database — as the
 * server does at start, but whatever SEED_DEMO says. A database that has courses or users is left
 * as it is, so seeding twice changes nothing.
 */
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../demo/seeder.ts';
import { runDatabaseCommand } from './database-command.ts';

await runDatabaseCommand(async ({ db, dialect }) => {
  await migrateToLatest(db, dialect);
  const { seeded, counts } = await seedDemoData(db);
  const rows = Object.entries(counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  return `${dialect}: ${seeded ? 'seeded the demo data' : 'not empty, left as it is'} (${rows})`;
});
