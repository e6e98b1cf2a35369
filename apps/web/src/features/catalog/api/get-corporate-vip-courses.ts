import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CoursePage } from '@jinfa/shared/schemas';
import { apiRequest, ApiError } from '../../../lib/api-client.ts';
import { nextPageIndex } from '../../../components/infinite-list.tsx';
import { CATALOG_PAGE_SIZE, toCoursePage } from '../lib/page.ts';

/** GET /v1/courses/query/corporates_vip/type?corporateId → a corporate's member courses. */
export async function getCorporateVipCourses(
  corporateId: number,
  pageIndex: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<CoursePage> {
  try {
    const data = await apiRequest<unknown>('/v1/courses/query/corporates_vip/type', {
      query: { corporateId, pageIndex, pageSize },
      signal,
    });
    return toCoursePage(data);
  } catch (error) {
    if (error instanceof ApiError && !error.isNetwork) return { rows: [], total: 0 };
    throw error;
  }
}

export function corporateVipCoursesQueryOptions(corporateId: number, pageSize = CATALOG_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: ['catalog', 'courses', 'corporates_vip', corporateId, pageSize],
    queryFn: ({ pageParam, signal }) => getCorporateVipCourses(corporateId, pageParam, pageSize, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex(pageSize),
  });
}

export function useCorporateVipCourses(corporateId: number | undefined) {
  return useInfiniteQuery({ ...corporateVipCoursesQueryOptions(corporateId ?? 0), enabled: corporateId != null && corporateId > 0 });
}
