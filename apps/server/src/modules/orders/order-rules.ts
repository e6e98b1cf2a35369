/**
 * The order reads and rules beside order-service.ts (issue 4): the audit gate, invite buying,
 * chapter prepay and the lately lists. Member prices are in member-price.ts.
 */
import { ErrorCodes, type ChapterPrepay, type CourseAuditStatus, type InviteBuyState, type Order } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { yuan } from '../courses/course-card.ts';
import { CourseStatus } from '../courses/course-state.ts';
import { findUserChapter, findUserCourse } from '../access/access-repository.ts';
import { assertProfileAllowsPurchase, present } from './order-service.ts';
import { findCourseForOrder, findLatestCourseOrder } from './order-repository.ts';
import { findChapterForOrder } from './order-kinds-repository.ts';
import { listRecentPaidCourseOrders } from './order-rules-repository.ts';

/** Invite orders (spec §3 order type 2). */
const ORDER_TYPE_INVITE = 2;
/** At most this many recent orders in the lately lists. */
export const LATELY_LIMIT = 10;

/** `GET /v1/courses/{id}/check_user_audit_status`: the profile-review gate order creation applies. */
export async function courseAuditStatus(db: Db, user: UserRow, courseId: number, now: number): Promise<CourseAuditStatus> {
  const course = await findCourseForOrder(db, courseId);
  if (!course) throw new NotFoundError('课程不存在');
  const needs = course.needs_verified_profile === 1;
  if (!needs) return { code: 0, canBuy: true, needsVerifiedProfile: false };
  try {
    assertProfileAllowsPurchase(user, now);
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, canBuy: false, needsVerifiedProfile: true };
    throw err;
  }
  // Allowed either because the profile passed, or within the 12-hour temporary right (262146).
  const underReview = user.audit_status !== 1;
  return { code: underReview ? ErrorCodes.AUDIT_TEMPORARY_RIGHT : 0, canBuy: true, needsVerifiedProfile: true };
}

/**
 * `GET /v1/courses/{id}/invite_buy`. Our design: every paid, on-shelf course can be bought by
 * invitation (order type 2); the caller's state is whether they own it and their latest invite order.
 */
export async function inviteBuyState(db: Db, userId: number, courseId: number): Promise<InviteBuyState> {
  const course = await findCourseForOrder(db, courseId);
  if (!course) throw new NotFoundError('课程不存在');
  const [owned, order] = await Promise.all([findUserCourse(db, userId, courseId), findLatestCourseOrder(db, userId, courseId, ORDER_TYPE_INVITE)]);
  const enabled = course.status === CourseStatus.ON_SHELF && course.is_free === 0 && course.price > 0;
  return { enabled, owned: owned !== undefined, inviteOrderId: order?.id ?? null, inviteOrderStatus: order?.status ?? null };
}

/** `GET /v1/courses/chapter/prepay/{chapterId}` (buy with `POST /v1/orders/chapter/{chapterId}`): owned course or chapter → -1283; off-shelf chapter or course → -45092. */
export async function chapterPrepay(db: Db, userId: number, chapterId: number): Promise<ChapterPrepay> {
  const chapter = await findChapterForOrder(db, chapterId);
  if (!chapter) throw new NotFoundError('章节不存在');
  if (await findUserCourse(db, userId, chapter.course_id)) throw new AppError(ErrorCodes.ALREADY_ENROLLED);
  if (await findUserChapter(db, userId, chapterId)) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '您已购买本节');
  if (chapter.status !== 1 || chapter.course_status !== CourseStatus.ON_SHELF) throw new AppError(ErrorCodes.OFF_SHELF_CHAPTERS);
  return {
    chapterId: chapter.id,
    courseId: chapter.course_id,
    title: chapter.title,
    price: chapter.price,
    priceText: yuan(chapter.price),
    canBuy: chapter.price > 0,
  };
}

/** The caller's recent paid course orders, newest first. */
export async function latelyOrders(db: Db, userId: number, limit = LATELY_LIMIT): Promise<{ rows: Order[] }> {
  const rows = await listRecentPaidCourseOrders(db, userId, Math.min(limit, LATELY_LIMIT));
  return { rows: await present(db, rows) };
}

/** `GET /v1/orders/add/lately/course/{courseId}/{limit}` (extra-routes.ts): the course must exist; writes nothing. */
export async function latelyOrdersAfterCourse(db: Db, userId: number, courseId: number, limit: number): Promise<{ rows: Order[] }> {
  if (!(await findCourseForOrder(db, courseId))) throw new NotFoundError('课程不存在');
  return latelyOrders(db, userId, limit);
}
