import { useMutation } from '@tanstack/react-query';
import type { EmailCodeResult } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

export type { EmailCodeResult };

/** POST /v1/users/me/email/code — mails a 6-digit code to the profile's (unverified) address. */
export function sendEmailCode(): Promise<EmailCodeResult> {
  return api.post<EmailCodeResult>('/v1/users/me/email/code', {});
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
