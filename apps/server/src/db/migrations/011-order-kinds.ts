/**
 * The order kinds beyond the whole course (issue 4, decision 013).
 * - `user_courses.order_id`: the paid order a grant came from, so a refund revokes exactly the
 *   grants of that order (a column order grants several courses; a course the learner already
 *   owned keeps its own row). Rows from before this migration have null and are revoked by
 *   user, course and source 'order' as before.
 * - `user_chapters`: chapters bought one by one (kind 2), one row per user and chapter.
 * - `user_lives`: paid live courses (kind 6), one row per user and live.
 * - `courses.enroll_start_at` / `enroll_end_at` (null = open on that side) and `bird_price`
 *   (fen, early-bird courses, activity_type 2): -1284 before the window, -1285 after it.
 * - `orders.payer_id`: who asked for pay parameters through a 代付 link (send_pay); null when
 *   the learner pays their own order.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);

  await db.schema.alterTable('user_courses').addColumn('order_id', 'integer').execute();
  await db.schema.createIndex('user_courses_order').on('user_courses').column('order_id').execute();

  await db.schema
    .createTable('user_chapters')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_chapters_user_chapter', ['user_id', 'chapter_id'])
    .execute();
  await db.schema.createIndex('user_chapters_user_course').on('user_chapters').columns(['user_id', 'course_id']).execute();
  await db.schema.createIndex('user_chapters_order').on('user_chapters').column('order_id').execute();

  await db.schema
    .createTable('user_lives')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('live_id', 'integer', (c) => c.notNull().references('lives.id').onDelete('cascade'))
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_lives_user_live', ['user_id', 'live_id'])
    .execute();
  await db.schema.createIndex('user_lives_order').on('user_lives').column('order_id').execute();

  await db.schema.alterTable('courses').addColumn('enroll_start_at', 'bigint').execute();
  await db.schema.alterTable('courses').addColumn('enroll_end_at', 'bigint').execute();
  await db.schema.alterTable('courses').addColumn('bird_price', 'integer').execute();

  await db.schema.alterTable('orders').addColumn('payer_id', 'integer').execute();
}
