import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagSummary } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

export type { TagSummary };

/** GET /v1/tags/hot?size → the most used tags. */
export function getHotTags(size: number, signal?: AbortSignal): Promise<TagSummary[]> {
  return listRequest<TagSummary>('/v1/tags/hot', { query: { size }, signal, silent: true });
}

export function hotTagsQueryOptions(size = 12) {
  return queryOptions({
    queryKey: ['catalog', 'tags', 'hot', size],
    queryFn: ({ signal }) => getHotTags(size, signal),
    staleTime: 10 * 60_000,
  });
}

export function useHotTags(size?: number) {
  return useQuery(hotTagsQueryOptions(size));
}
