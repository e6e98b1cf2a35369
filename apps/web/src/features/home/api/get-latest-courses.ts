import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseCard } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

/** GET /v1/courses/latest?size → the newest on-shelf courses. */
export function getLatestCourses(size: number, signal?: AbortSignal): Promise<CourseCard[]> {
  return listRequest<CourseCard>('/v1/courses/latest', { query: { size }, signal });
}

export function latestCoursesQueryOptions(size = 6) {
  return queryOptions({ queryKey: ['home', 'courses', 'latest', size], queryFn: ({ signal }) => getLatestCourses(size, signal) });
}

export function useLatestCourses(size?: number) {
  return useQuery(latestCoursesQueryOptions(size));
}
