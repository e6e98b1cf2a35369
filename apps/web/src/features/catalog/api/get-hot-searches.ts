import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HotSearch } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

export type { HotSearch };

/** GET /v1/search/hot → suggested keywords, the hottest flagged. */
export function getHotSearches(signal?: AbortSignal): Promise<HotSearch[]> {
  return listRequest<HotSearch>('/v1/search/hot', { signal, silent: true });
}

export function hotSearchesQueryOptions() {
  return queryOptions({ queryKey: ['catalog', 'search', 'hot'], queryFn: ({ signal }) => getHotSearches(signal), staleTime: 10 * 60_000 });
}

export function useHotSearches(options: { enabled?: boolean } = {}) {
  return useQuery({ ...hotSearchesQueryOptions(), enabled: options.enabled ?? true });
}
