import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CourseListQuery, CoursePage } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';
import { cleanQuery } from '../../../lib/query.ts';
import { nextPageIndex } from '../../../components/infinite-list.tsx';
import { CATALOG_PAGE_SIZE } from '../lib/page.ts';

export type CourseFilters = Omit<CourseListQuery, 'pageIndex' | 'pageSize'>;

/** GET /v1/courses/list → one page of the filtered catalogue. */
export function getCourses(query: CourseListQuery, signal?: AbortSignal): Promise<CoursePage> {
  return listRequest('/v1/courses/list', { query: cleanQuery(query), signal, paged: true });
}

export function coursesQueryOptions(filters: CourseFilters, pageSize = CATALOG_PAGE_SIZE) {
  const clean = cleanQuery(filters);
  return infiniteQueryOptions({
    queryKey: ['catalog', 'courses', 'list', clean, pageSize],
    queryFn: ({ pageParam, signal }) => getCourses({ ...clean, pageIndex: pageParam, pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex(pageSize),
  });
}

export function useCourses(filters: CourseFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...coursesQueryOptions(filters), enabled: options.enabled ?? true });
}
