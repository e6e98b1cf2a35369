import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

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
