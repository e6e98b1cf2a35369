/**
 * Tracking records (issue 6, decision 008): page visits, element clicks and custom events from
 * the H5 tracker. Append-only, one row per record:
 * - `client_id` is the tracker's own id, unique, so a retried upload is dropped by the database
 *   (`insert … on conflict do nothing`) instead of stored twice;
 * - `day` (days since 1970-01-01 in China time, UTC+8) and `course_id` are derived at ingest so
 *   the operator stats group and filter on indexed integers instead of parsing text;
 * - `visitor` is `u:<userId>` for a signed-in learner, else `s:<sessionId>` (unique visitors).
 * The stats indexes cover their queries (index-only scans), see bench/collect.ts for timings.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  // A plain rowid/identity key: records are never referenced by id, and SQLite's AUTOINCREMENT
  // would add a sqlite_sequence write to every insert.
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', ctx.dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
        ctx.dialect === 'sqlite' ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('page_id', 'text', (c) => c.notNull())
      .addColumn('course_id', 'integer')
      .addColumn('day', 'integer', (c) => c.notNull());

  await id('page_visits')
    .addColumn('begin_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('extras', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await id('element_clicks')
    .addColumn('element_id', 'text', (c) => c.notNull())
    .addColumn('event_time', 'bigint', (c) => c.notNull())
    .addColumn('extras', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await id('custom_events')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('event_time', 'bigint', (c) => c.notNull())
    .addColumn('extras', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();

  for (const table of ['page_visits', 'element_clicks', 'custom_events']) {
    await db.schema.createIndex(`${table}_client_id`).on(table).column('client_id').unique().execute();
  }
  // /stats/pages: per day and page, visits and distinct visitors, from the index alone.
  await db.schema.createIndex('page_visits_day_page').on('page_visits').columns(['day', 'page_id', 'visitor']).execute();
  // /stats/top_courses and /stats/click_through: course pages only.
  await db.schema
    .createIndex('page_visits_day_course')
    .on('page_visits')
    .columns(['day', 'course_id', 'visitor'])
    .where(sql.ref('course_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('element_clicks_element_day')
    .on('element_clicks')
    .columns(['element_id', 'day', 'course_id'])
    .execute();
  await db.schema.createIndex('custom_events_day_name').on('custom_events').columns(['day', 'name']).execute();
}
