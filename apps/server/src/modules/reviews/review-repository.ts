/** Appraisals, comments and learners of a course: what other learners left on its page. */
import type { Conn } from '../../db/conn.ts';
import { countRows } from '../../db/paging.ts';

export interface AppraisalRow {
  id: number;
  score: number;
  content: string;
  created_at: number;
  updated_at: number;
  user_name: string;
  user_nickname: string;
  user_avatar: string;
}

const appraisalColumns = [
  'appraisals.id',
  'appraisals.score',
  'appraisals.content',
  'appraisals.created_at',
  'appraisals.updated_at',
  'users.name as user_name',
  'users.nickname as user_nickname',
  'users.avatar as user_avatar',
] as const;

/** A course's appraisals, most recently written first (a replaced appraisal moves up). */
export function listAppraisals(db: Conn, courseId: number, offset: number, limit: number): Promise<AppraisalRow[]> {
  return db
    .selectFrom('appraisals')
    .innerJoin('users', 'users.id', 'appraisals.user_id')
    .select(appraisalColumns)
    .where('appraisals.course_id', '=', courseId)
    // Hidden by an operator (migration 028): gone from the page, its count and its rating.
    .where('appraisals.hidden', '=', 0)
    .orderBy('appraisals.updated_at', 'desc')
    .orderBy('appraisals.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function appraisalStats(db: Conn, courseId: number): Promise<{ total: number; average: number | null }> {
  const row = await db
    .selectFrom('appraisals')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.avg<number | string | null>('score').as('avg')])
    .where('course_id', '=', courseId)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  // PostgreSQL's avg() is numeric and arrives as a string; SQLite's is a double.
  return { total: Number(row.n), average: row.avg === null ? null : Number(row.avg) };
}

export async function findAppraisalId(db: Conn, courseId: number, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('appraisals').select('id').where('course_id', '=', courseId).where('user_id', '=', userId).executeTakeFirst();
  return row?.id;
}

/** One appraisal per learner and course: a second one replaces the first (same row, new text and time). */
export async function upsertAppraisal(
  db: Conn,
  a: { courseId: number; userId: number; score: number; content: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('appraisals')
    .values({ course_id: a.courseId, user_id: a.userId, score: a.score, content: a.content, created_at: a.now, updated_at: a.now })
    .onConflict((oc) =>
      oc.columns(['course_id', 'user_id']).doUpdateSet({ score: a.score, content: a.content, updated_at: a.now }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findAppraisal(db: Conn, id: number): Promise<AppraisalRow | undefined> {
  return db
    .selectFrom('appraisals')
    .innerJoin('users', 'users.id', 'appraisals.user_id')
    .select(appraisalColumns)
    .where('appraisals.id', '=', id)
    .executeTakeFirst();
}

export interface CommentRow {
  id: number;
  content: string;
  created_at: number;
  user_name: string;
  user_nickname: string;
  user_avatar: string;
}

const commentColumns = [
  'comments.id',
  'comments.content',
  'comments.created_at',
  'users.name as user_name',
  'users.nickname as user_nickname',
  'users.avatar as user_avatar',
] as const;

/** Comments newest first, strictly older than `beforeId` when given (keyset paging on (course_id, id)). */
export function listComments(db: Conn, courseId: number, beforeId: number | undefined, limit: number): Promise<CommentRow[]> {
  let q = db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select(commentColumns)
    .where('comments.course_id', '=', courseId)
    .where('comments.hidden', '=', 0);
  if (beforeId !== undefined) q = q.where('comments.id', '<', beforeId);
  return q.orderBy('comments.id', 'desc').limit(limit).execute();
}

export async function insertComment(db: Conn, c: { courseId: number; userId: number; content: string; now: number }): Promise<CommentRow> {
  const { id } = await db
    .insertInto('comments')
    .values({ course_id: c.courseId, user_id: c.userId, content: c.content, created_at: c.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select(commentColumns)
    .where('comments.id', '=', id)
    .executeTakeFirstOrThrow();
}

export interface LearnerRow {
  created_at: number;
  name: string;
  nickname: string;
  avatar: string;
}

/** Who learnt the course, most recent first. */
export function listLearners(db: Conn, courseId: number, offset: number, limit: number): Promise<LearnerRow[]> {
  return db
    .selectFrom('course_learners')
    .innerJoin('users', 'users.id', 'course_learners.user_id')
    .select(['course_learners.created_at', 'users.name', 'users.nickname', 'users.avatar'])
    .where('course_learners.course_id', '=', courseId)
    .orderBy('course_learners.created_at', 'desc')
    .orderBy('course_learners.user_id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countLearners(db: Conn, courseId: number): Promise<number> {
  return countRows(db.selectFrom('course_learners').where('course_id', '=', courseId));
}
