/**
 * The course-state codes a write on a course answers (spec §8): unknown → not found,
 * off shelf → -1281, not started → -45061. Reads of what a learner already has (favourites,
 * owned courses) do not go through here: an off-shelf course stays in their lists.
 */
import { ErrorCodes } from '@jinfa/shared';
import { AppError, NotFoundError } from '../../lib/errors.ts';

export const CourseStatus = { OFF_SHELF: 0, ON_SHELF: 1, NOT_STARTED: 2 } as const;

export interface CourseStateRow {
  id: number;
  status: number;
}

/** Throws unless the course exists. */
export function assertCourseExists<T extends CourseStateRow>(course: T | undefined): T {
  if (!course) throw new NotFoundError('课程不存在');
  return course;
}

/** Throws unless the course exists and is on shelf. */
export function assertCourseOnShelf<T extends CourseStateRow>(course: T | undefined): T {
  const c = assertCourseExists(course);
  if (c.status === CourseStatus.OFF_SHELF) throw new AppError(ErrorCodes.COURSE_OFF_SHELF);
  if (c.status === CourseStatus.NOT_STARTED) throw new AppError(ErrorCodes.COURSE_NOT_STARTED);
  if (c.status !== CourseStatus.ON_SHELF) throw new AppError(ErrorCodes.COURSE_OFF_SHELF);
  return c;
}
