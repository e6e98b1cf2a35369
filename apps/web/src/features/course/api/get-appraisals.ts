import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appraisal, AppraisalPage } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

export type { Appraisal, AppraisalPage };

export const APPRAISALS_SHOWN = 10;

/** GET /v1/courses/{id}/appraisals → newest appraisals, their total and the average score. */
export function getAppraisals(courseId: number, signal?: AbortSignal): Promise<AppraisalPage> {
  return api.get<AppraisalPage>(`/v1/courses/${courseId}/appraisals`, {
    query: { pageIndex: 1, pageSize: APPRAISALS_SHOWN },
    signal,
  });
}

export const appraisalsQueryKey = (courseId: number) => ['courses', courseId, 'appraisals'] as const;

export function appraisalsQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: appraisalsQueryKey(courseId),
    queryFn: ({ signal }) => getAppraisals(courseId, signal),
  });
}

export function useAppraisals(courseId: number) {
  return useQuery(appraisalsQueryOptions(courseId));
}
