import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { ACTIVITIES_KEY } from './keys.ts';
import type { LinkReferral } from './get-cashback-offer.ts';

/** POST /v1/activities/cashback/{courseId}/order {suid, it}: the caller's pending cash-back order. */
export function createCashbackOrder(courseId: number, ref: LinkReferral): Promise<CreateOrderResult> {
  const body: { suid?: number; it?: string } = {};
  if (ref.suid != null) body.suid = ref.suid;
  if (ref.it != null) body.it = ref.it;
  return api.post<CreateOrderResult>(`/v1/activities/cashback/${courseId}/order`, body);
}

export function useCreateCashbackOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, ref }: { courseId: number; ref: LinkReferral }) => createCashbackOrder(courseId, ref),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY }),
  });
}
