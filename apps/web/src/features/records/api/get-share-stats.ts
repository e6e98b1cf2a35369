import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareStats } from '@jinfa/shared/learning-record-schemas';
import { api } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';

/** GET /v1/courses/share_stats: my shares, by course, newest first. */
export function getShareStats(signal?: AbortSignal) {
  return api.get<ShareStats>('/v1/courses/share_stats', { query: { pageIndex: 1, pageSize: 50 }, signal });
}

export function useShareStats() {
  return useQuery(
    queryOptions({
      queryKey: ['courses', 'share_stats'] as const,
      queryFn: ({ signal }) => getShareStats(signal),
      enabled: () => getAccessToken() != null,
    }),
  );
}
