/**
 * Indexes for reads that stay fast as the data grows (issue 11, decision 022). Each one matches a
 * read's filter and order as EXPLAIN shows it (test/reads-at-scale.test.ts asserts the plans):
 *
 * - listed courses (on shelf, public): partial indexes `WHERE status = 1 AND corporate_id IS
 *   NULL` in the list orders — curated (sort desc, id desc), latest (published_at, id), popular
 *   (learners_count, id) — and one per filter column in curated order (level, activity type,
 *   free, course type, subject, member free, home zone). A page walks the index in order and stops
 *   after `limit` rows; the total counts index entries, never course rows. Partial indexes are
 *   what lets PostgreSQL keep the index order under `corporate_id IS NULL`; the queries spell
 *   `status = 1` as a literal so SQLite can prove the partial index applies.
 * - a corporate's courses: (corporate_id, sort, id) over on-shelf corporate courses.
 * - a tag's courses: (tag_id, course_id) so the tag filter is an index-only lookup.
 * - my orders, newest first: (user_id, created_at desc, id desc) and the same by type; ordered by
 *   id alone PostgreSQL walked the primary key backwards past every other user's orders.
 * - listen records: (user_id, hidden, updated_at, course_id), the list's whole order.
 * - favourites: (user_id, id, course_id) covers the list and its join.
 *
 * Finally the planner gets statistics (PostgreSQL ANALYZE; SQLite's are refreshed by the catalogue
 * upkeep at start, see jobs/search-index.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';

const LISTED = sql`status = 1 and corporate_id is null`;

/** The tables whose statistics the reads at scale depend on (a bare ANALYZE would walk every schema). */
export const ANALYZED_TABLES = ['courses', 'course_tags', 'chapters', 'course_search', 'course_search_terms', 'orders', 'favorites', 'listen_courses', 'listen_records', 'user_courses'];

/** [name, columns in order] of the partial indexes over listed courses. */
const LISTED_INDEXES: ReadonlyArray<[string, string]> = [
  // `status` leads although the WHERE fixes it: SQLite's planner then sees an equality it can use
  // and prefers the index's order to sorting (without it, it picked courses_published and sorted).
  ['courses_listed_sort', 'status, sort desc, id desc'],
  ['courses_listed_latest', 'status, published_at desc, id desc'],
  ['courses_listed_popular', 'status, learners_count desc, id desc'],
  ['courses_listed_level', 'course_level, sort desc, id desc'],
  ['courses_listed_activity', 'activity_type, sort desc, id desc'],
  ['courses_listed_free', 'is_free, sort desc, id desc'],
  ['courses_listed_type', 'course_type, sort desc, id desc'],
  ['courses_listed_subject', 'subject_id, sort desc, id desc'],
  ['courses_listed_member_free', 'member_free, sort desc, id desc'],
  ['courses_listed_home', 'home_list_type, sort desc, id desc'],
];

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  for (const [name, columns] of LISTED_INDEXES) {
    await sql`create index ${sql.id(name)} on courses (${sql.raw(columns)}) where ${LISTED}`.execute(db);
  }
  // listType 3: courses with a member price, curated order.
  await sql`create index courses_listed_vip on courses (status, sort desc, id desc) where ${LISTED} and vip_price > 0`.execute(db);
  await sql`create index courses_corporate_listed on courses (corporate_id, sort desc, id desc) where status = 1 and corporate_id is not null`.execute(db);
  await db.schema.createIndex('course_tags_tag_course').on('course_tags').columns(['tag_id', 'course_id']).execute();
  await sql`create index orders_user_created on orders (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index orders_user_type_created on orders (user_id, type, created_at desc, id desc)`.execute(db);
  await sql`create index listen_courses_user_list on listen_courses (user_id, hidden, updated_at desc, course_id desc)`.execute(db);
  await db.schema.createIndex('favorites_user_id_course').on('favorites').columns(['user_id', 'id', 'course_id']).execute();
  // Superseded by the partial indexes and the ones above.
  await db.schema.dropIndex('courses_listed').execute();
  await db.schema.dropIndex('courses_published').execute();
  await db.schema.dropIndex('orders_user_type').execute();
  await db.schema.dropIndex('course_tags_tag').execute();
  await db.schema.dropIndex('listen_courses_user_recent').execute();
  await db.schema.dropIndex('favorites_user_id').execute();
  if (ctx.dialect === 'postgres') await sql`analyze ${sql.raw(ANALYZED_TABLES.join(', '))}`.execute(db);
}
