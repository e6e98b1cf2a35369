import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetail } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

export type { CourseDetail };

/**
 * GET /v1/courses/{id}. Silent: an off-shelf (-1281), not-started (-45061) or not-updated
 * (-45063) course is shown as a state page, so the generic popup would only say it twice.
 */
export function getCourse(courseId: number, signal?: AbortSignal): Promise<CourseDetail> {
  return api.get<CourseDetail>(`/v1/courses/${courseId}`, { signal, silent: true });
}

export const courseQueryKey = (courseId: number) => ['courses', courseId, 'detail'] as const;

export function courseQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: courseQueryKey(courseId),
    queryFn: ({ signal }) => getCourse(courseId, signal),
  });
}

export function useCourse(courseId: number) {
  return useQuery(courseQueryOptions(courseId));
}
