import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionsBody } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';

export type { SubscriptionsBody };

/** GET /v1/users/me/subscriptions → the subjects the learner follows. */
export function getSubscriptions(signal?: AbortSignal): Promise<SubscriptionsBody> {
  return api.get<SubscriptionsBody>('/v1/users/me/subscriptions', { signal });
}

export const subscriptionsQueryKey = ['users', 'me', 'subscriptions'] as const;

export function subscriptionsQueryOptions() {
  return queryOptions({ queryKey: subscriptionsQueryKey, queryFn: ({ signal }) => getSubscriptions(signal) });
}

export function useSubscriptions() {
  return useQuery({ ...subscriptionsQueryOptions(), enabled: getAccessToken() != null });
}
