/**
 * The catalogue's own tables (issue 3): favourites, appraisals (one per user and course),
 * comments (paged by id), course learners (who appears under a course), and the Chinese search
 * index (decision 005):
 * - `course_search` holds one normalised text per course (name, subtitle, lecturer, tags);
 * - `course_search_terms` holds every distinct 1- and 2-character gram of it, so terms shorter
 *   than a trigram are an index lookup on both dialects;
 * - terms of 3+ characters go through a trigram index over `course_search.body`: an FTS5
 *   virtual table with the trigram tokenizer on SQLite, a pg_trgm GIN index on PostgreSQL.
 *   That is the one place the DDL differs.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);

  await db.schema
    .createTable('favorites')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('favorites_user_course', ['user_id', 'course_id'])
    .execute();
  // The list is newest first per user.
  await db.schema.createIndex('favorites_user_id').on('favorites').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('favorites_course').on('favorites').column('course_id').execute();

  await db.schema
    .createTable('appraisals')
    .addColumn('id', id.type, id.build)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 1 and 5`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('appraisals_course_user', ['course_id', 'user_id'])
    .execute();
  await db.schema.createIndex('appraisals_course_id').on('appraisals').columns(['course_id', 'id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', id.type, id.build)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Paging walks (course_id, id) downwards from the `end` cursor.
  await db.schema.createIndex('comments_course_id').on('comments').columns(['course_id', 'id']).execute();

  await db.schema
    .createTable('course_learners')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_learners_pk', ['course_id', 'user_id'])
    .execute();
  await db.schema.createIndex('course_learners_recent').on('course_learners').columns(['course_id', 'created_at']).execute();
  await db.schema.createIndex('course_learners_user').on('course_learners').column('user_id').execute();

  await db.schema
    .createTable('course_search')
    .addColumn('course_id', 'integer', (c) => c.primaryKey().references('courses.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('course_search_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('course_search_terms_pk', ['term', 'course_id'])
    .execute();
  await db.schema.createIndex('course_search_terms_course').on('course_search_terms').column('course_id').execute();

  if (ctx.dialect === 'sqlite') {
    // SQLite: an external-content FTS5 table over course_search (rowid = course_id), kept in
    // step by triggers, so the index never holds a second copy of the text.
    await sql`create virtual table course_search_fts using fts5(body, content='course_search', content_rowid='course_id', tokenize='trigram')`.execute(db);
    await sql`create trigger course_search_ai after insert on course_search begin
      insert into course_search_fts(rowid, body) values (new.course_id, new.body);
    end`.execute(db);
    await sql`create trigger course_search_ad after delete on course_search begin
      insert into course_search_fts(course_search_fts, rowid, body) values ('delete', old.course_id, old.body);
    end`.execute(db);
    await sql`create trigger course_search_au after update on course_search begin
      insert into course_search_fts(course_search_fts, rowid, body) values ('delete', old.course_id, old.body);
      insert into course_search_fts(rowid, body) values (new.course_id, new.body);
    end`.execute(db);
  } else {
    // PostgreSQL: pg_trgm's GIN index answers ILIKE '%term%' for terms of 3+ characters. The
    // extension is database-wide; it lives in `public` unless someone installed it elsewhere,
    // and the operator class is named with its schema so any search_path works.
    const found = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    let schema = found.rows[0]?.schema;
    if (!schema) {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      schema = 'public';
    }
    await sql`create index course_search_body_trgm on course_search using gin (body ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
  }
}
