import type { PayParams, PayScene } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /v1/orders/{orderId}/order_web_wxpay?scene=: what the pay bridge needs for this order.
 * `scene` says how this browser can pay (jsapi inside WeChat, h5 in a mobile browser, native QR on
 * a desktop); the sandbox answers its own sheet's parameters whatever the scene.
 */
export function getPayParams(orderId: number, scene?: PayScene): Promise<PayParams> {
  return api.post<PayParams>(`/v1/orders/${orderId}/order_web_wxpay`, undefined, scene ? { query: { scene } } : undefined);
}
