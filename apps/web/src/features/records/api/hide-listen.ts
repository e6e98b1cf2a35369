import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HideListenResult } from '@jinfa/shared/learning-record-schemas';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { removeCourseRows, restoreRows } from '../../../lib/optimistic-course-removal.ts';
import { LISTEN_RECORDS_KEY } from './get-listen-records.ts';

/** POST /v1/courses/{id}/hide_listen: the course leaves my study records (until I listen again). */
export function hideListen(courseId: number): Promise<HideListenResult> {
  return api.post<HideListenResult>(`/v1/courses/${courseId}/hide_listen`, undefined, { silent: true });
}

/** The row leaves at once and comes back if the server refuses. */
export function useHideListen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) => hideListen(courseId),
    onMutate: (courseId) => removeCourseRows(queryClient, LISTEN_RECORDS_KEY, courseId),
    onError: (_error, _courseId, snapshot) => {
      restoreRows(queryClient, snapshot);
      toast.fail('删除失败，请稍后重试');
    },
    onSuccess: () => toast.success('已从学习记录中删除'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LISTEN_RECORDS_KEY }),
  });
}
