import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Chapter } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

export type { Chapter };

/** GET /v1/courses/{id}/series → the chapters of a series course, in order. */
export function getSeries(courseId: number, signal?: AbortSignal): Promise<Chapter[]> {
  return listRequest<Chapter>(`/v1/courses/${courseId}/series`, { signal });
}

export function seriesQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['courses', courseId, 'series'] as const,
    queryFn: ({ signal }) => getSeries(courseId, signal),
  });
}

export function useSeries(courseId: number, enabled: boolean) {
  return useQuery({ ...seriesQueryOptions(courseId), enabled });
}
