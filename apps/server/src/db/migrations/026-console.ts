/**
 * The operator console (issue 13, decision 026).
 * - `operators`: console accounts, apart from learners; argon2id password hashes, optional TOTP
 *   (secret sealed with lib/secret-box), role and the lecturer / corporate an operator speaks for.
 * - `operator_sessions`: the `jf_admin` cookie's token as sha256, the session's CSRF synchronizer
 *   token, sliding expiry (12 h) capped at 7 days, revocation.
 * - `operator_login_failures`: failed sign-ins by phone, read by the lock-out (5 in 15 minutes).
 * - `audit_log`: append-only record of every console write; indexes follow the audit list's
 *   filters, each ending in `id` for the newest-first order.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);

  await db.schema
    .createTable('operators')
    .addColumn('id', id.type, id.build)
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('lecturer_id', 'integer', (c) => c.references('lecturers.id').onDelete('set null'))
    .addColumn('corporate_id', 'integer', (c) => c.references('corporates.id').onDelete('set null'))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', id.type, id.build)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('operator_sessions_operator').on('operator_sessions').column('operator_id').execute();

  await db.schema
    .createTable('operator_login_failures')
    .addColumn('id', id.type, id.build)
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_login_failures_phone').on('operator_login_failures').columns(['phone', 'created_at']).execute();
  // Old failures are pruned as new ones come in (operator-repository.ts insertLoginFailure).
  await db.schema.createIndex('operator_login_failures_created').on('operator_login_failures').column('created_at').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', id.type, id.build)
    // No foreign key: the log outlives whatever it names, operators included.
    .addColumn('operator_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_operator').on('audit_log').columns(['operator_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id', 'id']).execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();
}
