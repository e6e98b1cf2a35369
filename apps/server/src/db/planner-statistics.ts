/**
 * Planner statistics (decision 022). PostgreSQL plans from statistics that only ANALYZE (or an
 * autovacuum we cannot count on) gathers; without them a grown catalogue is planned as if it were
 * empty. SQLite's planner also reads `sqlite_stat1`. The catalogue upkeep refreshes them in the
 * background at every start, after the search index is complete; migration 022 ran them once.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { dialectOf } from './dialect.ts';
import { ANALYZED_TABLES } from './migrations/022-read-indexes.ts';

export async function refreshPlannerStatistics(db: Kysely<DB>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // Named tables only: a bare ANALYZE walks every schema of the database.
    await sql`analyze ${sql.raw(ANALYZED_TABLES.join(', '))}`.execute(db);
    return;
  }
  // Bounded sampling, then ANALYZE where SQLite judges it useful (every table on a first run).
  await sql`pragma analysis_limit = 1000`.execute(db);
  await sql`pragma optimize = 0x10002`.execute(db);
}
