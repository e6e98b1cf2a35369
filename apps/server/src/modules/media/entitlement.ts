/**
 * Who may play what (spec §6, issue 5). Checked by play_auth, permitted, the playlist and — on
 * every fetch — the key route, so a refund or an expired membership stops playback at the next
 * key request. In order:
 *  1. a course the learner owns (user_courses: bought, free enrolment, membership grant);
 *     a corporate grant counts only while the corporate membership is active (5);
 *  2. a free course;  3. a free-trial chapter;  4. a member-free course for an active member;
 *  5. a corporate's course for that corporate's active member — expired: 企业会员已过期，无法收听;
 *  6. a chapter bought on its own (paid order of sign-up kind 2);
 *  otherwise -41230 (not enrolled). Unowned courses off the shelf answer their state code.
 */
import { ErrorCodes, UserType, type ErrorCode } from '@jinfa/shared';
import type { UserRow } from '../../db/schema.ts';
import type { Conn } from '../../db/conn.ts';
import { findUserCourse, type OwnedRow } from '../learning/learning-repository.ts';
import { isActiveMember } from '../orders/member-price.ts';
import { CourseStatus } from '../courses/course-state.ts';
import { hasPaidChapter, type PlayChapterRow, type PlayCourseRow } from './media-repository.ts';

export type Verdict =
  | { allowed: true; via: 'owned' | 'free' | 'trial' | 'member' | 'corporate' | 'chapter' }
  | { allowed: false; code: ErrorCode };

type Learner = Pick<UserRow, 'id' | 'user_type' | 'member_expire_at' | 'corporate_id'>;

const isEnterpriseType = (t: number) => t === UserType.ENTERPRISE_CUSTOM || t === UserType.ENTERPRISE_ANNUAL;

/** null: no corporate relation to this course; true/false: an active/expired membership of its corporate. */
function corporateStanding(user: Learner, course: PlayCourseRow, now: number): boolean | null {
  if (course.corporate_id === null || user.corporate_id !== course.corporate_id) return null;
  return isEnterpriseType(user.user_type) && (user.member_expire_at === null || user.member_expire_at > now);
}

/** `known`: the learner's user_courses row when the caller already read it (null: none), e.g. with the course page. */
export async function checkEntitlement(
  db: Conn,
  user: Learner,
  course: PlayCourseRow,
  chapter: PlayChapterRow | null,
  now: number,
  known?: Pick<OwnedRow, 'source'> | null,
): Promise<Verdict> {
  const corporate = corporateStanding(user, course, now);
  const owned = known === undefined ? await findUserCourse(db, user.id, course.id) : (known ?? undefined);
  if (owned && owned.source !== 'corporate') return { allowed: true, via: 'owned' };
  if (course.status !== CourseStatus.ON_SHELF) {
    return { allowed: false, code: course.status === CourseStatus.NOT_STARTED ? ErrorCodes.COURSE_NOT_STARTED : ErrorCodes.COURSE_OFF_SHELF };
  }
  if (course.is_free === 1) return { allowed: true, via: 'free' };
  if (chapter?.is_free_trial === 1) return { allowed: true, via: 'trial' };
  if (course.member_free === 1 && isActiveMember(user, now)) return { allowed: true, via: 'member' };
  if (corporate === true) return { allowed: true, via: 'corporate' };
  if (chapter && (await hasPaidChapter(db, user.id, chapter.id))) return { allowed: true, via: 'chapter' };
  // An enterprise member whose membership lapsed hears why, for the corporate's courses and for
  // the member-free ones their membership used to open.
  const lapsedEnterprise = isEnterpriseType(user.user_type) && user.member_expire_at !== null && user.member_expire_at <= now;
  if (corporate === false || (owned?.source === 'corporate') || (course.member_free === 1 && lapsedEnterprise)) {
    return { allowed: false, code: ErrorCodes.CORPORATE_MEMBERSHIP_EXPIRED };
  }
  return { allowed: false, code: ErrorCodes.NOT_ENROLLED };
}
