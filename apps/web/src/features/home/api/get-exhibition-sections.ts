import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExhibitionSection } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

export type { ExhibitionSection };

/** GET /v1/courses/query/index/page/exhibition/type → the home zones by home list type (spec §3). */
export function getExhibitionSections(signal?: AbortSignal): Promise<ExhibitionSection[]> {
  return listRequest<ExhibitionSection>('/v1/courses/query/index/page/exhibition/type', { signal });
}

export function exhibitionSectionsQueryOptions() {
  return queryOptions({ queryKey: ['home', 'exhibition'], queryFn: ({ signal }) => getExhibitionSections(signal) });
}

export function useExhibitionSections() {
  return useQuery(exhibitionSectionsQueryOptions());
}
