/** Slides, courseware, downloads and the mail outbox. */
import type { Conn } from '../../db/conn.ts';
import { countRows } from '../../db/paging.ts';

export function countSlides(db: Conn, courseId: number): Promise<number> {
  return countRows(db.selectFrom('course_slides').where('course_id', '=', courseId));
}

/** The course's slides; with a chapter, the course-wide ones and that chapter's. */
export function listSlides(db: Conn, courseId: number, chapterId: number | null) {
  let q = db.selectFrom('course_slides').select(['id', 'chapter_id', 'sort', 'image_url', 'at_seconds']).where('course_id', '=', courseId);
  if (chapterId !== null) q = q.where((eb) => eb.or([eb('chapter_id', 'is', null), eb('chapter_id', '=', chapterId)]));
  return q.orderBy('sort').orderBy('id').execute();
}

export function findCourseware(db: Conn, courseId: number) {
  return db.selectFrom('courseware').selectAll().where('course_id', '=', courseId).executeTakeFirst();
}

export function findLecturerName(db: Conn, courseId: number) {
  return db
    .selectFrom('courses')
    .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
    .select(['courses.name as course_name', 'lecturers.name as lecturer_name'])
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
}

export async function insertDownload(db: Conn, userId: number, courseId: number, kind: 'download' | 'email', now: number): Promise<void> {
  await db.insertInto('courseware_downloads').values({ user_id: userId, course_id: courseId, kind, created_at: now }).execute();
}

export async function insertOutbox(
  db: Conn,
  m: { userId: number; to: string; subject: string; body: string; provider: string; status: 'sent' | 'failed'; now: number },
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({ user_id: m.userId, to_address: m.to, subject: m.subject, body: m.body, provider: m.provider, status: m.status, created_at: m.now })
    .execute();
}
