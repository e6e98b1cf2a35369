/**
 * Learning records (issue 5, decision 011): progress reports from the player, resume positions,
 * play visits, the learner's list of listened courses, and hiding one from it. A report touches
 * the record, the chapter's progress, the course summary and the per-day rollup in ONE
 * transaction, so the yearly report can never disagree with the records. Only time the server
 * measured within a play session (play_auth) is credited (issue 11, decision 016).
 */
import { ErrorCodes, type HideListenResult, type ListenProgress, type ListenRecordPage, type ListenV3Body, type ListenV3Result, type VisitPlayResult } from '@jinfa/shared';
import type { UserRow } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { findCardsByIds } from '../courses/course-card-repository.ts';
import { toCourseCard } from '../courses/course-card.ts';
import { readListCount } from '../learning/list-count-repository.ts';
import type { Conn, Db } from '../../db/conn.ts';
import { assertCanListen, findListenCourse } from './listen-access.ts';
import { accountReport, clampPosition, isFinished, splitAcrossDays } from './progress-accounting.ts';
import { advanceLearningClock, endPlaySession, findPlaySession, lockLearningClock, updatePlaySession } from './play-session-repository.ts';
import { accountSession } from './session-accounting.ts';
import {
  addListenDays,
  chapterCompletion,
  chapterTitles,
  countReport,
  countVisits,
  findListenCourseRow,
  findRecord,
  findVisit,
  hideCourse,
  insertRecordIfAbsent,
  insertVisit,
  listChapters,
  listListenCourses,
  listProgress,
  lockRecord,
  markCourseFinished,
  updateRecord,
  upsertListenCourse,
  upsertProgress,
} from './listening-repository.ts';

const iso = (ms: number) => new Date(ms).toISOString();
/** Minutes with one decimal, from whole seconds. */
export const toMinutes = (seconds: number) => Math.round(seconds / 6) / 10;

export async function reportListen(db: Db, user: UserRow, courseId: number, body: ListenV3Body, now: number): Promise<ListenV3Result> {
  const chapterId = body.chapterId ?? null;
  // Media the learner may not (or may no longer) play: its coded refusal, nothing credited.
  const { course, chapter } = await assertCanListen(db, user, courseId, chapterId, now);
  const knownDuration = chapter ? chapter.duration_seconds : course.duration_seconds;
  const sessionKey = body.playSession;
  // A client without a play session (an old H5 bundle) is answered but credits and keeps nothing.
  if (!sessionKey) return unaccounted(db, user.id, body.recordId, 'missing');

  return db.transaction().execute(async (trx) => {
    // First lock: the learner's clock. All their reports are accounted one at a time from here.
    const userUntil = await lockLearningClock(trx, user.id);
    const session = await findPlaySession(trx, sessionKey);
    if (!session || session.user_id !== user.id) throw new AppError(ErrorCodes.PLAY_SESSION_INVALID);
    if (session.course_id !== courseId || session.chapter_id !== chapterId) throw new AppError(ErrorCodes.PLAY_SESSION_MISMATCH);
    if (session.ended_at !== null || now >= session.expires_at) {
      await endPlaySession(trx, session.id, Math.min(now, session.expires_at));
      return unaccounted(trx, user.id, body.recordId, 'ended');
    }
    // The server's duration first: a forged short duration must not make a chapter "finished".
    const claimedDuration = body.duration != null && body.duration > 0 ? Math.ceil(body.duration) : null;
    const duration = session.duration_seconds ?? knownDuration ?? claimedDuration;
    const reported = clampPosition(body.position, duration);

    const inserted = await insertRecordIfAbsent(trx, { recordId: body.recordId, userId: user.id, courseId, chapterId, now, position: session.position_seconds, duration });
    const record = await lockRecord(trx, user.id, body.recordId);
    if (!record) throw new Error(`listen record ${body.recordId} missing after insert`);
    // Record ids are the client's; one reused for another course or chapter must not merge.
    if (record.course_id !== courseId || record.chapter_id !== chapterId) throw new AppError(ErrorCodes.LISTEN_RECORD_MISMATCH);

    const prev = inserted
      ? null
      : { reportedSeconds: record.reported_seconds, playedSeconds: record.played_seconds, updatedAt: record.updated_at, startedAt: record.started_at };
    // Max-merge per record (replays and late beacons count once), then the server's clocks.
    const acc = accountReport(prev, { playedSeconds: body.playedSeconds, duration }, now);
    if (!acc.fresh) {
      // A late copy of an older report: nothing to credit, and its position is older than ours.
      await countReport(trx, record.id);
      return {
        recordId: body.recordId,
        position: record.position_seconds,
        playedSeconds: record.played_seconds,
        credited: 0,
        finished: isFinished(record.position_seconds, record.duration_seconds),
        sessionState: session.paused === 1 ? 'paused' : 'active',
      };
    }
    const exit = body.event === 'exit';
    const measured = accountSession(
      { lastReportAt: session.last_report_at, creditedUntil: session.credited_until, position: session.position_seconds, positionAt: session.position_at, paused: session.paused === 1 },
      userUntil,
      { claimed: acc.credited, position: reported, exit },
      now,
    );
    const credited = measured.credited;
    const position = measured.position;
    const played = (prev?.playedSeconds ?? 0) + credited;
    const finished = isFinished(position, duration);
    await updatePlaySession(trx, session.id, { ...measured.next, credited });
    await advanceLearningClock(trx, user.id, measured.userUntil);
    const startedAt = inserted ? now - credited * 1000 : record.started_at;
    await updateRecord(trx, record.id, { startedAt, updatedAt: acc.next.updatedAt, position, duration, reported: acc.next.reportedSeconds, played, exited: exit });
    await upsertProgress(trx, { userId: user.id, courseId, chapterId, position, duration, credited, finished, now });
    await upsertListenCourse(trx, { userId: user.id, courseId, chapterId, position, duration, credited, now, startedAt });
    await addListenDays(trx, user.id, courseId, chapterId, splitAcrossDays(credited, now));
    if (finished && (await courseIsFinished(trx, user.id, courseId))) await markCourseFinished(trx, user.id, courseId, now);
    return { recordId: body.recordId, position, playedSeconds: played, credited, finished, sessionState: exit ? 'paused' : 'active' };
  });
}

