import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthenticateBody, TokenPair } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { saveTokens } from '../../../lib/auth-store.ts';
import { meQueryKey } from './get-me.ts';

/** PUT /v1/users/authenticate while logged in binds the phone to the current account. */
export async function bindPhone(body: AuthenticateBody): Promise<void> {
  const data = await api.put<Partial<TokenPair> | null>('/v1/users/authenticate', body);
  // If the server rotates the session on binding, keep the new tokens.
  if (data && typeof data.accessToken === 'string' && data.accessToken) {
    saveTokens({ accessToken: data.accessToken, refreshToken: data.refreshToken, userId: data.userId });
  }
}

export function useBindPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
