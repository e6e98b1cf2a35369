import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteState } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/favorites/{id}/check — only needed when the detail came without `isFavorite`. */
export function getFavoriteCheck(courseId: number, signal?: AbortSignal): Promise<FavoriteState> {
  return api.get<FavoriteState>(`/v1/favorites/${courseId}/check`, { signal, silent: true });
}

export const favoriteCheckQueryKey = (courseId: number) => ['favorites', 'check', courseId] as const;

export function favoriteCheckQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: favoriteCheckQueryKey(courseId),
    queryFn: ({ signal }) => getFavoriteCheck(courseId, signal),
  });
}

export function useFavoriteCheck(courseId: number, enabled: boolean) {
  return useQuery({ ...favoriteCheckQueryOptions(courseId), enabled });
}
