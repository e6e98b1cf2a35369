/**
 * `app_meta`: small named values the app keeps about its own derived data. The first is the
 * format version of the course search index (search-repository.ts), so a change to what is
 * indexed rebuilds the index of an existing database once, at the next start.
 *
 * Two indexes for the uncached catalogue reads (decision 006, bench/catalogue.ts):
 * - `courses_listed` answers the default list (on shelf, public, curated order) from the index
 *   alone, total included;
 * - `chapters_course_status` counts a course's published chapters without reading chapter rows.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courses_listed').on('courses').columns(['status', 'corporate_id', 'sort', 'id']).execute();
  await db.schema.createIndex('chapters_course_status').on('chapters').columns(['course_id', 'status']).execute();
}
