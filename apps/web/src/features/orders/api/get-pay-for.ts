import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayForSummary } from '@jinfa/shared/order-kind-schemas';
import { api } from '../../../lib/api-client.ts';

export type { PayForSummary };

/**
 * GET /v1/orders/pay_for/{token}: what a 代付 link asks the friend to pay — the item, the price,
 * the owner's nickname and the order's state. Silent: the page says itself that a link is bad
 * (-10102) rather than a popup over an empty page.
 */
export function getPayFor(token: string, signal?: AbortSignal): Promise<PayForSummary> {
  return api.get<PayForSummary>(`/v1/orders/pay_for/${encodeURIComponent(token)}`, { signal, silent: true });
}

export function payForQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['orders', 'pay-for', token] as const,
    queryFn: ({ signal }) => getPayFor(token, signal),
    // Someone else may pay or the order may close at any time: ask again whenever the page opens.
    staleTime: 0,
    retry: false,
  });
}

export function usePayFor(token: string) {
  return useQuery(payForQueryOptions(token));
}
