import type { CreateOrderResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/orders/{courseId}: the learner's pending order for the course (reused when one exists). */
export function createOrder(courseId: number): Promise<CreateOrderResult> {
  return api.post<CreateOrderResult>(`/v1/orders/${courseId}`);
}
