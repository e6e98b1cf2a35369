/**
 * May this learner play (and so report progress on, see slides of, download courseware of) this
 * course or chapter? Owned, free, member-free for an active member, the learner's own corporate's
 * course, a paid chapter, or a free-trial chapter. Everything else is -41230 (not enrolled).
 *
 * TODO(M): the playback module (`modules/media/`) owns the one entitlement check behind
 * play_auth and `/permitted`; when it lands, call it from `assertCanListen` and drop the rules
 * here — they mirror the playback contract's refusals so both answer alike until then.
 */
import { ErrorCodes, UserType } from '@jinfa/shared';
import type { UserRow } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { assertCourseOnShelf } from '../courses/course-state.ts';
import { isActiveMember } from '../orders/member-price.ts';
import type { Conn } from '../users/user-repository.ts';

export interface ListenCourse {
  id: number;
  status: number;
  is_free: number;
  member_free: number;
  corporate_id: number | null;
  course_type: number;
  duration_seconds: number | null;
  subject_id: number;
  name: string;
}

export interface ListenChapter {
  id: number;
  course_id: number;
  duration_seconds: number | null;
  is_free_trial: number;
  title: string;
}

export function findListenCourse(db: Conn, courseId: number): Promise<ListenCourse | undefined> {
  return db
    .selectFrom('courses')
    .select(['id', 'status', 'is_free', 'member_free', 'corporate_id', 'course_type', 'duration_seconds', 'subject_id', 'name'])
    .where('id', '=', courseId)
    .executeTakeFirst();
}

export function findListenChapter(db: Conn, courseId: number, chapterId: number): Promise<ListenChapter | undefined> {
  return db
    .selectFrom('chapters')
    .select(['id', 'course_id', 'duration_seconds', 'is_free_trial', 'title'])
    .where('id', '=', chapterId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

/** Which grant lets the learner play; null when none does. */
export async function listenGrant(
  db: Conn,
  user: Pick<UserRow, 'id' | 'user_type' | 'member_expire_at' | 'corporate_id'>,
  course: ListenCourse,
  chapter: ListenChapter | null,
  now: number,
): Promise<'owned' | 'free' | 'member' | 'corporate' | 'chapter' | 'trial' | null> {
  const owned = await db.selectFrom('user_courses').select('id').where('user_id', '=', user.id).where('course_id', '=', course.id).executeTakeFirst();
  if (owned) return 'owned';
  if (course.is_free === 1) return 'free';
  if (course.member_free === 1 && isActiveMember(user, now)) return 'member';
  if (course.corporate_id !== null && user.corporate_id === course.corporate_id && isCorporateMember(user) && isActiveMember(user, now)) return 'corporate';
  if (chapter) {
    if (chapter.is_free_trial === 1) return 'trial';
    const bought = await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.id)
      .where('chapter_id', '=', chapter.id)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (bought) return 'chapter';
  }
  return null;
}

function isCorporateMember(user: Pick<UserRow, 'user_type'>): boolean {
  return user.user_type === UserType.ENTERPRISE_CUSTOM || user.user_type === UserType.ENTERPRISE_ANNUAL;
}

/**
 * Loads the course (and chapter) and throws unless the learner may play it: unknown course or a
 * chapter of another course → not found; a course they do not own that is off the shelf → its
 * state code; not entitled → -41230 (an expired corporate membership says so in its message).
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
  const grant = await listenGrant(db, user, course, chapter, now);
  if (grant === 'owned') return { course, chapter };
  assertCourseOnShelf(course);
  if (grant) return { course, chapter };
  if (course.corporate_id !== null && user.corporate_id === course.corporate_id && isCorporateMember(user)) {
    throw new AppError(ErrorCodes.NOT_ENROLLED, '企业会员已过期，无法收听');
  }
  throw new AppError(ErrorCodes.NOT_ENROLLED);
}
