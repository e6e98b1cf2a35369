/**
 * `course_shares`: one row per share of a course (spec §7.2 `POST /courses/{id}/shared`), for the
 * share statistics (/record/shareStats). The user is optional: a visitor who is not signed in
 * can share from WeChat too. `share_type` is spec §3's (1 session, 2 timeline), null when the
 * share was a poster or a copied link, whose destination we cannot know; `channel` says which.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);
  await db.schema
    .createTable('course_shares')
    .addColumn('id', id.type, id.build)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('share_type', 'integer')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Shares of a course over time, and a learner's own shares.
  await db.schema.createIndex('course_shares_course').on('course_shares').columns(['course_id', 'created_at']).execute();
  await db.schema.createIndex('course_shares_user').on('course_shares').columns(['user_id', 'created_at']).execute();
}
