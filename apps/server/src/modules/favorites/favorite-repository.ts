import type { Conn } from '../../db/conn.ts';
import { countRows } from '../../db/paging.ts';

export interface FavoriteRow {
  id: number;
  course_id: number;
  created_at: number;
}

/** Adds the favourite unless it is already there (the unique key keeps one row per user and course). */
export async function insertFavorite(db: Conn, userId: number, courseId: number, now: number): Promise<void> {
  await db
    .insertInto('favorites')
    .values({ user_id: userId, course_id: courseId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .execute();
}

export async function deleteFavorite(db: Conn, userId: number, courseId: number): Promise<void> {
  await db.deleteFrom('favorites').where('user_id', '=', userId).where('course_id', '=', courseId).execute();
}

export async function isFavorite(db: Conn, userId: number, courseId: number): Promise<boolean> {
  const row = await db.selectFrom('favorites').select('id').where('user_id', '=', userId).where('course_id', '=', courseId).executeTakeFirst();
  return row !== undefined;
}

/** The user's favourites, newest first (by id: favouriting again never reorders); only one subject's courses when given. */
export function listFavorites(db: Conn, userId: number, subjectId: number | undefined, offset: number, limit: number): Promise<FavoriteRow[]> {
  return ofUser(db, userId, subjectId)
    .select(['favorites.id', 'favorites.course_id', 'favorites.created_at'])
    .orderBy('favorites.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countFavorites(db: Conn, userId: number, subjectId: number | undefined): Promise<number> {
  return countRows(ofUser(db, userId, subjectId));
}

/** The user's favourites joined to their courses, narrowed to a subject (the course's subject) when given. */
function ofUser(db: Conn, userId: number, subjectId: number | undefined) {
  // Without a subject the courses are not joined: course_id cascades, so every favourite has its
  // course, and the count and the page stay on the (user_id, id, course_id) index (decision 022).
  if (subjectId === undefined) return db.selectFrom('favorites').where('favorites.user_id', '=', userId);
  return db.selectFrom('favorites').innerJoin('courses', 'courses.id', 'favorites.course_id').where('favorites.user_id', '=', userId).where('courses.subject_id', '=', subjectId);
}
