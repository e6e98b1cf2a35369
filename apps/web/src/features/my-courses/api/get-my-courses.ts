import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MyCoursePage } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { nextPageIndex } from '../../../components/infinite-list.tsx';

export type MyCourse = MyCoursePage['rows'][number];
/** 0 学习中 (recently opened), 1 已购 (bought, member or free enrolment). */
export type MyCoursesTab = 0 | 1;

export const MY_COURSES_PAGE_SIZE = 10;

/** GET /v1/courses/mine?cur&subjectId&pageIndex&pageSize. */
export function getMyCourses(cur: MyCoursesTab, pageIndex: number, subjectId?: number, signal?: AbortSignal) {
  return listRequest<MyCourse>('/v1/courses/mine', {
    paged: true,
    query: { cur, subjectId, pageIndex, pageSize: MY_COURSES_PAGE_SIZE },
    signal,
  });
}

/** Enrolling and buying invalidate everything under this key. */
export const MY_COURSES_KEY = ['courses', 'mine'] as const;

export function myCoursesQueryOptions(cur: MyCoursesTab, subjectId?: number) {
  return infiniteQueryOptions({
    queryKey: [...MY_COURSES_KEY, cur, subjectId ?? null] as const,
    queryFn: ({ pageParam, signal }) => getMyCourses(cur, pageParam, subjectId, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex(MY_COURSES_PAGE_SIZE),
    enabled: () => getAccessToken() != null,
  });
}

export function useMyCourses(cur: MyCoursesTab, subjectId?: number) {
  return useInfiniteQuery(myCoursesQueryOptions(cur, subjectId));
}
