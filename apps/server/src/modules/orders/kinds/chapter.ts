/**
 * One paid chapter of a course, bought on its own (sign-up kind 2, `POST /v1/orders/chapter/{chapterId}`,
 * decision 013). Rules: -1283 when the whole course or the chapter is owned; -45092 when the
 * chapter or its course is off shelf; a free-trial chapter is played without buying; the profile
 * gate of its course. Grant: `user_chapters` (user, chapter, course, order id).
 */
import { ErrorCodes, OrderType, SignupKind } from '@jinfa/shared';
import type { Db } from '../../../db/conn.ts';
import type { UserRow } from '../../../db/schema.ts';
import { AppError, NotFoundError } from '../../../lib/errors.ts';
import { CourseStatus } from '../../courses/course-state.ts';
import { findUserChapter, findUserCourse } from '../../access/access-repository.ts';
import { deleteChapterGrants, insertChapterGrant } from '../../access/grant-writes.ts';
import { findChapterForOrder } from '../order-kinds-repository.ts';
import { assertProfileAllowsPurchase } from '../order-service.ts';
import { plainQuoteView } from '../order-quote.ts';
import type { OrderDraft, OrderKind, QuoteView } from './registry.ts';

export async function chapterDraft(db: Db, user: UserRow, chapterId: number, now: number): Promise<OrderDraft> {
  const chapter = await findChapterForOrder(db, chapterId);
  if (!chapter) throw new NotFoundError('章节不存在');
  if (await findUserCourse(db, user.id, chapter.course_id)) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '您已拥有整门课程，无需单独购买章节');
  if (await findUserChapter(db, user.id, chapterId)) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '您已购买本节');
  if (chapter.status !== 1 || chapter.course_status !== CourseStatus.ON_SHELF) throw new AppError(ErrorCodes.OFF_SHELF_CHAPTERS);
  // A free-trial chapter (or one without a price) is played without buying.
  if (chapter.is_free_trial === 1 || chapter.price <= 0) throw new AppError(ErrorCodes.ORDER_COURSE_FREE, '本节可免费试听，无需购买');
  if (chapter.needs_verified_profile === 1) assertProfileAllowsPurchase(user, now);
  return {
    type: OrderType.NORMAL,
    kind: SignupKind.CHAPTER,
    targetId: chapter.id,
    courseId: chapter.course_id,
    chapterId: chapter.id,
    columnId: null,
    amountFen: chapter.price,
    description: `${chapter.course_name} · ${chapter.title}`.slice(0, 120),
  };
}

async function chapterQuoteView(db: Db, _user: UserRow, id: number): Promise<QuoteView> {
  const ch = await findChapterForOrder(db, id);
  if (!ch) throw new NotFoundError('章节不存在');
  const { course_id: courseId, title, course_name: subtitle, course_cover: cover, price } = ch;
  return plainQuoteView({ target: 'chapter', targetId: id, kind: SignupKind.CHAPTER, type: OrderType.NORMAL, courseId, title, subtitle, cover, price });
}

export const chapterOrderKind: OrderKind = {
  name: 'chapter',
  signupKinds: [SignupKind.CHAPTER],
  checkoutPath: '/orders/chapter/:id',
  draft: chapterDraft,
  quote: { target: 'chapter', view: chapterQuoteView },
  async fulfil(trx, order, now) {
    if (order.chapter_id === null || order.course_id === null) return;
    await insertChapterGrant(trx, { userId: order.user_id, chapterId: order.chapter_id, courseId: order.course_id, orderId: order.id, now });
  },
  refund: (trx, order) => deleteChapterGrants(trx, order.id),
};
