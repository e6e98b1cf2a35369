import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PresetUser } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';

export type { PresetUser };

/** GET /v1/users/preset → PresetUser[] (test-login mode only; empty otherwise). */
export function getPresetUsers(signal?: AbortSignal): Promise<PresetUser[]> {
  return listRequest<PresetUser>('/v1/users/preset', { signal, silent: true, noLoginRedirect: true, anonymous: true });
}

export function presetUsersQueryOptions() {
  return queryOptions({ queryKey: ['users', 'preset'] as const, queryFn: ({ signal }) => getPresetUsers(signal) });
}

export function usePresetUsers(enabled: boolean) {
  return useQuery({ ...presetUsersQueryOptions(), enabled });
}
