import type { OrderProgress } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/course_members/orders/{orderId}: polled after the pay bridge reports success. Silent: the poller decides what to say. */
export function getMembershipOrder(orderId: number, signal?: AbortSignal): Promise<OrderProgress> {
  return api.get<OrderProgress>(`/v1/course_members/orders/${orderId}`, { signal, silent: true });
}
