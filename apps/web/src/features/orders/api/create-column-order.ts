import type { CreateOrderResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/orders/create/order/{columnId}: a whole column (kind 3). */
export function createColumnOrder(columnId: number): Promise<CreateOrderResult> {
  return api.post<CreateOrderResult>(`/v1/orders/create/order/${columnId}`);
}
