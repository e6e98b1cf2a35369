/**
 * The console's moderation of appraisals and comments (issue 13, migration 028): lists with the
 * hidden flag, course and words in the text, and the hide / restore write. The learner-facing
 * reads in review-repository.ts leave hidden rows out.
 */
import { sql, type Selectable } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import type { CommentsTable } from '../../db/schema.ts';
import { countRows } from '../../db/paging.ts';

export type ReviewTable = 'appraisals' | 'comments';

export interface ReviewFilter {
  hidden?: boolean;
  courseId?: number;
  q?: string;
}

export interface ConsoleReviewRow {
  id: number;
  course_id: number;
  course_title: string;
  user_id: number;
  user_name: string;
  user_nickname: string;
  score: number | null;
  content: string;
  hidden: number;
  hidden_reason: string;
  hidden_at: number | null;
  created_at: number;
  updated_at: number;
}

/** `r.content` contains `text`, with `%`, `_` and `\\` taken literally (SQLite has no default LIKE escape). */
function contains(text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`r.content like ${pattern} escape '\\'`;
}

/** Either table as `r`, typed by the columns the two share (a comment's are all an appraisal has too). */
function filtered(db: Conn, table: ReviewTable, f: ReviewFilter) {
  let q = db.selectFrom(sql<Selectable<CommentsTable>>`${sql.table(table)}`.as('r'));
  if (f.hidden !== undefined) q = q.where('r.hidden', '=', f.hidden ? 1 : 0);
  if (f.courseId !== undefined) q = q.where('r.course_id', '=', f.courseId);
  if (f.q) q = q.where(contains(f.q));
  return q;
}

/** A comment has no score and is never edited: null, and its creation time, in those columns. */
function scoreAndUpdated(table: ReviewTable) {
  return table === 'appraisals'
    ? [sql<number | null>`r.score`.as('score'), sql<number>`r.updated_at`.as('updated_at')]
    : [sql<number | null>`null`.as('score'), sql<number>`r.created_at`.as('updated_at')];
}

export async function listReviewsForConsole(
  db: Conn,
  table: ReviewTable,
  f: ReviewFilter,
  page: { offset: number; limit: number; ascending: boolean },
): Promise<{ rows: ConsoleReviewRow[]; total: number }> {
  const base = filtered(db, table, f);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('courses as c', 'c.id', 'r.course_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.id',
        'r.course_id',
        'c.name as course_title',
        'r.user_id',
        'u.name as user_name',
        'u.nickname as user_nickname',
        'r.content',
        'r.hidden',
        'r.hidden_reason',
        'r.hidden_at',
        'r.created_at',
      ])
      .select(scoreAndUpdated(table))
      .orderBy('r.id', page.ascending ? 'asc' : 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    countRows(base),
  ]);
  return { rows, total };
}

export interface ReviewModeration {
  id: number;
  course_id: number;
  hidden: number;
  hidden_reason: string;
  hidden_at: number | null;
}

export function findReviewForModeration(db: Conn, table: ReviewTable, id: number): Promise<ReviewModeration | undefined> {
  return db.selectFrom(table).select(['id', 'course_id', 'hidden', 'hidden_reason', 'hidden_at']).where('id', '=', id).executeTakeFirst();
}

export async function setReviewHidden(db: Conn, table: ReviewTable, id: number, hidden: boolean, reason: string, now: number): Promise<void> {
  await db
    .updateTable(table)
    .set({ hidden: hidden ? 1 : 0, hidden_reason: reason, hidden_at: hidden ? now : null })
    .where('id', '=', id)
    .execute();
}