/** The answer to a report that is taken but accounted nowhere: the record as it stands. */
async function unaccounted(db: Conn, userId: number, recordId: string, sessionState: 'missing' | 'ended'): Promise<ListenV3Result> {
  const record = await findRecord(db, userId, recordId);
  return {
    recordId,
    position: record?.position_seconds ?? 0,
    playedSeconds: record?.played_seconds ?? 0,
    credited: 0,
    finished: record ? isFinished(record.position_seconds, record.duration_seconds) : false,
    sessionState,
  };
}

/** A course is finished when every published chapter is (a course without chapters: its one progress row). */
async function courseIsFinished(db: Conn, userId: number, courseId: number): Promise<boolean> {
  const [chapters, progress] = await Promise.all([listChapters(db, courseId), listProgress(db, userId, courseId)]);
  const finished = new Set(progress.filter((p) => p.finished === 1).map((p) => p.chapter_key));
  if (chapters.length === 0) return finished.has(0);
  return chapters.every((c) => finished.has(c.id));
}

export async function listenProgress(db: Db, userId: number, courseId: number): Promise<ListenProgress> {
  if (!(await findListenCourse(db, courseId))) throw new NotFoundError('课程不存在');
  const [summary, rows] = await Promise.all([findListenCourseRow(db, userId, courseId), listProgress(db, userId, courseId)]);
  const chapters = rows.map((r) => ({ chapterId: r.chapter_id, position: r.position_seconds, duration: r.duration_seconds, finished: r.finished === 1 }));
  if (!summary) return { courseId, chapterId: null, position: 0, duration: null, finished: false, chapters };
  const last = chapters.find((c) => c.chapterId === summary.last_chapter_id);
  return {
    courseId,
    chapterId: summary.last_chapter_id,
    position: last?.position ?? summary.position_seconds,
    duration: last?.duration ?? summary.duration_seconds,
    finished: last?.finished ?? false,
    chapters,
  };
}

export async function visitPlay(db: Db, userId: number, courseId: number, recordId: string, now: number): Promise<VisitPlayResult> {
  if (!(await findListenCourse(db, courseId))) throw new NotFoundError('课程不存在');
  const added = await insertVisit(db, userId, recordId, courseId, now);
  if (!added) {
    const seen = await findVisit(db, userId, recordId);
    if (seen && seen.course_id !== courseId) throw new AppError(ErrorCodes.LISTEN_RECORD_MISMATCH);
  }
  return { courseId, recordId, visits: await countVisits(db, userId, courseId) };
}

export async function hideListen(db: Db, userId: number, courseId: number): Promise<HideListenResult> {
  if (!(await findListenCourse(db, courseId))) throw new NotFoundError('课程不存在');
  // -1334 (silent): nothing of this course in the learner's records to hide.
  if (!(await hideCourse(db, userId, courseId))) throw new AppError(-1334);
  return { courseId, hidden: true };
}

export async function listenRecordPage(db: Db, userId: number, pageIndex: number, pageSize: number): Promise<ListenRecordPage> {
  // The total is the learner's trigger-kept counter of visible listen records (migration 025).
  const [rows, total] = await Promise.all([listListenCourses(db, userId, (pageIndex - 1) * pageSize, pageSize), readListCount(db, userId, 'listen')]);
  const ids = rows.map((r) => r.course_id);
  const [cards, completion, titles] = await Promise.all([
    findCardsByIds(db, ids),
    chapterCompletion(db, userId, ids),
    chapterTitles(db, rows.flatMap((r) => (r.last_chapter_id === null ? [] : [r.last_chapter_id]))),
  ]);
  const cardById = new Map(cards.map((c) => [c.id, c]));
  const titleById = new Map(titles.map((t) => [t.id, t.title]));
  return {
    rows: rows.flatMap((r) => {
      const card = cardById.get(r.course_id);
      if (!card) return [];
      const done = completion.get(r.course_id) ?? { finished: 0, chapters: 0 };
      const finished = r.finished_at !== null;
      let percent: number;
      if (finished) percent = 100;
      else if (done.chapters > 0) percent = Math.floor((done.finished / done.chapters) * 100);
      else percent = r.duration_seconds ? Math.min(99, Math.floor((r.position_seconds / r.duration_seconds) * 100)) : 0;
      return [
        {
          course: toCourseCard(card),
          chapterId: r.last_chapter_id,
          chapterTitle: r.last_chapter_id === null ? '' : (titleById.get(r.last_chapter_id) ?? ''),
          position: r.position_seconds,
          duration: r.duration_seconds,
          progressPercent: percent,
          finished,
          playedSeconds: r.played_seconds,
          minutes: toMinutes(r.played_seconds),
          lastListenedAt: iso(r.updated_at),
        },
      ];
    }),
    total,
  };
}
