import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';

/** GET /v1/users/me: whose report is printed (name, mobile, company). */
export function useMe() {
  return useQuery(
    queryOptions({
      queryKey: ['users', 'me'] as const,
      queryFn: ({ signal }) => api.get<UserProfile>('/v1/users/me', { signal, silent: true }),
      enabled: () => getAccessToken() != null,
    }),
  );
}
