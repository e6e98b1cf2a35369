/**
 * Learning records, slides and courseware (issue 5, decision 011).
 * - `listen_records`: one row per play session of one chapter, keyed by the client-made record id
 *   PER USER (another user sending the same id gets a row of their own). It keeps the MAX of the
 *   client's cumulative played seconds (`reported_seconds`), what we credited from it
 *   (`played_seconds`, after the clamps of progress-accounting.ts) and the latest position.
 * - `listen_progress`: per user, course and chapter (`chapter_key` 0 = a course without chapters):
 *   the last position, and a sticky finished flag.
 * - `listen_courses`: per user and course: last chapter/position, total credited seconds, when it
 *   was started and finished, and `hidden` (hide_listen).
 * - `listen_day`: seconds credited per user, Asia/Shanghai day ('YYYY-MM-DD'), course and chapter,
 *   written in the SAME transaction as the record, so reports never disagree with the records.
 * - `listen_visits`: one row per (user, record id) counted by visit_play.
 * - `course_slides`, `courseware`, `courseware_downloads`, `mail_outbox`: PPT and courseware.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);

  await db.schema
    .createTable('listen_records')
    .addColumn('id', id.type, id.build)
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('position_seconds', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer')
    .addColumn('reported_seconds', 'integer', (c) => c.notNull())
    .addColumn('played_seconds', 'integer', (c) => c.notNull())
    .addColumn('reports', 'integer', (c) => c.notNull())
    .addColumn('exited', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('listen_records_user_record', ['user_id', 'record_id'])
    .execute();
  await db.schema.createIndex('listen_records_user_course').on('listen_records').columns(['user_id', 'course_id', 'updated_at']).execute();

  await db.schema
    .createTable('listen_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('chapter_key', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer')
    .addColumn('position_seconds', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer')
    .addColumn('played_seconds', 'integer', (c) => c.notNull())
    .addColumn('finished', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('listen_progress_pk', ['user_id', 'course_id', 'chapter_key'])
    .execute();

  await db.schema
    .createTable('listen_courses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('last_chapter_id', 'integer')
    .addColumn('position_seconds', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer')
    .addColumn('played_seconds', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('listen_courses_pk', ['user_id', 'course_id'])
    .execute();
  // listen_record_list: the learner's visible courses, last listened first.
  await db.schema.createIndex('listen_courses_user_recent').on('listen_courses').columns(['user_id', 'hidden', 'updated_at']).execute();

  await db.schema
    .createTable('listen_day')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('chapter_key', 'integer', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('listen_day_pk', ['user_id', 'day', 'course_id', 'chapter_key'])
    .execute();

  await db.schema
    .createTable('listen_visits')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('listen_visits_pk', ['user_id', 'record_id'])
    .execute();

  await db.schema
    .createTable('course_slides')
    .addColumn('id', id.type, id.build)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('at_seconds', 'integer')
    .execute();
  await db.schema.createIndex('course_slides_course').on('course_slides').columns(['course_id', 'chapter_id', 'sort']).execute();

  await db.schema
    .createTable('courseware')
    .addColumn('id', id.type, id.build)
    .addColumn('course_id', 'integer', (c) => c.notNull().unique().references('courses.id').onDelete('cascade'))
    // 'generated': a handout rendered from the course's slides; 'file': path under DATA_DIR/courseware.
    .addColumn('storage', 'text', (c) => c.notNull())
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('courseware_downloads')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // 'download' | 'email'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courseware_downloads_user').on('courseware_downloads').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    // 'sent' | 'failed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
