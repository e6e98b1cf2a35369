import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { removeCourseRows, restoreRows } from '../../../lib/optimistic-course-removal.ts';
import { FAVORITE_LISTS_KEY } from './get-favorites.ts';

/** DELETE /v1/favorites/{courseId}. */
export function removeFavorite(courseId: number): Promise<unknown> {
  return api.delete<unknown>(`/v1/favorites/${courseId}`, { silent: true });
}

/** Removal from my collection: the row leaves at once and comes back if the server refuses. */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) => removeFavorite(courseId),
    onMutate: (courseId) => removeCourseRows(queryClient, FAVORITE_LISTS_KEY, courseId),
    onError: (_error, _courseId, snapshot) => {
      restoreRows(queryClient, snapshot);
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
