import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subject } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

export type { Subject };

/** GET /v1/subjects → every subject with its on-shelf course count. */
export function getSubjects(signal?: AbortSignal): Promise<Subject[]> {
  return listRequest<Subject>('/v1/subjects', { signal });
}

export function subjectsQueryOptions() {
  // Subjects change with the catalogue, not by the minute.
  return queryOptions({ queryKey: ['catalog', 'subjects'], queryFn: ({ signal }) => getSubjects(signal), staleTime: 10 * 60_000 });
}

export function useSubjects() {
  return useQuery(subjectsQueryOptions());
}
