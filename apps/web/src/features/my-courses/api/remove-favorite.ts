import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { FavoritePage } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { FAVORITE_LISTS_KEY } from './get-favorites.ts';

/** DELETE /v1/favorites/{courseId}. */
export function removeFavorite(courseId: number): Promise<unknown> {
  return api.delete<unknown>(`/v1/favorites/${courseId}`, { silent: true });
}

type Lists = [readonly unknown[], InfiniteData<FavoritePage, number> | undefined][];

/** Removal from my collection: the row leaves at once and comes back if the server refuses. */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) => removeFavorite(courseId),
    onMutate: async (courseId): Promise<Lists> => {
      await queryClient.cancelQueries({ queryKey: FAVORITE_LISTS_KEY });
      const snapshot = queryClient.getQueriesData<InfiniteData<FavoritePage, number>>({ queryKey: FAVORITE_LISTS_KEY });
      queryClient.setQueriesData<InfiniteData<FavoritePage, number>>({ queryKey: FAVORITE_LISTS_KEY }, (old) =>
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
      toast.fail('取消收藏失败，请稍后重试');
    },
    onSuccess: () => toast.success('已取消收藏'),
    onSettled: (_data, _error, courseId) => {
      void queryClient.invalidateQueries({ queryKey: FAVORITE_LISTS_KEY });
      // The course page's heart reads the detail.
      void queryClient.invalidateQueries({ queryKey: ['courses', courseId, 'detail'] });
    },
  });
}
