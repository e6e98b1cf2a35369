/**
 * What learners leave on a course page: appraisals (a score and a text, one per learner and
 * course), comments (a running thread paged by id) and the learners list. Texts are stored as
 * plain text exactly as typed (trimmed) and presented as text; the web app never renders them as markup.
 */
import type { Appraisal, AppraisalPage, AppraisalResult, CommentPage, CourseComment, LearnerPage } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import { ValidationError } from '../../lib/errors.ts';
import { findCourseState } from '../courses/course-card-repository.ts';
import { assertCourseExists, assertCourseOnShelf } from '../courses/course-state.ts';
import { cleanText, learnerName, publicName, textLength } from './public-name.ts';
import {
  appraisalStats,
  countLearners,
  findAppraisal,
  findAppraisalId,
  insertComment,
  listAppraisals,
  listComments,
  listLearners,
  upsertAppraisal,
  type AppraisalRow,
  type CommentRow,
} from './review-repository.ts';

export const MAX_TEXT_LENGTH = 500;

const iso = (ms: number) => new Date(ms).toISOString();

function toAppraisal(row: AppraisalRow): Appraisal {
  return {
    appraisalId: row.id,
    score: row.score,
    content: row.content,
    userName: publicName({ name: row.user_name, nickname: row.user_nickname }),
    userAvatar: row.user_avatar,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function toComment(row: CommentRow): CourseComment {
  return {
    commentId: row.id,
    content: row.content,
    userName: publicName({ name: row.user_name, nickname: row.user_nickname }),
    userAvatar: row.user_avatar,
    createdAt: iso(row.created_at),
  };
}

/** The text as stored, or a -10001 the learner can read. */
function acceptText(raw: string, what: string): string {
  const text = cleanText(raw);
  const n = textLength(text);
  if (n === 0) throw new ValidationError(`请填写${what}内容`);
  if (n > MAX_TEXT_LENGTH) throw new ValidationError(`${what}内容不能超过${MAX_TEXT_LENGTH}个字`);
  return text;
}

export async function appraisalPage(db: Db, courseId: number, pageIndex: number, pageSize: number): Promise<AppraisalPage> {
  assertCourseExists(await findCourseState(db, courseId));
  const [rows, stats] = await Promise.all([listAppraisals(db, courseId, (pageIndex - 1) * pageSize, pageSize), appraisalStats(db, courseId)]);
  return {
    rows: rows.map(toAppraisal),
    total: stats.total,
    averageScore: stats.average === null ? null : Math.round(stats.average * 10) / 10,
  };
}

export async function postAppraisal(
  db: Db,
  input: { pathCourseId: number; bodyCourseId: number; userId: number; score: number; content: string; now: number },
): Promise<AppraisalResult> {
  if (input.bodyCourseId !== input.pathCourseId) throw new ValidationError('课程不一致');
  const content = acceptText(input.content, '评价');
  assertCourseOnShelf(await findCourseState(db, input.pathCourseId));
  const { id, updated } = await db.transaction().execute(async (trx) => {
    const existing = await findAppraisalId(trx, input.pathCourseId, input.userId);
    const savedId = await upsertAppraisal(trx, { courseId: input.pathCourseId, userId: input.userId, score: input.score, content, now: input.now });
    return { id: savedId, updated: existing !== undefined };
  });
  const row = await findAppraisal(db, id);
  if (!row) throw new Error(`appraisal ${id} vanished after upsert`);
  return { ...toAppraisal(row), updated };
}

export async function commentPage(db: Db, courseId: number, size: number, end: number | undefined): Promise<CommentPage> {
  assertCourseExists(await findCourseState(db, courseId));
  // One extra row tells whether another page exists without a count query.
  const rows = await listComments(db, courseId, end, size + 1);
  return { rows: rows.slice(0, size).map(toComment), hasMore: rows.length > size };
}

export async function postComment(db: Db, input: { courseId: number; userId: number; content: string; now: number }): Promise<CourseComment> {
  const content = acceptText(input.content, '评论');
  assertCourseOnShelf(await findCourseState(db, input.courseId));
  return toComment(await insertComment(db, { courseId: input.courseId, userId: input.userId, content, now: input.now }));
}

export async function learnerPage(db: Db, courseId: number, pageIndex: number, pageSize: number): Promise<LearnerPage> {
  assertCourseExists(await findCourseState(db, courseId));
  const [rows, total] = await Promise.all([listLearners(db, courseId, (pageIndex - 1) * pageSize, pageSize), countLearners(db, courseId)]);
  return {
    rows: rows.map((r) => ({ name: learnerName(r), avatar: r.avatar, learnedAt: iso(r.created_at) })),
    total,
  };
}
