/**
 * Columns the users & login module needs beyond 001: the profile's submission count (first
 * audit vs. re-application), session rotation (refresh-token reuse detection), the sender's IP
 * on SMS codes (per-IP hourly limit), and what we last learnt from WeChat for each identity
 * (nickname, avatar, the sealed OAuth refresh token that lets `POST /v1/users/sync` re-read it).
 * SQLite adds one column per ALTER TABLE, so every column is its own statement.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('audit_submit_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('sessions').addColumn('rotated_at', 'bigint').execute();

  await db.schema.alterTable('sms_codes').addColumn('ip', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('sms_codes_ip').on('sms_codes').columns(['ip', 'created_at']).execute();

  await db.schema.alterTable('wechat_identities').addColumn('nickname', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('wechat_identities').addColumn('avatar', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('wechat_identities').addColumn('sns_refresh_token', 'text').execute();
  await db.schema.alterTable('wechat_identities').addColumn('sns_refresh_expires_at', 'bigint').execute();
}
