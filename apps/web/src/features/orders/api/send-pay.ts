import { useMutation } from '@tanstack/react-query';
import type { SendPayResult } from '@jinfa/shared/order-kind-schemas';
import { api } from '../../../lib/api-client.ts';

export type { SendPayResult };

/**
 * POST /v1/orders/{orderId}/send_pay: the 代付 link of the caller's own pending order (decision
 * 013) — `path` is the H5 route `/order/payFor?token=…` a friend opens to pay it.
 */
export function sendPay(orderId: number): Promise<SendPayResult> {
  return api.post<SendPayResult>(`/v1/orders/${orderId}/send_pay`);
}

export function useSendPay() {
  return useMutation({ mutationFn: (orderId: number) => sendPay(orderId) });
}
