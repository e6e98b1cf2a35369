import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ColumnDetail } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

export type { ColumnDetail };

/** GET /v1/columns/{id}. Silent: a gone column (-1366) gets its own state page. */
export function getColumn(columnId: number, signal?: AbortSignal): Promise<ColumnDetail> {
  return api.get<ColumnDetail>(`/v1/columns/${columnId}`, { signal, silent: true });
}

export function columnQueryOptions(columnId: number) {
  return queryOptions({
    queryKey: ['columns', columnId] as const,
    queryFn: ({ signal }) => getColumn(columnId, signal),
  });
}

export function useColumn(columnId: number) {
  return useQuery(columnQueryOptions(columnId));
}
