import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

export type { Banner };

/** GET /v1/banners → the home carousel. */
export function getBanners(signal?: AbortSignal): Promise<Banner[]> {
  return listRequest<Banner>('/v1/banners', { signal, silent: true });
}

export function bannersQueryOptions() {
  return queryOptions({ queryKey: ['home', 'banners'], queryFn: ({ signal }) => getBanners(signal), staleTime: 5 * 60_000 });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
