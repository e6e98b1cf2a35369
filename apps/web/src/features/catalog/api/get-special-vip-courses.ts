import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursePage } from '@jinfa/shared/schemas';
import { apiRequest, ApiError } from '../../../lib/api-client.ts';
import { toCoursePage } from '../lib/page.ts';

/** GET /v1/courses/special_vip → courses with a member price (the special-membership zone). */
export async function getSpecialVipCourses(signal?: AbortSignal): Promise<CoursePage> {
  try {
    return toCoursePage(await apiRequest<unknown>('/v1/courses/special_vip', { signal, silent: true }));
  } catch (error) {
    // A list: a business error is an empty zone (spec §7), a network error still throws.
    if (error instanceof ApiError && !error.isNetwork) return { rows: [], total: 0 };
    throw error;
  }
}

export function specialVipCoursesQueryOptions() {
  return queryOptions({ queryKey: ['catalog', 'courses', 'special_vip'], queryFn: ({ signal }) => getSpecialVipCourses(signal) });
}

export function useSpecialVipCourses() {
  return useQuery(specialVipCoursesQueryOptions());
}
