import type { PayParams } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/orders/{orderId}/order_web_wxpay: what the pay bridge needs for this order. */
export function getPayParams(orderId: number): Promise<PayParams> {
  return api.post<PayParams>(`/v1/orders/${orderId}/order_web_wxpay`);
}
