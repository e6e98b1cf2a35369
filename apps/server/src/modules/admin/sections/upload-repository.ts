/**
 * media_uploads (migration 029) and the few catalogue reads the console's uploads need: the
 * chapter an upload is for with its course's lecturer and media type, an asset's course lecturer.
 * Plain rows in, plain rows out.
 */
import type { Conn } from '../../../db/conn.ts';
import type { MediaUploadRow, MediaUploadsTable } from '../../../db/schema.ts';

/** What the console knows of an upload when tus creates it; the rest is set here. */
export type NewUpload = Pick<MediaUploadsTable, 'id' | 'operator_id' | 'course_id' | 'chapter_id' | 'filename' | 'filetype' | 'size'>;

export async function insertUpload(db: Conn, u: NewUpload, now: number): Promise<void> {
  await db
    .insertInto('media_uploads')
    .values({ ...u, status: 'uploading', asset_id: null, created_at: now, updated_at: now })
    .execute();
}

export function findUpload(db: Conn, id: string): Promise<MediaUploadRow | undefined> {
  return db.selectFrom('media_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks an upload finished exactly once; false when it already was (a repeated finish). */
export async function markUploadFinished(db: Conn, id: string, assetId: number | null, now: number): Promise<boolean> {
  const res = await db
    .updateTable('media_uploads')
    .set({ status: 'finished', asset_id: assetId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'uploading')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export interface UploadTarget {
  chapterId: number;
  chapterTitle: string;
  courseId: number;
  courseLecturerId: number;
  /** 1 video, 2 audio */
  mediaType: number;
}

export function findUploadTarget(db: Conn, chapterId: number): Promise<UploadTarget | undefined> {
  return db
    .selectFrom('chapters')
    .innerJoin('courses', 'courses.id', 'chapters.course_id')
    .select(['chapters.id as chapterId', 'chapters.title as chapterTitle', 'courses.id as courseId', 'courses.lecturer_id as courseLecturerId', 'courses.media_type as mediaType'])
    .where('chapters.id', '=', chapterId)
    .executeTakeFirst();
}

/** The lecturer of a course (for the reach check of an asset's course). */
export async function findCourseLecturerId(db: Conn, courseId: number): Promise<number | undefined> {
  const row = await db.selectFrom('courses').select('lecturer_id').where('id', '=', courseId).executeTakeFirst();
  return row?.lecturer_id;
}

/** A chapter's length once its new recording is ready (what the course page lists). */
export async function setChapterDuration(db: Conn, chapterId: number, seconds: number): Promise<void> {
  await db.updateTable('chapters').set({ duration_seconds: Math.round(seconds) }).where('id', '=', chapterId).execute();
}

/** A given-up upload (tus termination): its id answers nothing any more. */
export async function deleteUpload(db: Conn, id: string): Promise<void> {
  await db.deleteFrom('media_uploads').where('id', '=', id).execute();
}
