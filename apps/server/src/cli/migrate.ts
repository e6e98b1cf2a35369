/**
 * `npm run db:migrate` (from the repository root or apps/server): runs the registered migrations
 * that the database named by DATA_DIR / DATABASE_URL has not run yet, as the server does at start.
 * Running it again changes nothing.
 */
import { migrateToLatest } from '../db/migrate.ts';
import { runDatabaseCommand } from './database-command.ts';

await runDatabaseCommand(async ({ db, dialect }) => {
  const applied = await migrateToLatest(db, dialect);
  return applied.length > 0 ? `${dialect}: applied ${applied.length} migrations (${applied.at(-1)} last)` : `${dialect}: already at the latest migration`;
});
