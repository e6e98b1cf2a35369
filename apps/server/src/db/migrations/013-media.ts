/**
 * Media (issue 5, decision 010).
 * - `media_assets`: one transcoded HLS rendition of a course (chapter_id null) or a chapter,
 *   moving pending → processing → ready | failed with a 0–100 progress. Files live in the media
 *   storage under `storage_prefix` (master.m3u8, v0/…, a0/…). The newest ready asset of a course
 *   or chapter is the one that plays, so a re-import replaces without a window of nothing.
 *   `course_id` is null for library clips (the committed fallbacks and generated demo clips)
 *   that course rows share by prefix; those never play directly. `source` is import | demo | fallback.
 * - `media_keys`: the AES-128 key and IV of an asset. Served only by the key route after the
 *   entitlement check; never in any other answer.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);
  await db.schema
    .createTable('media_assets')
    .addColumn('id', id.type, id.build)
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.references('chapters.id').onDelete('cascade'))
    // 1 video, 2 audio
    .addColumn('media_type', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('storage_prefix', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'real')
    .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('import'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // "The newest ready asset of this course/chapter" and the library lookups.
  await db.schema.createIndex('media_assets_target').on('media_assets').columns(['course_id', 'chapter_id', 'status', 'id']).execute();

  await db.schema
    .createTable('media_keys')
    .addColumn('asset_id', 'integer', (c) => c.primaryKey().references('media_assets.id').onDelete('cascade'))
    .addColumn('key_hex', 'text', (c) => c.notNull())
    .addColumn('iv_hex', 'text', (c) => c.notNull())
    .execute();
}
