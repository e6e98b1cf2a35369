/**
 * The learner's courses (/mycourses, /userCourses), free enrolment, visits, followed subjects
 * and the personal picks built from them. Writes that touch several tables run in one
 * transaction (STYLE §9): a first visit adds the learner and bumps the course's learner count.
 */
import { ErrorCodes, type CourseCard, type CourseFolder, type EnrollResult, type MyCoursePage, type VisitResult } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { findCardsByIds, findCourseState } from '../courses/course-card-repository.ts';
import { toCourseCard } from '../courses/course-card.ts';
import { assertCourseExists, assertCourseOnShelf } from '../courses/course-state.ts';
import {
  countExistingSubjects,
  countOwned,
  countVisited,
  incrementLearnersCount,
  insertUserCourse,
  listLibrary,
  listOwned,
  listPickCandidateIds,
  listSubscribedSubjectIds,
  listVisited,
  recordVisit,
  replaceSubscribedSubjects,
} from './learning-repository.ts';
import { readListCount } from './list-count-repository.ts';
import { findUserCourse } from '../access/access-repository.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** `cur` of /mycourses: 0 学习中 (recently opened), 1 已购 (owned). */
export const MyCoursesTab = { LEARNING: 0, OWNED: 1 } as const;

/** Covers shown on a subject folder in /userCourses. */
const FOLDER_COVERS = 3;
/** How many of the most learnt courses a "换一批" shuffle draws from. */
const PICK_POOL = 60;

export async function enrollFreeCourse(db: Db, userId: number, courseId: number, now: number): Promise<EnrollResult> {
  const course = assertCourseExists(await findCourseState(db, courseId));
  const owned = await findUserCourse(db, userId, courseId);
  if (owned) return { courseId, owned: true, source: owned.source, enrolledAt: iso(owned.created_at) };
  assertCourseOnShelf(course);
  if (course.is_free !== 1) throw new AppError(ErrorCodes.COURSE_NOT_FREE);
  await insertUserCourse(db, { userId, courseId, source: 'free', now });
  // Re-read: a concurrent enrolment may have won, and its row is the one that stands.
  const row = await findUserCourse(db, userId, courseId);
  if (!row) throw new Error(`user_courses row for ${userId}/${courseId} missing after insert`);
  return { courseId, owned: true, source: row.source, enrolledAt: iso(row.created_at) };
}

export async function visitCourse(db: Db, userId: number, courseId: number, now: number): Promise<VisitResult> {
  const course = assertCourseExists(await findCourseState(db, courseId));
  // A learner who owns a course keeps opening it after it leaves the shelf; others get its state code.
  if (!(await findUserCourse(db, userId, courseId))) assertCourseOnShelf(course);
  await db.transaction().execute(async (trx) => {
    const first = await recordVisit(trx, userId, courseId, now);
    if (first) await incrementLearnersCount(trx, courseId);
  });
  return { courseId, visitedAt: iso(now) };
}

export async function myCoursePage(
  db: Db,
  userId: number,
  q: { cur: number; subjectId: number | undefined; pageIndex: number; pageSize: number },
): Promise<MyCoursePage> {
  const offset = (q.pageIndex - 1) * q.pageSize;
  // Every course: the trigger-kept counter (migration 025; courses cascade, so no join is lost);
  // one subject's: counted.
  const total = (subjectId: number | undefined, list: 'owned' | 'visited', count: () => Promise<number>) =>
    subjectId === undefined ? readListCount(db, userId, list) : count();
  const [rows, n] =
    q.cur === MyCoursesTab.OWNED
      ? await Promise.all([listOwned(db, userId, q.subjectId, offset, q.pageSize), total(q.subjectId, 'owned', () => countOwned(db, userId, q.subjectId))])
      : await Promise.all([listVisited(db, userId, q.subjectId, offset, q.pageSize), total(q.subjectId, 'visited', () => countVisited(db, userId, q.subjectId))]);
  const cards = new Map((await findCardsByIds(db, rows.map((r) => r.course_id))).map((c) => [c.id, c]));
  return {
    rows: rows.flatMap((r) => {
      const card = cards.get(r.course_id);
      return card ? [{ course: toCourseCard(card), at: iso(r.at) }] : [];
    }),
    total: n,
  };
}

export async function courseFolders(db: Db, userId: number): Promise<CourseFolder[]> {
  const library = await listLibrary(db, userId);
  library.sort((a, b) => b.at - a.at);
  const folders = new Map<number, { folder: CourseFolder; sort: number; courses: Set<number> }>();
  for (const row of library) {
    let f = folders.get(row.subject_id);
    if (!f) {
      f = {
        folder: { subjectId: row.subject_id, name: row.subject_name, icon: row.subject_icon, courseCount: 0, covers: [] },
        sort: row.subject_sort,
        courses: new Set(),
      };
      folders.set(row.subject_id, f);
    }
    if (f.courses.has(row.course_id)) continue;
    f.courses.add(row.course_id);
    f.folder.courseCount += 1;
    if (f.folder.covers.length < FOLDER_COVERS) f.folder.covers.push(row.cover);
  }
  return [...folders.values()].sort((a, b) => a.sort - b.sort || a.folder.subjectId - b.folder.subjectId).map((f) => f.folder);
}

export async function subscribedSubjects(db: Db, userId: number): Promise<{ subjectIds: number[] }> {
  return { subjectIds: await listSubscribedSubjectIds(db, userId) };
}

export async function replaceSubscriptions(db: Db, userId: number, subjectIds: readonly number[], now: number): Promise<{ subjectIds: number[] }> {
  const unique = [...new Set(subjectIds)];
  if ((await countExistingSubjects(db, unique)) !== unique.length) throw new ValidationError('包含不存在的学科');
  await db.transaction().execute((trx) => replaceSubscribedSubjects(trx, userId, unique, now));
  return subscribedSubjects(db, userId);
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * Personal picks (`my_custom`): the most learnt courses of the followed subjects, topped up with
 * the most learnt courses overall when those run short (or for a visitor who follows nothing);
 * never a course the learner already owns. `random` draws from a wider pool ("换一批").
 */
export async function personalPicks(
  db: Db,
  viewer: { userId: number; corporateId: number | null } | null,
  opts: { random: boolean; size: number },
): Promise<CourseCard[]> {
  const base = { userId: viewer?.userId ?? null, corporateId: viewer?.corporateId ?? null };
  const limit = opts.random ? PICK_POOL : opts.size;
  const draw = (ids: number[]) => (opts.random ? shuffle(ids) : ids);

  const subjects = viewer ? await listSubscribedSubjectIds(db, viewer.userId) : [];
  let ids = subjects.length > 0 ? draw(await listPickCandidateIds(db, { ...base, subjectIds: subjects, excludeIds: [], limit })).slice(0, opts.size) : [];
  if (ids.length < opts.size) {
    const more = draw(await listPickCandidateIds(db, { ...base, subjectIds: null, excludeIds: ids, limit }));
    ids = [...ids, ...more.slice(0, opts.size - ids.length)];
  }
  return (await findCardsByIds(db, ids)).map(toCourseCard);
}
