/**
 * `app_meta`: small named values the app keeps about its own derived data. The first is the
 * format version of the course search index (search-repository.ts), so a change to what is
 * indexed rebuilds the index of an existing database once, at the next start.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
