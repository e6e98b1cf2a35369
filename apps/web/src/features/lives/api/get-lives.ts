import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { LiveCard } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';
import { nextPageIndex } from '../../../components/infinite-list.tsx';

export type { LiveCard };
export type LiveScope = 'upcoming' | 'past';

export const LIVES_PAGE_SIZE = 10;

/** GET /v1/lives?scope → upcoming (not begun and living, soonest first) or past (newest first). */
export function getLives(scope: LiveScope, pageIndex: number, signal?: AbortSignal) {
  return listRequest<LiveCard>('/v1/lives', {
    paged: true,
    query: { scope, pageIndex, pageSize: LIVES_PAGE_SIZE },
    signal,
  });
}

export function livesQueryOptions(scope: LiveScope) {
  return infiniteQueryOptions({
    queryKey: ['lives', scope] as const,
    queryFn: ({ pageParam, signal }) => getLives(scope, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex(LIVES_PAGE_SIZE),
  });
}

export function useLives(scope: LiveScope) {
  return useInfiniteQuery(livesQueryOptions(scope));
}
