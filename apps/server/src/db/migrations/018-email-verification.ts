/**
 * E-mail verification (issue 11 §6, decision 018): the product sends nothing to an address until
 * its owner proved they read it.
 * - `users.email_verified_at`: when the current `users.email` was verified; null = unverified.
 *   Changing the address clears it. Addresses entered before this migration start unverified:
 *   nobody ever proved them.
 * - `email_verifications`: the one pending code per learner — the address it was sent to, the
 *   code's HMAC (never the code), its expiry, wrong attempts, and the send cadence (last send, and
 *   sends in the current hour) that the resend limits read.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  await db.schema
    .createTable('email_verifications')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    .addColumn('window_sends', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
