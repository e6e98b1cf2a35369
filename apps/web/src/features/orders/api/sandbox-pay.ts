import type { SandboxPayResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/orders/{orderId}/sandbox_pay: the sandbox cashier's 确认支付 (the server then notifies itself). */
export function sandboxPay(orderId: number): Promise<SandboxPayResult> {
  return api.post<SandboxPayResult>(`/v1/orders/${orderId}/sandbox_pay`);
}
