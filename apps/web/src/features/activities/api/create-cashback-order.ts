import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { ACTIVITIES_KEY } from './keys.ts';

/** POST /v1/activities/cashback/{courseId}/order {suid}: the caller's pending cash-back order. */
export function createCashbackOrder(courseId: number, suid: number | null): Promise<CreateOrderResult> {
  return api.post<CreateOrderResult>(`/v1/activities/cashback/${courseId}/order`, suid == null ? {} : { suid });
}

export function useCreateCashbackOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, suid }: { courseId: number; suid: number | null }) => createCashbackOrder(courseId, suid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY }),
  });
}
