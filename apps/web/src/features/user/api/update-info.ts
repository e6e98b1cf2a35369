import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInfoBody } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from './get-me.ts';

export type { UserInfoBody };

/** PUT /v1/users/online/info — update a profile that was submitted before. */
export function updateInfo(body: UserInfoBody): Promise<unknown> {
  return api.put<unknown>('/v1/users/online/info', body);
}

/** PUT /v1/users/online/info_init?changeSourceType=2 — the first submission of a profile. */
export function initInfo(body: UserInfoBody): Promise<unknown> {
  return api.put<unknown>('/v1/users/online/info_init', body, { query: { changeSourceType: 2 } });
}

export function useSaveInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, first }: { body: UserInfoBody; first: boolean }) => (first ? initInfo(body) : updateInfo(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
