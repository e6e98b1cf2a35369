/**
 * Review moderation in the console (issue 13): appraisals and comments listed with their hidden
 * flag, hidden or restored with a reason. A hidden row leaves the course page, its count and its
 * rating (reviews/review-repository.ts reads only shown rows); the course's cached answers are
 * dropped so learners see the change on their next read.
 */
import { ConsoleErrorCodes, type AdminAppraisalPage, type AdminCommentPage, type AdminHiddenState, type AdminReviewListQuery } from '@jinfa/shared';
import type { Db } from '../../../db/conn.ts';
import { AppError } from '../../../lib/errors.ts';
import { catalogueCacheFor, dropCourseAnswers } from '../../courses/http-cache.ts';
import { findReviewForModeration, listReviewsForConsole, setReviewHidden, type ConsoleReviewRow, type ReviewTable } from '../../reviews/review-admin-repository.ts';
import { pageOf, paging, type AuditFn } from './section-kit.ts';

const userNameOf = (r: { user_name: string; user_nickname: string }) => r.user_name || r.user_nickname;

function filterOf(q: AdminReviewListQuery) {
  const text = q.q?.trim();
  return { hidden: q.hidden, courseId: q.courseId, q: text ? text : undefined };
}

/** The fields an appraisal and a comment share in the console's lists. */
function reviewItem(r: ConsoleReviewRow) {
  return {
    id: r.id,
    courseId: r.course_id,
    courseTitle: r.course_title,
    userId: r.user_id,
    userName: userNameOf(r),
    content: r.content,
    hidden: r.hidden === 1,
    hiddenReason: r.hidden_reason,
    hiddenAt: r.hidden_at,
    createdAt: r.created_at,
  };
}

async function reviewPage<T>(db: Db, table: ReviewTable, query: AdminReviewListQuery, item: (r: ConsoleReviewRow) => T) {
  const { page, pageSize, offset, ascending } = paging(query);
  const { rows, total } = await listReviewsForConsole(db, table, filterOf(query), { offset, limit: pageSize, ascending });
  return pageOf(rows.map(item), total, page, pageSize);
}

export function appraisalPage(db: Db, query: AdminReviewListQuery): Promise<AdminAppraisalPage> {
  return reviewPage(db, 'appraisals', query, (r) => ({ ...reviewItem(r), score: r.score ?? 0, updatedAt: r.updated_at }));
}

export function commentPage(db: Db, query: AdminReviewListQuery): Promise<AdminCommentPage> {
  return reviewPage(db, 'comments', query, reviewItem);
}

const TARGET: Record<ReviewTable, { type: string; cacheRoute: string }> = {
  appraisals: { type: 'appraisal', cacheRoute: 'appraisals' },
  comments: { type: 'comment', cacheRoute: 'comments' },
};

/** Hide or restore one appraisal or comment, with the reason in the row and the audit log. */
export async function setHidden(db: Db, audit: AuditFn, table: ReviewTable, id: number, body: { hidden: boolean; reason: string }, now: number): Promise<AdminHiddenState> {
  const reason = body.reason.trim();
  if (!reason) throw new AppError(ConsoleErrorCodes.ADMIN_REASON_REQUIRED);
  const target = TARGET[table];
  const result = await db.transaction().execute(async (trx) => {
    const before = await findReviewForModeration(trx, table, id);
    if (!before) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
    await setReviewHidden(trx, table, id, body.hidden, reason, now);
    await audit(trx, {
      action: `${target.type}.${body.hidden ? 'hide' : 'restore'}`,
      targetType: target.type,
      targetId: id,
      before: { hidden: before.hidden === 1, hiddenReason: before.hidden_reason, courseId: before.course_id },
      after: { hidden: body.hidden, hiddenReason: reason, courseId: before.course_id },
    });
    return { courseId: before.course_id };
  });
  dropCourseAnswers(catalogueCacheFor(db), target.cacheRoute, result.courseId);
  return { id, hidden: body.hidden, hiddenReason: reason };
}
