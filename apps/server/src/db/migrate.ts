/** Runs the registered migrations in order, once each, recording them in `schema_migrations`. */
import { sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.ts';
import type { Dialect } from './migrations/helpers.ts';
import type { DB } from './schema.ts';

export async function migrateToLatest(db: Kysely<DB>, dialect: Dialect): Promise<string[]> {
  const raw = db as unknown as Kysely<{ schema_migrations: { name: string; applied_at: number } }>;
  await raw.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
  const applied: string[] = [];
  for (const m of migrations) {
    const ran = await raw.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        // Two instances starting together must not both run a migration.
        await sql`select pg_advisory_xact_lock(714021)`.execute(trx);
      }
      const done = await trx.selectFrom('schema_migrations').select('name').where('name', '=', m.name).executeTakeFirst();
      if (done) return false;
      await m.up(trx as unknown as Kysely<unknown>, { dialect });
      await trx.insertInto('schema_migrations').values({ name: m.name, applied_at: Date.now() }).execute();
      return true;
    });
    if (ran) applied.push(m.name);
  }
  return applied;
}
