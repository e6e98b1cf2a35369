import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface SmsCodeResult {
  resendAfter: number;
  expiresIn: number;
}

/** POST /v1/users/online/sms_code with type 2 — a code for binding a phone. */
export function sendBindSmsCode(mobile: string): Promise<SmsCodeResult> {
  return api.post<SmsCodeResult>('/v1/users/online/sms_code', { mobile, type: 2 });
}

export function useSendBindSmsCode() {
  return useMutation({ mutationFn: sendBindSmsCode });
}
