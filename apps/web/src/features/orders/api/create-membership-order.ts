import type { CreateOrderResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/orders/member/{planId}: my pending order for a membership plan (reused when one exists; decision 012). */
export function createMembershipOrder(planId: number): Promise<CreateOrderResult> {
  return api.post<CreateOrderResult>(`/v1/orders/member/${planId}`);
}
