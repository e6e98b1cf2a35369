/**
 * May this learner play (and so report progress on, see slides of, download courseware of) this
 * course or chapter? The one entitlement check is the access module's (`checkEntitlement`,
 * modules/access/access-service.ts, decision 024): owned, free, free-trial chapter, member-free
 * for an active member, the learner's corporate's course, a paid chapter; otherwise -41230, an
 * expired corporate membership its own code, and unowned courses off the shelf their state code.
 */
import type { UserRow } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { checkEntitlement } from '../access/access-service.ts';
import { findPlayCourse, type PlayChapterRow, type PlayCourseRow } from '../access/access-repository.ts';
import type { Conn } from '../../db/conn.ts';

export type ListenCourse = PlayCourseRow;
export type ListenChapter = PlayChapterRow & { course_id: number };

export function findListenCourse(db: Conn, courseId: number): Promise<ListenCourse | undefined> {
  return findPlayCourse(db, courseId);
}

export function findListenChapter(db: Conn, courseId: number, chapterId: number): Promise<ListenChapter | undefined> {
  return db
    .selectFrom('chapters')
    .select(['id', 'course_id', 'title', 'sort', 'duration_seconds', 'is_free_trial'])
    .where('id', '=', chapterId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

/**
 * Loads the course (and chapter) and throws unless the learner may play it: an unknown course,
 * or a chapter of another course, is not found; otherwise the access module's verdict.
 */
export async function assertCanListen(
  db: Conn,
  user: UserRow,
  courseId: number,
  chapterId: number | null,
  now: number,
): Promise<{ course: ListenCourse; chapter: ListenChapter | null }> {
  const course = await findListenCourse(db, courseId);
  if (!course) throw new NotFoundError('课程不存在');
  let chapter: ListenChapter | null = null;
  if (chapterId !== null) {
    chapter = (await findListenChapter(db, courseId, chapterId)) ?? null;
    if (!chapter) throw new NotFoundError('章节不存在');
  }
  const verdict = await checkEntitlement(db, user, course, chapter, now);
  if (!verdict.allowed) throw new AppError(verdict.code);
  return { course, chapter };
}
