import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ColumnCard } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';
import { nextPageIndex } from '../../../components/infinite-list.tsx';

export type { ColumnCard };

export const COLUMNS_PAGE_SIZE = 10;

/** GET /v1/columns?pageIndex&pageSize → the columns on sale. */
export function getColumns(pageIndex: number, signal?: AbortSignal) {
  return listRequest<ColumnCard>('/v1/columns', {
    paged: true,
    query: { pageIndex, pageSize: COLUMNS_PAGE_SIZE },
    signal,
  });
}

export function columnsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['columns', 'list'] as const,
    queryFn: ({ pageParam, signal }) => getColumns(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex(COLUMNS_PAGE_SIZE),
  });
}

export function useColumns() {
  return useInfiniteQuery(columnsQueryOptions());
}
