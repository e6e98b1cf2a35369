import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MyGroupRow } from '@jinfa/shared/activity-schemas';
import { nextPageIndex } from '../../../components/infinite-list.tsx';
import { listRequest } from '../../../lib/api-client.ts';
import { ACTIVITIES_KEY } from './keys.ts';

const PAGE_SIZE = 10;

/** GET /v1/activities/groups/mine?pageIndex&pageSize. */
export function getMyGroups(pageIndex: number, signal?: AbortSignal) {
  return listRequest<MyGroupRow>('/v1/activities/groups/mine', { paged: true, query: { pageIndex, pageSize: PAGE_SIZE }, signal });
}

export function myGroupsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...ACTIVITIES_KEY, 'my-groups'] as const,
    queryFn: ({ pageParam, signal }) => getMyGroups(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex(PAGE_SIZE),
  });
}

export function useMyGroups() {
  return useInfiniteQuery(myGroupsQueryOptions());
}
