import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';

export type { UserProfile };

/** GET /v1/users/me → the learner's profile. */
export function getMe(signal?: AbortSignal): Promise<UserProfile> {
  return api.get<UserProfile>('/v1/users/me', { signal });
}

export const meQueryKey = ['users', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    enabled: () => getAccessToken() != null,
  });
}

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled: (options.enabled ?? true) && getAccessToken() != null });
}
