/**
 * Resumable console uploads (issue 13, docs/console.md "Media uploads").
 * - `media_uploads`: one tus upload (`id` = the tus upload id, also the file's name under
 *   DATA_DIR/uploads). Who created it (only they may HEAD/PATCH/DELETE it), the chapter it is
 *   for, the client's file name, type and declared size, `uploading` → `finished`, and the media
 *   asset the finished file became. The received bytes and their offset live in the tus file
 *   store on disk; this row is what survives a restart for ownership and outcome.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('filetype', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('asset_id', 'integer', (c) => c.references('media_assets.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_uploads_operator').on('media_uploads').columns(['operator_id', 'created_at']).execute();
  await db.schema.createIndex('media_uploads_asset').on('media_uploads').column('asset_id').execute();
}
