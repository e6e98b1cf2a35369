import type { OrderProgress } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/courses/{courseId}/check_order_progress. Silent: the poller decides what to say. */
export function checkOrderProgress(courseId: number, signal?: AbortSignal): Promise<OrderProgress> {
  return api.get<OrderProgress>(`/v1/courses/${courseId}/check_order_progress`, { signal, silent: true });
}
