import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseCard } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

export const RELATED_COUNT = 5;

/** GET /v1/courses/{id}/related/{count} → courses of the same subject or tags. */
export function getRelated(courseId: number, count = RELATED_COUNT, signal?: AbortSignal): Promise<CourseCard[]> {
  return listRequest<CourseCard>(`/v1/courses/${courseId}/related/${count}`, { signal });
}

export function relatedQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['courses', courseId, 'related', RELATED_COUNT] as const,
    queryFn: ({ signal }) => getRelated(courseId, RELATED_COUNT, signal),
    // Recommendations barely change while the learner reads the page.
    staleTime: 5 * 60_000,
  });
}

export function useRelated(courseId: number) {
  return useQuery(relatedQueryOptions(courseId));
}
