import type { CreateOrderResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/orders/chapter/{chapterId}: one chapter of a course (kind 2). */
export function createChapterOrder(chapterId: number): Promise<CreateOrderResult> {
  return api.post<CreateOrderResult>(`/v1/orders/chapter/${chapterId}`);
}
