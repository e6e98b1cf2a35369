import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface SmsCodeResult {
  /** Seconds before another code may be requested. */
  resendAfter: number;
  expiresIn: number;
}

/** POST /v1/users/online/sms_code with type 1 — a login code. */
export function sendLoginSmsCode(mobile: string): Promise<SmsCodeResult> {
  return api.post<SmsCodeResult>('/v1/users/online/sms_code', { mobile, type: 1 }, { noLoginRedirect: true });
}

export function useSendLoginSmsCode() {
  return useMutation({ mutationFn: sendLoginSmsCode });
}
