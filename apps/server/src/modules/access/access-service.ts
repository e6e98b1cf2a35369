/**
 * May this learner play (see, download, report on) this course or chapter, and why (spec §6,
 * issue 5, decision 024). Asked by play_auth, permitted, the playlist, the key route on every
 * fetch (so a refund or an expired membership stops playback at the next key request), listen
 * reports, the course page's 开始学习, check_order_progress and the orders' "already owned" rules.
 * In order:
 *  1. a course the learner holds a grant of (user_courses): bought, through a column, or granted
 *     (free enrolment, membership grant); a corporate grant counts only while the corporate
 *     membership is active (5);
 *  2. a free course;  3. a free-trial chapter;  4. a member-free course for an active member;
 *  5. a corporate's course for that corporate's active member — expired: 企业会员已过期，无法收听;
 *  6. a chapter bought on its own (paid order of sign-up kind 2);
 *  otherwise -41230 (not enrolled). Unowned courses off the shelf answer their state code.
 * The reason comes back with both outcomes, so the UI can say why a course is open or locked.
 */
import { ErrorCodes, SignupKind, UserType, type AccessDenial, type AccessGround, type AccessReason, type CourseAccessBy, type ErrorCode } from '@jinfa/shared';
import type { UserCourseSource, UserRow } from '../../db/schema.ts';
import type { Conn } from '../../db/conn.ts';
import { CourseStatus } from '../courses/course-state.ts';
import { findPaidChapterOrder, findUserCourse, type OwnedRow, type PlayChapterRow, type PlayCourseRow } from './access-repository.ts';
import { isActiveMember } from './member-standing.ts';

export type Verdict =
  | {
      allowed: true;
      reason: AccessGround;
      /** The course plays only in the native app (courses.native_only): H5 players send the learner to /gotoApp. */
      appOnly: boolean;
      /** bought, column, chapter: the paid order behind it (null for grants older than migration 011). */
      orderId?: number | null;
      /** grant: the user_courses source (free enrolment, membership grant). */
      source?: UserCourseSource;
      /** membership: the learner's member kind (users.user_type). */
      memberKind?: number;
      /** corporate: whose seat. */
      corporateId?: number;
    }
  | {
      allowed: false;
      reason: AccessDenial;
      code: ErrorCode;
      /** The learner holds a user_courses row that no longer opens the course (a lapsed corporate grant). */
      lapsedGrant: boolean;
    };

/** The learner fields the verdict reads. */
export type Learner = Pick<UserRow, 'id' | 'user_type' | 'member_expire_at' | 'corporate_id'>;

/** What the caller already read of the learner's grant (null: none), e.g. with the course page. */
export type KnownGrant = Pick<OwnedRow, 'source'> & Partial<Pick<OwnedRow, 'order_id' | 'order_kind'>>;

const isEnterpriseType = (t: number) => t === UserType.ENTERPRISE_CUSTOM || t === UserType.ENTERPRISE_ANNUAL;

/** null: no corporate relation to this course; else the corporate and whether the learner's membership of it is active. */
function corporateSeat(user: Learner, course: PlayCourseRow, now: number): { corporateId: number; active: boolean } | null {
  if (course.corporate_id === null || user.corporate_id !== course.corporate_id) return null;
  return { corporateId: course.corporate_id, active: isEnterpriseType(user.user_type) && (user.member_expire_at === null || user.member_expire_at > now) };
}

/** Why a grant row opens the course: the order kind tells a column's course from one bought on its own. */
function grantGround(owned: KnownGrant): Pick<Extract<Verdict, { allowed: true }>, 'reason' | 'orderId' | 'source'> {
  if (owned.source !== 'order') return { reason: 'grant', source: owned.source };
  const orderId = owned.order_id ?? null;
  return { reason: owned.order_kind === SignupKind.COLUMN ? 'column' : 'bought', orderId };
}

function deny(reason: AccessDenial, code: ErrorCode, owned: KnownGrant | undefined): Verdict {
  return { allowed: false, reason, code, lapsedGrant: owned !== undefined };
}

/** `known`: the learner's grant when the caller already read it (null: none); otherwise it is read here. */
export async function checkEntitlement(
  db: Conn,
  user: Learner,
  course: PlayCourseRow,
  chapter: PlayChapterRow | null,
  now: number,
  known?: KnownGrant | null,
): Promise<Verdict> {
  const appOnly = course.native_only === 1;
  const seat = corporateSeat(user, course, now);
  const owned = known === undefined ? await findUserCourse(db, user.id, course.id) : (known ?? undefined);
  if (owned && owned.source !== 'corporate') return { allowed: true, appOnly, ...grantGround(owned) };
  if (course.status !== CourseStatus.ON_SHELF) {
    return course.status === CourseStatus.NOT_STARTED
      ? deny('not_started', ErrorCodes.COURSE_NOT_STARTED, owned)
      : deny('off_shelf', ErrorCodes.COURSE_OFF_SHELF, owned);
  }
  if (course.is_free === 1) return { allowed: true, appOnly, reason: 'free' };
  if (chapter?.is_free_trial === 1) return { allowed: true, appOnly, reason: 'trial' };
  if (course.member_free === 1 && isActiveMember(user, now)) return { allowed: true, appOnly, reason: 'membership', memberKind: user.user_type };
  if (seat?.active) return { allowed: true, appOnly, reason: 'corporate', corporateId: seat.corporateId };
  const chapterOrder = chapter ? await findPaidChapterOrder(db, user.id, chapter.id) : undefined;
  if (chapterOrder !== undefined) return { allowed: true, appOnly, reason: 'chapter', orderId: chapterOrder };
  // An enterprise member whose membership lapsed hears why, for the corporate's courses and for
  // the member-free ones their membership used to open.
  const lapsedEnterprise = isEnterpriseType(user.user_type) && user.member_expire_at !== null && user.member_expire_at <= now;
  if (seat?.active === false || owned?.source === 'corporate' || (course.member_free === 1 && lapsedEnterprise)) {
    return deny('expired', ErrorCodes.CORPORATE_MEMBERSHIP_EXPIRED, owned);
  }
  return deny('not_enrolled', ErrorCodes.NOT_ENROLLED, owned);
}

/** The course page's `accessBy` for each ground; 'trial' and 'chapter' need a chapter, which the page never passes. */
const ACCESS_BY: Readonly<Record<AccessGround, CourseAccessBy | null>> = {
  bought: 'owned',
  column: 'owned',
  grant: 'owned',
  free: 'free',
  membership: 'member',
  corporate: 'corporate',
  trial: null,
  chapter: null,
};

/**
 * Whether and why the caller may study the whole course, for the course page (handed to the
 * catalogue at start-up, app.ts): the play_auth verdict for the course as a whole (no chapter),
 * so the page offers 开始学习 exactly when the player will play — a grant, a free course, a
 * member-free course for an active member, or the caller's own corporate's course while that
 * membership lasts (an expired one no longer counts, even granted).
 */
export async function courseAccess(
  db: Conn,
  caller: Learner,
  course: PlayCourseRow,
  now: number,
  known: KnownGrant | null,
): Promise<{ owned: boolean; accessBy: CourseAccessBy | null; accessReason: AccessReason }> {
  const verdict = await checkEntitlement(db, caller, course, null, now, known);
  const accessBy = verdict.allowed ? ACCESS_BY[verdict.reason] : null;
  return { owned: accessBy !== null, accessBy, accessReason: verdict.reason };
}
