/**
 * Play sessions and the learner's credit clock (migration 016, decision 016). Sessions are rows,
 * not process memory, so any instance can account any report.
 */
import { forUpdate } from '../../db/dialect.ts';
import type { PlaySessionRow } from '../../db/schema.ts';
import type { Conn } from '../../db/conn.ts';
import { chapterKey } from './listening-repository.ts';

export interface NewPlaySession {
  sessionKey: string;
  userId: number;
  courseId: number;
  chapterId: number | null;
  assetId: number | null;
  duration: number | null;
  position: number;
  now: number;
  expiresAt: number;
}

export async function insertPlaySession(db: Conn, s: NewPlaySession): Promise<void> {
  await db
    .insertInto('play_sessions')
    .values({
      session_key: s.sessionKey,
      user_id: s.userId,
      course_id: s.courseId,
      chapter_id: s.chapterId,
      asset_id: s.assetId,
      duration_seconds: s.duration,
      created_at: s.now,
      expires_at: s.expiresAt,
      last_report_at: s.now,
      credited_until: s.now,
      position_seconds: s.position,
      position_at: s.now,
      ended_at: null,
    })
    .execute();
}

/** Drops the learner's sessions that expired before `before` (kept a while as evidence of plays). */
export async function deleteOldPlaySessions(db: Conn, userId: number, before: number): Promise<void> {
  await db.deleteFrom('play_sessions').where('user_id', '=', userId).where('expires_at', '<', before).execute();
}

/** The saved position of a chapter (0 for a course without chapters) — where a new session starts. */
export async function savedPosition(db: Conn, userId: number, courseId: number, chapterId: number | null): Promise<number> {
  const row = await db
    .selectFrom('listen_progress')
    .select('position_seconds')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('chapter_key', '=', chapterKey(chapterId))
    .executeTakeFirst();
  return row?.position_seconds ?? 0;
}

/** The session by its key, whoever's it is (the caller compares the user). */
export function findPlaySession(db: Conn, sessionKey: string): Promise<PlaySessionRow | undefined> {
  return db.selectFrom('play_sessions').selectAll().where('session_key', '=', sessionKey).executeTakeFirst();
}

export async function updatePlaySession(
  db: Conn,
  id: number,
  patch: { lastReportAt: number; creditedUntil: number; credited: number; position: number; positionAt: number; paused: boolean },
): Promise<void> {
  await db
    .updateTable('play_sessions')
    .set((eb) => ({
      last_report_at: patch.lastReportAt,
      credited_until: patch.creditedUntil,
      credited_seconds: eb('credited_seconds', '+', patch.credited),
      position_seconds: patch.position,
      position_at: patch.positionAt,
      paused: patch.paused ? 1 : 0,
      reports: eb('reports', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

export async function endPlaySession(db: Conn, id: number, at: number): Promise<void> {
  await db.updateTable('play_sessions').set({ ended_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute();
}

/**
 * The learner's credit clock, created when absent and locked for the rest of the transaction on
 * PostgreSQL (`for update`): every report of one learner takes this lock first, so their reports
 * — from any session, tab, device or instance — are accounted one at a time. SQLite runs one
 * transaction at a time anyway.
 */
export async function lockLearningClock(db: Conn, userId: number): Promise<number> {
  await db
    .insertInto('learning_clock')
    .values({ user_id: userId, credited_until: 0 })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await forUpdate(db, db.selectFrom('learning_clock').select('credited_until').where('user_id', '=', userId)).executeTakeFirstOrThrow();
  return Number(row.credited_until);
}

/** Moves the clock forward (never back: the row is locked, the guard is belt and braces). */
export async function advanceLearningClock(db: Conn, userId: number, until: number): Promise<void> {
  await db.updateTable('learning_clock').set({ credited_until: until }).where('user_id', '=', userId).where('credited_until', '<', until).execute();
}
