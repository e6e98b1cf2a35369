import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LearnerPage } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

export type Learner = LearnerPage['rows'][number];

/** How many avatars the course page shows in its learners strip. */
export const LEARNERS_SHOWN = 8;

/** GET /v1/courses/{id}/users?pageIndex&pageSize → recent learners (names masked) and the total. */
export function getLearners(courseId: number, pageIndex = 1, pageSize = LEARNERS_SHOWN, signal?: AbortSignal) {
  return listRequest<Learner>(`/v1/courses/${courseId}/users`, {
    paged: true,
    query: { pageIndex, pageSize },
    signal,
  });
}

export function learnersQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['courses', courseId, 'learners'] as const,
    queryFn: ({ signal }) => getLearners(courseId, 1, LEARNERS_SHOWN, signal),
  });
}

export function useLearners(courseId: number) {
  return useQuery(learnersQueryOptions(courseId));
}
