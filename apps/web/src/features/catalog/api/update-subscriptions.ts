import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionsBody } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { subscriptionsQueryKey } from './get-subscriptions.ts';

/** PUT /v1/users/me/subscriptions → replace the followed subjects. */
export function updateSubscriptions(body: SubscriptionsBody): Promise<SubscriptionsBody> {
  return api.put<SubscriptionsBody>('/v1/users/me/subscriptions', body);
}

export function useUpdateSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscriptions,
    onSuccess: (data, body) => {
      queryClient.setQueryData(subscriptionsQueryKey, data?.subjectIds ? data : body);
      // Followed subjects drive the personal picks on home.
      void queryClient.invalidateQueries({ queryKey: ['home', 'courses', 'my_custom'] });
    },
  });
}
