/**
 * Health that tells the truth (issue 11 §7, decision 020): `/healthz` proves the database takes
 * writes by rewriting this table's one row (at most once a second). A read-only, full or
 * unreachable database fails that write, and the probe answers 503 with the reason.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('health_probe')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .execute();
}
