/**
 * Indexes for the console's reads (issue 13): the dashboard's windows and the course list. Each
 * matches one read as EXPLAIN shows it (test/admin-dashboard.test.ts, admin-courses.test.ts):
 *
 * - dashboard, per window of ms or Shanghai days: orders paid with their course and amount
 *   (paid_at, course_id, amount_fen — the sums, the series per day and the top courses read the
 *   index only), credited learning
 *   seconds (listen_day day, seconds), refunds that succeeded (status, finished_at, amount_fen),
 *   profiles waiting for review (users audit_status, audit_submitted_at). Orders placed and
 *   learners joined use migration 028's `orders_console_created` / `users_console_created`.
 * - console course list: newest edits first overall and per lecturer (a lecturer operator sees
 *   only theirs), by price and by learners; the total counts the entries of one covering index
 *   (lecturer_id, subject_id, status, name), never course rows.
 * - deleting a chapter asks whether anyone bought it: user_chapters and orders by chapter.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';

const INDEXES: ReadonlyArray<[string, string, string]> = [
  ['console_orders_paid', 'orders', 'paid_at, course_id, amount_fen'],
  ['console_orders_chapter', 'orders', 'chapter_id, status'],
  ['console_users_audit', 'users', 'audit_status, audit_submitted_at'],
  ['console_listen_day', 'listen_day', 'day, seconds'],
  ['console_refunds_finished', 'refunds', 'status, finished_at, amount_fen'],
  ['console_user_chapters_chapter', 'user_chapters', 'chapter_id'],
  ['console_courses_updated', 'courses', 'updated_at, id'],
  ['console_courses_lecturer', 'courses', 'lecturer_id, updated_at, id'],
  ['console_courses_price', 'courses', 'price, id'],
  ['console_courses_learners', 'courses', 'learners_count, id'],
  ['console_courses_count', 'courses', 'lecturer_id, subject_id, status, name'],
];

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await sql`create index ${sql.id(name)} on ${sql.id(table)} (${sql.raw(columns)})`.execute(db);
  }
}
