import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseCard } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

/** GET /v1/courses/my_custom?isRandom&size → picks from the subjects the learner follows. */
export function getMyCustomCourses(size: number, batch: number, signal?: AbortSignal): Promise<CourseCard[]> {
  // Batch 0 is the stable first pick; every 换一批 asks for a random one.
  return listRequest<CourseCard>('/v1/courses/my_custom', {
    query: { isRandom: batch > 0 ? 1 : 0, size },
    signal,
    // Home is open to visitors: no picks is fine, a login prompt is not.
    noLoginRedirect: true,
    silent: true,
  });
}

export function myCustomCoursesQueryOptions(size = 4, batch = 0) {
  return queryOptions({
    queryKey: ['home', 'courses', 'my_custom', size, batch],
    queryFn: ({ signal }) => getMyCustomCourses(size, batch, signal),
  });
}

export function useMyCustomCourses(size?: number, batch?: number) {
  return useQuery({ ...myCustomCoursesQueryOptions(size, batch), placeholderData: (previous) => previous });
}
