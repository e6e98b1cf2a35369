import { ApiError } from '../../../lib/api-error.ts';

/**
 * Spec §8 "login address fetch": what to tell the learner when asking the server for the
 * messaging-app (or QR-code) login address fails.
 */
export function loginAddressErrorText(error: unknown): string {
  if (error instanceof ApiError && !error.isNetwork) {
    if (/微信/.test(error.serverMessage)) return '请使用微信或App登录';
    return `操作失败，请稍后重试，错误码 ${error.code}`;
  }
  return '暂时无法登录，请稍后重试';
}
