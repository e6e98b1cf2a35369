import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Order, OrderListParams } from '@jinfa/shared/schemas';
import { nextPageIndex } from '../../../components/infinite-list.tsx';
import { listRequest } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';

export type { Order };
/** Order types (spec §3): normal 1, invite 2, group 3, cashback 4, live 6. */
export type OrderType = OrderListParams['type'];

export const ORDERS_PAGE_SIZE = 10;

/** Paying and cancelling invalidate everything under this key. */
export const ORDERS_KEY = ['orders'] as const;

/** GET /v1/orders/list/{type}?pageIndex&pageSize. */
export function getOrders(type: OrderType, pageIndex: number, signal?: AbortSignal) {
  return listRequest<Order>(`/v1/orders/list/${type}`, {
    paged: true,
    query: { pageIndex, pageSize: ORDERS_PAGE_SIZE },
    signal,
  });
}

export function ordersQueryOptions(type: OrderType) {
  return infiniteQueryOptions({
    queryKey: [...ORDERS_KEY, 'list', type] as const,
    queryFn: ({ pageParam, signal }) => getOrders(type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex(ORDERS_PAGE_SIZE),
    enabled: () => getAccessToken() != null,
  });
}

export function useOrders(type: OrderType) {
  return useInfiniteQuery(ordersQueryOptions(type));
}
