/**
 * What the learner owns and follows, and the live schedule (issue 3):
 * - `lives`: scheduled live classes; the page status (not begun, living, ended, replay) is
 *   computed from start/end times at read time, so no job has to flip it;
 * - `user_courses`: the learner's entitlements (free enrolment now; orders, memberships and
 *   corporate grants later), one row per user and course;
 * - `user_subjects`: the subjects a learner follows, which drive the personal picks.
 * Columns themselves came with 001; course_learners (003) gains a per-learner recency index.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);

  await db.schema
    .createTable('lives')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lecturer_id', 'integer', (c) => c.notNull().references('lecturers.id'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('signup_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_replay', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 published, 0 withdrawn (hidden from every list).
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Upcoming walks end_at > now ordered by start; past walks end_at <= now newest first.
  await db.schema.createIndex('lives_status_end').on('lives').columns(['status', 'end_at']).execute();
  await db.schema.createIndex('lives_status_start').on('lives').columns(['status', 'start_at']).execute();

  await db.schema
    .createTable('user_courses')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_courses_user_course', ['user_id', 'course_id'])
    .execute();
  await db.schema.createIndex('user_courses_user_created').on('user_courses').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('user_subjects')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_subjects_pk', ['user_id', 'subject_id'])
    .execute();

  // 学习中 lists a learner's recently opened courses newest first.
  await db.schema.createIndex('course_learners_user_recent').on('course_learners').columns(['user_id', 'created_at']).execute();
}
