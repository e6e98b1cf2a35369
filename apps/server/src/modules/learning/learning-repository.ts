/**
 * The learner's own side of the catalogue: free enrolments and the library (user_courses; one
 * grant is read by the access module, access-repository.ts), recently opened courses
 * (course_learners, one row per learner and course holding the latest visit) and followed
 * subjects (user_subjects).
 */
import type { Conn } from '../../db/conn.ts';
import type { UserCourseSource } from '../../db/schema.ts';
import { countRows } from '../../db/paging.ts';

/** Grants the course unless the learner already owns it (then the first grant stands). True when new. */
export async function insertUserCourse(
  db: Conn,
  g: { userId: number; courseId: number; source: UserCourseSource; now: number },
): Promise<boolean> {
  const row = await db
    .insertInto('user_courses')
    .values({ user_id: g.userId, course_id: g.courseId, source: g.source, created_at: g.now })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a visit: a first visit inserts (true), later ones move the time forward (false). */
export async function recordVisit(db: Conn, userId: number, courseId: number, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('course_learners')
    .values({ user_id: userId, course_id: courseId, created_at: now })
    .onConflict((oc) => oc.columns(['course_id', 'user_id']).doNothing())
    .returning('course_id')
    .executeTakeFirst();
  if (inserted) return true;
  await db.updateTable('course_learners').set({ created_at: now }).where('course_id', '=', courseId).where('user_id', '=', userId).execute();
  return false;
}

export async function incrementLearnersCount(db: Conn, courseId: number): Promise<void> {
  await db
    .updateTable('courses')
    .set((eb) => ({ learners_count: eb('learners_count', '+', 1) }))
    .where('id', '=', courseId)
    .execute();
}

export interface MyCourseRow {
  course_id: number;
  at: number;
}

/** The learner's rows of `course_learners` (学习中) joined to their courses, narrowed to a subject when given. */
function visitedOf(db: Conn, userId: number, subjectId: number | undefined) {
  const q = db.selectFrom('course_learners').innerJoin('courses', 'courses.id', 'course_learners.course_id').where('course_learners.user_id', '=', userId);
  return subjectId === undefined ? q : q.where('courses.subject_id', '=', subjectId);
}

/** 学习中: courses the learner opened, last opened first. */
export function listVisited(db: Conn, userId: number, subjectId: number | undefined, offset: number, limit: number): Promise<MyCourseRow[]> {
  const q = visitedOf(db, userId, subjectId).select(['course_learners.course_id', 'course_learners.created_at as at']);
  return q.orderBy('course_learners.created_at', 'desc').orderBy('course_learners.course_id', 'desc').offset(offset).limit(limit).execute();
}

export function countVisited(db: Conn, userId: number, subjectId: number | undefined): Promise<number> {
  return countRows(visitedOf(db, userId, subjectId));
}

/** The learner's rows of `user_courses` (已购) joined to their courses, narrowed to a subject when given. */
function ownedOf(db: Conn, userId: number, subjectId: number | undefined) {
  const q = db.selectFrom('user_courses').innerJoin('courses', 'courses.id', 'user_courses.course_id').where('user_courses.user_id', '=', userId);
  return subjectId === undefined ? q : q.where('courses.subject_id', '=', subjectId);
}

/** 已购: courses the learner owns, newest grant first. */
export function listOwned(db: Conn, userId: number, subjectId: number | undefined, offset: number, limit: number): Promise<MyCourseRow[]> {
  const q = ownedOf(db, userId, subjectId).select(['user_courses.course_id', 'user_courses.created_at as at']);
  return q.orderBy('user_courses.created_at', 'desc').orderBy('user_courses.id', 'desc').offset(offset).limit(limit).execute();
}

export function countOwned(db: Conn, userId: number, subjectId: number | undefined): Promise<number> {
  return countRows(ownedOf(db, userId, subjectId));
}

export interface LibraryRow {
  course_id: number;
  cover: string;
  subject_id: number;
  subject_name: string;
  subject_icon: string;
  subject_sort: number;
  at: number;
}

/** Every course in the learner's library (owned or opened) with its subject; a course may appear twice. */
export async function listLibrary(db: Conn, userId: number): Promise<LibraryRow[]> {
  const base = (table: 'user_courses' | 'course_learners') =>
    db
      .selectFrom(table)
      .innerJoin('courses', 'courses.id', `${table}.course_id`)
      .innerJoin('subjects', 'subjects.id', 'courses.subject_id')
      .select([
        'courses.id as course_id',
        'courses.cover',
        'subjects.id as subject_id',
        'subjects.name as subject_name',
        'subjects.icon as subject_icon',
        'subjects.sort as subject_sort',
        `${table}.created_at as at`,
      ])
      .where(`${table}.user_id`, '=', userId);
  const [owned, visited] = await Promise.all([base('user_courses').execute(), base('course_learners').execute()]);
  return [...owned, ...visited];
}

export async function listSubscribedSubjectIds(db: Conn, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_subjects')
    .innerJoin('subjects', 'subjects.id', 'user_subjects.subject_id')
    .select('user_subjects.subject_id')
    .where('user_subjects.user_id', '=', userId)
    .orderBy('subjects.sort')
    .orderBy('subjects.id')
    .execute();
  return rows.map((r) => r.subject_id);
}

export async function countExistingSubjects(db: Conn, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return countRows(db.selectFrom('subjects').where('id', 'in', [...ids]));
}

export async function replaceSubscribedSubjects(db: Conn, userId: number, subjectIds: readonly number[], now: number): Promise<void> {
  await db.deleteFrom('user_subjects').where('user_id', '=', userId).execute();
  if (subjectIds.length === 0) return;
  await db
    .insertInto('user_subjects')
    .values(subjectIds.map((subjectId) => ({ user_id: userId, subject_id: subjectId, created_at: now })))
    .execute();
}

/**
 * Pick candidates: on-shelf courses the visitor may see (public, or their own corporate's),
 * optionally within subjects, never one they own, most learnt first.
 */
export async function listPickCandidateIds(
  db: Conn,
  opts: { userId: number | null; corporateId: number | null; subjectIds: readonly number[] | null; excludeIds: readonly number[]; limit: number },
): Promise<number[]> {
  let q = db.selectFrom('courses').select('courses.id').where('courses.status', '=', 1);
  const { corporateId, userId, subjectIds, excludeIds } = opts;
  q = corporateId === null
    ? q.where('courses.corporate_id', 'is', null)
    : q.where((eb) => eb.or([eb('courses.corporate_id', 'is', null), eb('courses.corporate_id', '=', corporateId)]));
  if (subjectIds !== null) {
    if (subjectIds.length === 0) return [];
    q = q.where('courses.subject_id', 'in', [...subjectIds]);
  }
  if (userId !== null) {
    q = q.where((eb) =>
      eb.not(eb.exists(eb.selectFrom('user_courses').select('user_courses.id').whereRef('user_courses.course_id', '=', 'courses.id').where('user_courses.user_id', '=', userId))),
    );
  }
  if (excludeIds.length > 0) q = q.where('courses.id', 'not in', [...excludeIds]);
  const rows = await q.orderBy('courses.learners_count', 'desc').orderBy('courses.id', 'desc').limit(opts.limit).execute();
  return rows.map((r) => r.id);
}
