import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderQuote, QuoteTarget } from '@jinfa/shared/order-kind-schemas';
import { api } from '../../../lib/api-client.ts';

export type { OrderQuote, QuoteTarget };

/** GET /v1/orders/quote/{target}/{id}: the caller's price and the rule's answer (code 0 = can buy). */
export function getOrderQuote(target: QuoteTarget, id: number, signal?: AbortSignal): Promise<OrderQuote> {
  return api.get<OrderQuote>(`/v1/orders/quote/${target}/${id}`, { signal });
}

export function orderQuoteOptions(target: QuoteTarget, id: number) {
  return queryOptions({
    queryKey: ['orders', 'quote', target, id] as const,
    queryFn: ({ signal }) => getOrderQuote(target, id, signal),
    // Prices and windows move; the page re-asks whenever it opens.
    staleTime: 0,
  });
}

export function useOrderQuote(target: QuoteTarget, id: number) {
  return useQuery(orderQuoteOptions(target, id));
}
