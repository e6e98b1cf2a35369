import type { CreateOrderResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/query.ts';

/** POST /v1/orders/{courseId}/auto_order?timestamp&sign: the course order of a signed link (24 h). */
export function createAutoOrder(courseId: number, link: { timestamp: string; sign: string }): Promise<CreateOrderResult> {
  return api.post<CreateOrderResult>(withQuery(`/v1/orders/${courseId}/auto_order`, link));
}
