import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailVerifyResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from './get-me.ts';

/** POST /v1/users/me/email/verify — the code from the mail proves the address. */
export function verifyEmail(code: string): Promise<EmailVerifyResult> {
  return api.post<EmailVerifyResult>('/v1/users/me/email/verify', { code });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
