import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ORDERS_KEY } from './get-orders.ts';

/** DELETE /v1/orders/{orderId}: cancel an unpaid order. */
export function cancelOrder(orderId: number): Promise<unknown> {
  return api.delete<unknown>(`/v1/orders/${orderId}`);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => cancelOrder(orderId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
