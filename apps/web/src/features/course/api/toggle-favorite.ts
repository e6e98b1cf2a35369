import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail, FavoriteState } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { courseQueryKey } from './get-course.ts';
import { favoriteCheckQueryKey } from './get-favorite-check.ts';

/** POST /v1/favorites/{id} adds, DELETE removes. */
export function setFavorite(courseId: number, favorite: boolean): Promise<unknown> {
  // Silent: the rollback below tells the learner, a popup on top would be noise.
  return favorite
    ? api.post<unknown>(`/v1/favorites/${courseId}`, undefined, { silent: true })
    : api.delete<unknown>(`/v1/favorites/${courseId}`, { silent: true });
}

/** Every favourites list (my collection, a subject's collection) starts with this key. */
export const FAVORITE_LISTS_KEY = ['favorites', 'list'] as const;

interface Snapshot {
  detail: CourseDetail | undefined;
  check: FavoriteState | undefined;
}

/**
 * The optimistic favourite toggle (STYLE.md §5, Bluesky's bookmark mutation): the heart flips
 * at once, and flips back with a toast when the server refuses.
 */
export function useToggleFavorite(courseId: number) {
  const queryClient = useQueryClient();
  const detailKey = courseQueryKey(courseId);
  const checkKey = favoriteCheckQueryKey(courseId);
  return useMutation({
    mutationFn: (favorite: boolean) => setFavorite(courseId, favorite),
    onMutate: async (favorite): Promise<Snapshot> => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: detailKey }),
        queryClient.cancelQueries({ queryKey: checkKey }),
      ]);
      const snapshot: Snapshot = {
        detail: queryClient.getQueryData<CourseDetail>(detailKey),
        check: queryClient.getQueryData<FavoriteState>(checkKey),
      };
      queryClient.setQueryData<CourseDetail>(detailKey, (old) => (old ? { ...old, isFavorite: favorite } : old));
      queryClient.setQueryData<FavoriteState>(checkKey, { favorite });
      return snapshot;
    },
    onError: (_error, favorite, snapshot) => {
      queryClient.setQueryData(detailKey, snapshot?.detail);
      queryClient.setQueryData(checkKey, snapshot?.check);
      toast.fail(favorite ? '收藏失败，请稍后重试' : '取消收藏失败，请稍后重试');
    },
    onSuccess: (_data, favorite) => {
      toast.success(favorite ? '已收藏' : '已取消收藏');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVORITE_LISTS_KEY }),
  });
}
