import type { SandboxPayResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/orders/pay_for/{token}/sandbox_pay: the sandbox cashier's 确认支付 for a 代付 order. */
export function payForSandboxPay(token: string): Promise<SandboxPayResult> {
  return api.post<SandboxPayResult>(`/v1/orders/pay_for/${encodeURIComponent(token)}/sandbox_pay`);
}
