import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface AppVersion {
  version: string;
  minVersion: string;
  releaseNotes: string;
  downloadUrl: string;
}

/** GET /v1/app/version_in_use — shown under 设置 › 关于. */
export function getAppVersion(signal?: AbortSignal): Promise<AppVersion> {
  return api.get<AppVersion>('/v1/app/version_in_use', { signal, silent: true });
}

export function appVersionQueryOptions() {
  return queryOptions({
    queryKey: ['app', 'version_in_use'] as const,
    queryFn: ({ signal }) => getAppVersion(signal),
    staleTime: 10 * 60_000,
  });
}

export function useAppVersion() {
  return useQuery(appVersionQueryOptions());
}
