import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { HideListenResult, ListenRecordPage } from '@jinfa/shared/learning-record-schemas';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { LISTEN_RECORDS_KEY } from './get-listen-records.ts';

/** POST /v1/courses/{id}/hide_listen: the course leaves my study records (until I listen again). */
export function hideListen(courseId: number): Promise<HideListenResult> {
  return api.post<HideListenResult>(`/v1/courses/${courseId}/hide_listen`, undefined, { silent: true });
}

type Snapshot = [readonly unknown[], InfiniteData<ListenRecordPage, number> | undefined][];

/** The row leaves at once and comes back if the server refuses. */
export function useHideListen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) => hideListen(courseId),
    onMutate: async (courseId): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: LISTEN_RECORDS_KEY });
      const snapshot = queryClient.getQueriesData<InfiniteData<ListenRecordPage, number>>({ queryKey: LISTEN_RECORDS_KEY });
      queryClient.setQueriesData<InfiniteData<ListenRecordPage, number>>({ queryKey: LISTEN_RECORDS_KEY }, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                rows: page.rows.filter((row) => row.course.courseId !== courseId),
                total: Math.max(0, page.total - 1),
              })),
            }
          : old,
      );
      return snapshot;
    },
    onError: (_error, _courseId, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
      toast.fail('删除失败，请稍后重试');
    },
    onSuccess: () => toast.success('已从学习记录中删除'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LISTEN_RECORDS_KEY }),
  });
}
