import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetail, UserProfile } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/courses/{id} for the poster (silent: the page shows its own state for a missing course). */
export function posterCourseQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['courses', courseId, 'detail'] as const,
    queryFn: ({ signal }) => api.get<CourseDetail>(`/v1/courses/${courseId}`, { signal, silent: true }),
  });
}

/** GET /v1/users/me: the learner's name goes on the poster (the route needs login). */
export function usePosterLearner() {
  return useQuery({
    queryKey: ['users', 'me'] as const,
    queryFn: ({ signal }) => api.get<UserProfile>('/v1/users/me', { signal, silent: true }),
  });
}

export function usePosterCourse(courseId: number | null) {
  return useQuery({ ...posterCourseQueryOptions(courseId ?? 0), enabled: courseId != null });
}
