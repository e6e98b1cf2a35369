import { useState } from 'react';
import { useCountdown } from '../hooks/use-countdown.ts';
import { MOBILE_PATTERN } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import styles from './sms-code-button.module.css';

export const DEFAULT_RESEND_SECONDS = 60;

interface SmsCodeButtonProps {
  mobile: string;
  /** Sends the code; answers how long to wait before the next one (`resendAfter`, seconds). */
  onSend: (mobile: string) => Promise<{ resendAfter?: number }>;
  disabled?: boolean;
}

/** 获取验证码 with a countdown from the server's `resendAfter` (60 s when it says nothing). */
export function SmsCodeButton({ mobile, onSend, disabled }: SmsCodeButtonProps) {
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const handleClick = async () => {
    if (!MOBILE_PATTERN.test(mobile)) {
      toast.fail('请输入正确的手机号');
      return;
    }
    setSending(true);
    try {
      const result = await onSend(mobile);
      start(result?.resendAfter && result.resendAfter > 0 ? result.resendAfter : DEFAULT_RESEND_SECONDS);
      toast.success('验证码已发送');
    } catch {
      // The API client already showed why.
    } finally {
      setSending(false);
    }
  };

  const waiting = left > 0;
  return (
    <button
      type="button"
      className={styles.button}
      onClick={handleClick}
      disabled={disabled || sending || waiting}
      aria-live="polite"
    >
      {waiting ? `${left}s 后重新获取` : sending ? '发送中…' : '获取验证码'}
    </button>
  );
}
