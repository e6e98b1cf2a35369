import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListenRecordItem, ListenRecordPage } from '@jinfa/shared/learning-record-schemas';
import { api } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';

export type LastListened = ListenRecordItem;

/** GET /v1/courses/listen_record_list?pageIndex=1&pageSize=1: the course I listened to last. */
export function getLastListened(signal?: AbortSignal): Promise<LastListened | null> {
  return api
    .get<ListenRecordPage>('/v1/courses/listen_record_list', { query: { pageIndex: 1, pageSize: 1 }, signal, silent: true })
    .then((page) => page.rows[0] ?? null);
}

export function lastListenedQueryOptions() {
  return queryOptions({
    // Under the study-record list's key, so hiding or new listening refreshes it too.
    queryKey: ['courses', 'listen_record_list', 'last'] as const,
    queryFn: ({ signal }) => getLastListened(signal),
    enabled: () => getAccessToken() != null,
  });
}

export function useLastListened() {
  return useQuery(lastListenedQueryOptions());
}
