/**
 * Learning-record queries. Every read and write is scoped by the caller's user id: a learner only
 * ever reaches their own records (per-object authorisation lives in the WHERE clause).
 */
import { sql } from 'kysely';
import { forUpdate } from '../../db/dialect.ts';
import type { ListenRecordRow } from '../../db/schema.ts';
import type { Conn } from '../../db/conn.ts';
import { countRows } from '../../db/paging.ts';

/** chapter_key of a course played without chapters. */
export const NO_CHAPTER = 0;
export const chapterKey = (chapterId: number | null) => chapterId ?? NO_CHAPTER;

export interface NewRecord {
  recordId: string;
  userId: number;
  courseId: number;
  chapterId: number | null;
  now: number;
  position: number;
  duration: number | null;
}

/** Inserts an empty record unless the user already has one with this id; true when inserted. */
export async function insertRecordIfAbsent(db: Conn, r: NewRecord): Promise<boolean> {
  const rows = await db
    .insertInto('listen_records')
    .values({
      record_id: r.recordId,
      user_id: r.userId,
      course_id: r.courseId,
      chapter_id: r.chapterId,
      started_at: r.now,
      updated_at: r.now,
      position_seconds: r.position,
      duration_seconds: r.duration,
      reported_seconds: 0,
      played_seconds: 0,
      reports: 0,
    })
    .onConflict((oc) => oc.columns(['user_id', 'record_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/**
 * The user's record, locked for the rest of the transaction on PostgreSQL so two copies of one
 * beacon cannot both credit the same increase. SQLite transactions already run one at a time.
 */
export async function lockRecord(db: Conn, userId: number, recordId: string): Promise<ListenRecordRow | undefined> {
  return forUpdate(db, db.selectFrom('listen_records').selectAll().where('user_id', '=', userId).where('record_id', '=', recordId)).executeTakeFirst();
}

/** The user's record, unlocked (answers that account nothing). */
export function findRecord(db: Conn, userId: number, recordId: string): Promise<ListenRecordRow | undefined> {
  return db.selectFrom('listen_records').selectAll().where('user_id', '=', userId).where('record_id', '=', recordId).executeTakeFirst();
}

export async function updateRecord(
  db: Conn,
  id: number,
  patch: { startedAt: number; updatedAt: number; position: number; duration: number | null; reported: number; played: number; exited: boolean },
): Promise<void> {
  await db
    .updateTable('listen_records')
    .set((eb) => ({
      started_at: patch.startedAt,
      updated_at: patch.updatedAt,
      position_seconds: patch.position,
      duration_seconds: patch.duration,
      reported_seconds: patch.reported,
      played_seconds: patch.played,
      reports: eb('reports', '+', 1),
      ...(patch.exited ? { exited: 1 } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

export async function countReport(db: Conn, id: number): Promise<void> {
  await db.updateTable('listen_records').set((eb) => ({ reports: eb('reports', '+', 1) })).where('id', '=', id).execute();
}

/** Upserts the chapter's progress: latest position, credit added, finished never unset. */
export async function upsertProgress(
  db: Conn,
  p: { userId: number; courseId: number; chapterId: number | null; position: number; duration: number | null; credited: number; finished: boolean; now: number },
): Promise<void> {
  await db
    .insertInto('listen_progress')
    .values({
      user_id: p.userId,
      course_id: p.courseId,
      chapter_key: chapterKey(p.chapterId),
      chapter_id: p.chapterId,
      position_seconds: p.position,
      duration_seconds: p.duration,
      played_seconds: p.credited,
      finished: p.finished ? 1 : 0,
      updated_at: p.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'course_id', 'chapter_key']).doUpdateSet({
        position_seconds: (eb) => eb.ref('excluded.position_seconds'),
        duration_seconds: sql<number | null>`coalesce(excluded.duration_seconds, listen_progress.duration_seconds)`,
        played_seconds: (eb) => eb('listen_progress.played_seconds', '+', eb.ref('excluded.played_seconds')),
        finished: sql<number>`case when listen_progress.finished = 1 then 1 else excluded.finished end`,
        updated_at: (eb) => eb.ref('excluded.updated_at'),
      }),
    )
    .execute();
}

/** Upserts the course summary: the chapter last played and its position, credit added; a new play shows a hidden course again. */
export async function upsertListenCourse(
  db: Conn,
  c: { userId: number; courseId: number; chapterId: number | null; position: number; duration: number | null; credited: number; now: number; startedAt: number },
): Promise<void> {
  await db
    .insertInto('listen_courses')
    .values({
      user_id: c.userId,
      course_id: c.courseId,
      last_chapter_id: c.chapterId,
      position_seconds: c.position,
      duration_seconds: c.duration,
      played_seconds: c.credited,
      started_at: c.startedAt,
      finished_at: null,
      updated_at: c.now,
      hidden: 0,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'course_id']).doUpdateSet({
        last_chapter_id: (eb) => eb.ref('excluded.last_chapter_id'),
        position_seconds: (eb) => eb.ref('excluded.position_seconds'),
        duration_seconds: (eb) => eb.ref('excluded.duration_seconds'),
        played_seconds: (eb) => eb('listen_courses.played_seconds', '+', eb.ref('excluded.played_seconds')),
        started_at: sql<number>`case when excluded.started_at < listen_courses.started_at then excluded.started_at else listen_courses.started_at end`,
        updated_at: (eb) => eb.ref('excluded.updated_at'),
        hidden: 0,
      }),
    )
    .execute();
}

export async function markCourseFinished(db: Conn, userId: number, courseId: number, now: number): Promise<void> {
  await db
    .updateTable('listen_courses')
    .set({ finished_at: now })
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('finished_at', 'is', null)
    .execute();
}

/** Published chapters of a course, in order. */
export function listChapters(db: Conn, courseId: number): Promise<Array<{ id: number; title: string; duration_seconds: number | null }>> {
  return db
    .selectFrom('chapters')
    .select(['id', 'title', 'duration_seconds'])
    .where('course_id', '=', courseId)
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listProgress(db: Conn, userId: number, courseId: number) {
  return db
    .selectFrom('listen_progress')
    .select(['chapter_id', 'chapter_key', 'position_seconds', 'duration_seconds', 'finished', 'updated_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .orderBy('chapter_key')
    .execute();
}

export function findListenCourseRow(db: Conn, userId: number, courseId: number) {
  return db.selectFrom('listen_courses').selectAll().where('user_id', '=', userId).where('course_id', '=', courseId).executeTakeFirst();
}

/** Adds seconds to the per-day rollup (same transaction as the record). */
export async function addListenDays(
  db: Conn,
  userId: number,
  courseId: number,
  chapterId: number | null,
  days: ReadonlyArray<{ day: string; seconds: number }>,
): Promise<void> {
  for (const d of days) {
    if (d.seconds <= 0) continue;
    await db
      .insertInto('listen_day')
      .values({ user_id: userId, day: d.day, course_id: courseId, chapter_key: chapterKey(chapterId), seconds: d.seconds })
      .onConflict((oc) =>
        oc.columns(['user_id', 'day', 'course_id', 'chapter_key']).doUpdateSet({
          seconds: (eb) => eb('listen_day.seconds', '+', eb.ref('excluded.seconds')),
        }),
      )
      .execute();
  }
}

/** Counts a play visit once per record id; true when it was new. */
export async function insertVisit(db: Conn, userId: number, recordId: string, courseId: number, now: number): Promise<boolean> {
  const rows = await db
    .insertInto('listen_visits')
    .values({ user_id: userId, record_id: recordId, course_id: courseId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'record_id']).doNothing())
    .returning('record_id')
    .execute();
  return rows.length > 0;
}

export function findVisit(db: Conn, userId: number, recordId: string) {
  return db.selectFrom('listen_visits').select(['course_id']).where('user_id', '=', userId).where('record_id', '=', recordId).executeTakeFirst();
}

export function countVisits(db: Conn, userId: number, courseId: number): Promise<number> {
  return countRows(db.selectFrom('listen_visits').where('user_id', '=', userId).where('course_id', '=', courseId));
}

/** Hides the course from the learner's list; false when they have no record of it. */
export async function hideCourse(db: Conn, userId: number, courseId: number): Promise<boolean> {
  const res = await db.updateTable('listen_courses').set({ hidden: 1 }).where('user_id', '=', userId).where('course_id', '=', courseId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function listListenCourses(db: Conn, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('listen_courses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('hidden', '=', 0)
    .orderBy('updated_at', 'desc')
    .orderBy('course_id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countListenCourses(db: Conn, userId: number): Promise<number> {
  return countRows(db.selectFrom('listen_courses').where('user_id', '=', userId).where('hidden', '=', 0));
}

/** Per course: finished chapters and published chapters (for the progress percent). */
export async function chapterCompletion(db: Conn, userId: number, courseIds: readonly number[]): Promise<Map<number, { finished: number; chapters: number }>> {
  const out = new Map<number, { finished: number; chapters: number }>();
  if (courseIds.length === 0) return out;
  const chapters = await db
    .selectFrom('chapters')
    .select(['course_id', (eb) => eb.fn.countAll().as('n')])
    .where('course_id', 'in', courseIds)
    .where('status', '=', 1)
    .groupBy('course_id')
    .execute();
  const finished = await db
    .selectFrom('listen_progress')
    .innerJoin('chapters', (j) => j.onRef('chapters.id', '=', 'listen_progress.chapter_id').on('chapters.status', '=', 1))
    .select(['listen_progress.course_id', (eb) => eb.fn.countAll().as('n')])
    .where('listen_progress.user_id', '=', userId)
    .where('listen_progress.course_id', 'in', courseIds)
    .where('listen_progress.finished', '=', 1)
    .groupBy('listen_progress.course_id')
    .execute();
  for (const id of courseIds) out.set(id, { finished: 0, chapters: 0 });
  for (const r of chapters) out.set(r.course_id, { ...out.get(r.course_id)!, chapters: Number(r.n) });
  for (const r of finished) out.set(r.course_id, { ...out.get(r.course_id)!, finished: Number(r.n) });
  return out;
}

export function chapterTitles(db: Conn, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as Array<{ id: number; title: string }>);
  return db.selectFrom('chapters').select(['id', 'title']).where('id', 'in', ids).execute();
}

// ---- reports ----

/** Seconds per day in [fromDay, toDay] (inclusive 'YYYY-MM-DD'). */
export async function secondsByDay(db: Conn, userId: number, fromDay: string, toDay: string): Promise<Array<{ day: string; seconds: number }>> {
  const rows = await db
    .selectFrom('listen_day')
    .select(['day', (eb) => eb.fn.sum<number>('seconds').as('seconds')])
    .where('user_id', '=', userId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, seconds: Number(r.seconds) }));
}

export async function secondsBySubject(db: Conn, userId: number, fromDay: string, toDay: string, limit: number) {
  const rows = await db
    .selectFrom('listen_day')
    .innerJoin('courses', 'courses.id', 'listen_day.course_id')
    .innerJoin('subjects', 'subjects.id', 'courses.subject_id')
    .select(['subjects.id as subject_id', 'subjects.name as name', (eb) => eb.fn.sum<number>('listen_day.seconds').as('seconds')])
    .where('listen_day.user_id', '=', userId)
    .where('listen_day.day', '>=', fromDay)
    .where('listen_day.day', '<=', toDay)
    .groupBy(['subjects.id', 'subjects.name'])
    .orderBy('seconds', 'desc')
    .orderBy('subjects.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ subjectId: r.subject_id, name: r.name, seconds: Number(r.seconds) }));
}

export async function secondsByCourse(db: Conn, userId: number, fromDay: string, toDay: string, limit: number) {
  const rows = await db
    .selectFrom('listen_day')
    .innerJoin('courses', 'courses.id', 'listen_day.course_id')
    .select(['courses.id as course_id', 'courses.name as name', (eb) => eb.fn.sum<number>('listen_day.seconds').as('seconds')])
    .where('listen_day.user_id', '=', userId)
    .where('listen_day.day', '>=', fromDay)
    .where('listen_day.day', '<=', toDay)
    .groupBy(['courses.id', 'courses.name'])
    .orderBy('seconds', 'desc')
    .orderBy('courses.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ courseId: r.course_id, name: r.name, seconds: Number(r.seconds) }));
}

export function countCoursesBetween(db: Conn, userId: number, column: 'started_at' | 'finished_at', from: number, to: number): Promise<number> {
  return countRows(db.selectFrom('listen_courses').where('user_id', '=', userId).where(column, '>=', from).where(column, '<', to));
}

/** One row per day, course and chapter, for the CSV export. */
export function exportRows(db: Conn, userId: number, fromDay: string, toDay: string) {
  return db
    .selectFrom('listen_day')
    .innerJoin('courses', 'courses.id', 'listen_day.course_id')
    .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
    .leftJoin('chapters', 'chapters.id', 'listen_day.chapter_key')
    .select(['listen_day.day', 'listen_day.seconds', 'courses.name as course_name', 'lecturers.name as lecturer_name', 'chapters.title as chapter_title'])
    .where('listen_day.user_id', '=', userId)
    .where('listen_day.day', '>=', fromDay)
    .where('listen_day.day', '<=', toDay)
    .orderBy('listen_day.day')
    .orderBy('listen_day.course_id')
    .orderBy('listen_day.chapter_key')
    .execute();
}

// ---- shares ----

export async function shareTotals(db: Conn, userId: number) {
  const rows = await db
    .selectFrom('course_shares')
    .select(['share_type', 'channel', (eb) => eb.fn.countAll().as('n')])
    .where('user_id', '=', userId)
    .groupBy(['share_type', 'channel'])
    .execute();
  return rows.map((r) => ({ shareType: r.share_type, channel: r.channel, n: Number(r.n) }));
}

export async function sharesByCourse(db: Conn, userId: number, offset: number, limit: number) {
  const rows = await db
    .selectFrom('course_shares')
    .select(['course_id', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.max('created_at').as('last_at')])
    .where('user_id', '=', userId)
    .groupBy('course_id')
    .orderBy('last_at', 'desc')
    .orderBy('course_id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ courseId: r.course_id, shares: Number(r.n), lastAt: Number(r.last_at) }));
}

export async function countSharedCourses(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('course_shares')
    .select((eb) => eb.fn.count('course_id').distinct().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
