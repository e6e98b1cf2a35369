import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FavoriteItem } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { nextPageIndex } from '../../../components/infinite-list.tsx';

export type { FavoriteItem };

export const FAVORITES_PAGE_SIZE = 10;

/** GET /v1/favorites/list?pageIndex&pageSize[&subjectId] → newest favourites first. */
export function getFavorites(pageIndex: number, subjectId?: number, signal?: AbortSignal) {
  return listRequest<FavoriteItem>('/v1/favorites/list', {
    paged: true,
    query: { pageIndex, pageSize: FAVORITES_PAGE_SIZE, subjectId },
    signal,
  });
}

/** The course page's favourite toggle invalidates every list under this key. */
export const FAVORITE_LISTS_KEY = ['favorites', 'list'] as const;

export function favoritesQueryOptions(subjectId?: number) {
  return infiniteQueryOptions({
    queryKey: [...FAVORITE_LISTS_KEY, subjectId ?? null] as const,
    queryFn: ({ pageParam, signal }) => getFavorites(pageParam, subjectId, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex(FAVORITES_PAGE_SIZE),
    enabled: () => getAccessToken() != null,
  });
}

export function useFavorites(subjectId?: number) {
  return useInfiniteQuery(favoritesQueryOptions(subjectId));
}
