import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from './toast.ts';

/** An infinite list page of course rows (my collection, my study records, …). */
interface CourseRowPage {
  rows: { course: { courseId: number } }[];
  total: number;
}

export type RowsSnapshot = [QueryKey, unknown][];

/**
 * Optimistic removal: takes the course's row out of every cached infinite list under `key` at
 * once and answers what was there, for `restoreRows` when the server refuses.
 */
export async function removeCourseRows(queryClient: QueryClient, key: QueryKey, courseId: number): Promise<RowsSnapshot> {
  await queryClient.cancelQueries({ queryKey: key });
  const snapshot = queryClient.getQueriesData<InfiniteData<CourseRowPage, number>>({ queryKey: key });
  queryClient.setQueriesData<InfiniteData<CourseRowPage, number>>({ queryKey: key }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            rows: page.rows.filter((row) => row.course.courseId !== courseId),
            total: Math.max(0, page.total - 1),
          })),
        }
      : old,
  );
  return snapshot;
}

export function restoreRows(queryClient: QueryClient, snapshot: RowsSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

interface CourseRemoval<T> {
  /** Asks the server to take the course's row away. */
  remove: (courseId: number) => Promise<T>;
  /** The infinite lists the row leaves at once (and refetched once the server has answered). */
  key: QueryKey;
  /** Other queries showing the row's state, refetched with the lists. */
  alsoRefresh?: (courseId: number) => QueryKey;
  done: string;
  failed: string;
}

/** A row removal the learner sees at once: the row leaves, and comes back with a toast if the server refuses. */
export function useCourseRemoval<T>({ remove, key, alsoRefresh, done, failed }: CourseRemoval<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onMutate: (courseId: number) => removeCourseRows(queryClient, key, courseId),
    onError: (_error, _courseId, snapshot) => {
      restoreRows(queryClient, snapshot);
      toast.fail(failed);
    },
    onSuccess: () => toast.success(done),
    onSettled: (_data, _error, courseId) => {
      void queryClient.invalidateQueries({ queryKey: key });
      if (alsoRefresh) void queryClient.invalidateQueries({ queryKey: alsoRefresh(courseId) });
    },
  });
}
