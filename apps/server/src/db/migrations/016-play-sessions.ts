/**
 * Server-credited learning time (issue 11, decision 016).
 * - `play_sessions`: one row per play authorisation (play_auth) of one course/chapter for one
 *   learner; `session_key` is the opaque id handed to the player. The server's clocks live here:
 *   `last_report_at` (server time of the previous accepted report), `credited_until` (the
 *   session's credit high-water mark), the kept `position_seconds` and the time `position_at`
 *   from which it may advance at most the top playback speed, `paused` after an `exit`.
 *   A report past `expires_at` (or after `ended_at`) credits nothing.
 * - `learning_clock`: per learner, the server time up to which listening has been credited,
 *   across all sessions and devices. Every report locks this row first, so one learner's
 *   reports are serialised and concurrent sessions never credit the same wall time twice.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);
  await db.schema
    .createTable('play_sessions')
    .addColumn('id', id.type, id.build)
    .addColumn('session_key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer')
    .addColumn('asset_id', 'integer')
    .addColumn('duration_seconds', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_report_at', 'bigint', (c) => c.notNull())
    .addColumn('credited_until', 'bigint', (c) => c.notNull())
    .addColumn('credited_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position_seconds', 'integer', (c) => c.notNull())
    .addColumn('position_at', 'bigint', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reports', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('play_sessions_user').on('play_sessions').columns(['user_id', 'created_at']).execute();
  // A future sweep of expired sessions.
  await db.schema.createIndex('play_sessions_expires').on('play_sessions').column('expires_at').execute();

  await db.schema
    .createTable('learning_clock')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('credited_until', 'bigint', (c) => c.notNull())
    .execute();
}
