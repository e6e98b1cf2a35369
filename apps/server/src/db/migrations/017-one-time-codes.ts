/**
 * Browser-bound login and download tickets (issue 11, decision 017).
 * - `one_time_codes`: short-lived, single-use secrets, stored only as a SHA-256 hash.
 *   `purpose` 'login': the WeChat callback's login code; `scope` is the hash of the browser's
 *   binding cookie, so only the browser that started the login can exchange it.
 *   `purpose` 'download': a file ticket; `scope` names the one file (e.g. `listen_report:2026`).
 *   `used_at` is set by the one conditional UPDATE that spends the code (atomic on both dialects).
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('one_time_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('is_new_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The sweep of expired codes.
  await db.schema.createIndex('one_time_codes_expires').on('one_time_codes').column('expires_at').execute();
}
