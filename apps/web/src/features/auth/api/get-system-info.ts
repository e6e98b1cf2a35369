import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemInfo } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

export type { SystemInfo };

/** GET /v1/system/info → {testLogin, payProvider, supportPhone, wechatAppId}. */
export function getSystemInfo(signal?: AbortSignal): Promise<SystemInfo> {
  return api.get<SystemInfo>('/v1/system/info', { signal, silent: true, noLoginRedirect: true, anonymous: true });
}

export function systemInfoQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'info'] as const,
    queryFn: ({ signal }) => getSystemInfo(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSystemInfo() {
  return useQuery(systemInfoQueryOptions());
}
