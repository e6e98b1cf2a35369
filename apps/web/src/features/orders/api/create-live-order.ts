import type { CreateOrderResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/orders/live/{liveId}: a paid live course (kind 6, order type 6). */
export function createLiveOrder(liveId: number): Promise<CreateOrderResult> {
  return api.post<CreateOrderResult>(`/v1/orders/live/${liveId}`);
}
