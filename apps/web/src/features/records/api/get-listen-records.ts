import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListenRecordItem } from '@jinfa/shared/learning-record-schemas';
import { listRequest } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { nextPageIndex } from '../../../components/infinite-list.tsx';

export type ListenRecord = ListenRecordItem;
export const LISTEN_RECORDS_PAGE_SIZE = 10;
/** Hiding a course and new listening invalidate everything under this key. */
export const LISTEN_RECORDS_KEY = ['courses', 'listen_record_list'] as const;

/** GET /v1/courses/listen_record_list?pageIndex&pageSize: my listened courses, last listened first. */
export function getListenRecords(pageIndex: number, signal?: AbortSignal) {
  return listRequest<ListenRecord>('/v1/courses/listen_record_list', {
    paged: true,
    query: { pageIndex, pageSize: LISTEN_RECORDS_PAGE_SIZE },
    signal,
  });
}

export function listenRecordsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: LISTEN_RECORDS_KEY,
    queryFn: ({ pageParam, signal }) => getListenRecords(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex(LISTEN_RECORDS_PAGE_SIZE),
    enabled: () => getAccessToken() != null,
  });
}

export function useListenRecords() {
  return useInfiniteQuery(listenRecordsQueryOptions());
}
