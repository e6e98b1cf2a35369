/**
 * media_assets and media_keys (migration 013), plus the chapter reads the players need (the
 * course row and the grants are the access module's). Plain rows in, plain rows out.
 */
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import type { MediaAssetsTable, MediaAssetStatusValue } from '../../db/schema.ts';
import type { PlayChapterRow } from '../access/access-repository.ts';

export type MediaAssetRow = Selectable<MediaAssetsTable>;

/** Published chapters (status 1) in playing order. */
export function listPlayChapters(db: Conn, courseId: number): Promise<PlayChapterRow[]> {
  return db
    .selectFrom('chapters')
    .select(['id', 'title', 'sort', 'duration_seconds', 'is_free_trial'])
    .where('course_id', '=', courseId)
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findPlayChapter(db: Conn, id: number): Promise<(PlayChapterRow & { course_id: number }) | undefined> {
  return db.selectFrom('chapters').select(['id', 'course_id', 'title', 'sort', 'duration_seconds', 'is_free_trial']).where('id', '=', id).executeTakeFirst();
}

export function findAsset(db: Conn, id: number): Promise<MediaAssetRow | undefined> {
  return db.selectFrom('media_assets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest ready asset of a chapter (or of the course when chapterId is null). */
export function findReadyAsset(db: Conn, courseId: number, chapterId: number | null): Promise<MediaAssetRow | undefined> {
  let q = db.selectFrom('media_assets').selectAll().where('course_id', '=', courseId).where('status', '=', 'ready');
  q = chapterId === null ? q.where('chapter_id', 'is', null) : q.where('chapter_id', '=', chapterId);
  return q.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * A single (non-series) course's recording when none is attached to the course itself: the ready
 * asset of its first published chapter (the console uploads into a chapter whatever the type).
 */
export function findFirstChapterReadyAsset(db: Conn, courseId: number): Promise<MediaAssetRow | undefined> {
  return db
    .selectFrom('media_assets')
    .innerJoin('chapters', 'chapters.id', 'media_assets.chapter_id')
    .selectAll('media_assets')
    .where('media_assets.course_id', '=', courseId)
    .where('media_assets.status', '=', 'ready')
    .where('chapters.status', '=', 1)
    .orderBy('chapters.sort')
    .orderBy('chapters.id')
    .orderBy('media_assets.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Ids of the course's chapters (and null for the course itself) that have a ready asset. */
export async function readyTargets(db: Conn, courseId: number): Promise<Map<number | null, MediaAssetRow>> {
  const rows = await db
    .selectFrom('media_assets')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('status', '=', 'ready')
    .orderBy('id', 'asc')
    .execute();
  // Ascending, so the newest of each target is the one left in the map.
  return new Map(rows.map((r) => [r.chapter_id, r]));
}

export interface NewAsset {
  course_id: number | null;
  chapter_id: number | null;
  media_type: number;
  status: MediaAssetStatusValue;
  storage_prefix: string;
  source: 'import' | 'demo' | 'fallback';
  duration_seconds?: number | null;
  variants?: string;
  progress?: number;
}

export async function insertAsset(db: Conn, a: NewAsset, now: number): Promise<MediaAssetRow> {
  return db
    .insertInto('media_assets')
    .values({
      course_id: a.course_id,
      chapter_id: a.chapter_id,
      media_type: a.media_type,
      status: a.status,
      progress: a.progress ?? 0,
      error: null,
      storage_prefix: a.storage_prefix,
      duration_seconds: a.duration_seconds ?? null,
      variants: a.variants ?? '[]',
      source: a.source,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAsset(
  db: Conn,
  id: number,
  patch: Partial<Pick<MediaAssetRow, 'status' | 'progress' | 'error' | 'storage_prefix' | 'duration_seconds' | 'variants'>>,
  now: number,
): Promise<void> {
  await db.updateTable('media_assets').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
}

/** Moves a processing asset's progress; a no-op once it is ready or failed. */
export async function updateProgress(db: Conn, id: number, progress: number, now: number): Promise<void> {
  await db.updateTable('media_assets').set({ progress, updated_at: now }).where('id', '=', id).where('status', '=', 'processing').execute();
}

export async function insertKey(db: Conn, assetId: number, keyHex: string, ivHex: string): Promise<void> {
  await db.insertInto('media_keys').values({ asset_id: assetId, key_hex: keyHex, iv_hex: ivHex }).execute();
}

export function findKey(db: Conn, assetId: number): Promise<{ key_hex: string; iv_hex: string } | undefined> {
  return db.selectFrom('media_keys').select(['key_hex', 'iv_hex']).where('asset_id', '=', assetId).executeTakeFirst();
}

/** Library clips (course_id null) of one source and media type, newest first. */
export function listLibrary(db: Conn, source: 'demo' | 'fallback', mediaType: number): Promise<MediaAssetRow[]> {
  return db
    .selectFrom('media_assets')
    .selectAll()
    .where('course_id', 'is', null)
    .where('source', '=', source)
    .where('media_type', '=', mediaType)
    .where('status', '=', 'ready')
    .orderBy('id', 'desc')
    .execute();
}

// ---- demo media (demo-media.ts) ----

/** Courses by name (the demo seed's), with what the demo clips are chosen by. */
export function findCoursesByNames(db: Conn, names: readonly string[]) {
  return db.selectFrom('courses').select(['id', 'media_type', 'course_type', 'subject_id']).where('name', 'in', names).execute();
}

export function listChapterIds(db: Conn, courseIds: readonly number[]) {
  return db.selectFrom('chapters').select(['id', 'course_id']).where('course_id', 'in', courseIds).execute();
}

/** Every ready course asset's target and source, oldest first. */
export function listReadyCourseAssets(db: Conn) {
  return db.selectFrom('media_assets').select(['course_id', 'chapter_id', 'source']).where('status', '=', 'ready').where('course_id', 'is not', null).orderBy('id', 'asc').execute();
}

export function listSubjectNames(db: Conn) {
  return db.selectFrom('subjects').select(['id', 'name']).execute();
}
