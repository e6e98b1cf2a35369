import type { PayParams, PayScene } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /v1/orders/pay_for/{token}/order_web_wxpay?scene=: pay parameters for someone else's order
 * (代付), drawn on the caller's own WeChat identity; the owner still gets what it buys.
 */
export function getPayForPayParams(token: string, scene?: PayScene): Promise<PayParams> {
  return api.post<PayParams>(`/v1/orders/pay_for/${encodeURIComponent(token)}/order_web_wxpay`, undefined, scene ? { query: { scene } } : undefined);
}
