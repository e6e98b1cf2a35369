import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppraisalBody, AppraisalResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { appraisalsQueryKey } from './get-appraisals.ts';

export type { AppraisalBody, AppraisalResult };

/** POST /v1/courses/{id}/appraisals — a learner's second appraisal replaces the first. */
export function postAppraisal(body: AppraisalBody): Promise<AppraisalResult> {
  return api.post<AppraisalResult>(`/v1/courses/${body.courseId}/appraisals`, body);
}

export function usePostAppraisal(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<AppraisalBody, 'courseId'>) => postAppraisal({ ...input, courseId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appraisalsQueryKey(courseId) }),
  });
}
