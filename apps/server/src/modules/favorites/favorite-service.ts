/**
 * Favourites (spec §7.3). Adding and removing are idempotent so the H5's optimistic toggle can
 * retry freely; a learner only ever reads and writes their own rows.
 */
import { ErrorCodes, type FavoritePage } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import { findCardsByIds, findCourseState } from '../courses/course-card-repository.ts';
import { toCourseCard } from '../courses/course-card.ts';
import { assertCourseExists, CourseStatus } from '../courses/course-state.ts';
import { AppError } from '../../lib/errors.ts';
import { readListCount } from '../learning/list-count-repository.ts';
import { countFavorites, deleteFavorite, insertFavorite, isFavorite, listFavorites } from './favorite-repository.ts';

export async function addFavorite(db: Db, userId: number, courseId: number, now: number): Promise<void> {
  const course = assertCourseExists(await findCourseState(db, courseId));
  // A course taken off shelf cannot gain new followers; one not started yet can (that is the point of following it).
  if (course.status === CourseStatus.OFF_SHELF) throw new AppError(ErrorCodes.COURSE_OFF_SHELF);
  await insertFavorite(db, userId, courseId, now);
}

export async function removeFavorite(db: Db, userId: number, courseId: number): Promise<void> {
  assertCourseExists(await findCourseState(db, courseId));
  await deleteFavorite(db, userId, courseId);
}

export async function favoriteState(db: Db, userId: number, courseId: number): Promise<boolean> {
  assertCourseExists(await findCourseState(db, courseId));
  return isFavorite(db, userId, courseId);
}

export async function favoritePage(
  db: Db,
  userId: number,
  q: { subjectId: number | undefined; pageIndex: number; pageSize: number },
): Promise<FavoritePage> {
  const offset = (q.pageIndex - 1) * q.pageSize;
  // All favourites: the trigger-kept counter (migration 025); one subject's: counted (rare, and few).
  const total = q.subjectId === undefined ? readListCount(db, userId, 'favorites') : countFavorites(db, userId, q.subjectId);
  const [rows, n] = await Promise.all([listFavorites(db, userId, q.subjectId, offset, q.pageSize), total]);
  const cards = new Map((await findCardsByIds(db, rows.map((r) => r.course_id))).map((c) => [c.id, c]));
  return {
    rows: rows.flatMap((r) => {
      const card = cards.get(r.course_id);
      return card ? [{ favoriteId: r.id, createdAt: new Date(r.created_at).toISOString(), course: toCourseCard(card) }] : [];
    }),
    total: n,
  };
}
