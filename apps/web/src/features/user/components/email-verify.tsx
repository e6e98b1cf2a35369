import { useEffect, useId, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useCountdown } from '../../../hooks/use-countdown.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendEmailCode } from '../api/send-email-code.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import styles from './email-verify.module.css';

const DEFAULT_RESEND_SECONDS = 60;
const CODE_PATTERN = /^\d{6}$/;

interface EmailVerifyProps {
  email: string;
  /** Changes when the server just mailed a code (a new address was saved): start the countdown. */
  sentAt: number | null;
}

/**
 * The verify step for an unverified profile address (decision 018): nothing — courseware included —
 * is mailed to it until the learner types back the 6-digit code mailed there.
 */
export function EmailVerify({ email, sentAt }: EmailVerifyProps) {
  const inputId = useId();
  const hintId = useId();
  const [code, setCode] = useState('');
  const { left, start } = useCountdown();
  const send = useSendEmailCode();
  const verify = useVerifyEmail();

  useEffect(() => {
    if (sentAt !== null) start(DEFAULT_RESEND_SECONDS);
  }, [sentAt, start]);

  const handleSend = async () => {
    try {
      const result = await send.mutateAsync();
      start(result.resendAfter > 0 ? result.resendAfter : DEFAULT_RESEND_SECONDS);
      toast.success(`验证码已发送至 ${result.email}`);
    } catch {
      // The API client showed why.
    }
  };

  const handleVerify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!CODE_PATTERN.test(code)) {
      toast.fail('请输入 6 位数字验证码');
      return;
    }
    try {
      await verify.mutateAsync(code);
      toast.success('邮箱验证成功');
    } catch {
      // The API client showed why (wrong, expired, too many tries).
    }
  };

  const waiting = left > 0;
  return (
    <form className={styles.box} onSubmit={handleVerify} aria-labelledby={`${inputId}-title`} data-testid="email-verify">
      <h2 id={`${inputId}-title`} className={styles.title}>
        验证邮箱
      </h2>
      <p id={hintId} className={styles.hint} aria-live="polite">
        {sentAt !== null || send.isSuccess ? `验证码已发送至 ${email}，15 分钟内有效。` : `${email} 尚未验证，验证后才能接收课件等邮件。`}
      </p>
      <div className={styles.row}>
        <label htmlFor={inputId} className={styles.label}>
          邮箱验证码
        </label>
        <input
          id={inputId}
          className={styles.input}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          placeholder="6 位数字"
          aria-describedby={hintId}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <button type="button" className={styles.resend} onClick={handleSend} disabled={send.isPending || waiting} aria-live="polite">
          {waiting ? `${left}s 后重新发送` : send.isPending ? '发送中…' : sentAt !== null || send.isSuccess ? '重新发送' : '发送验证码'}
        </button>
      </div>
      <Button block type="submit" color="primary" shape="rounded" loading={verify.isPending} loadingText="验证中" disabled={code.length !== 6}>
        验证邮箱
      </Button>
    </form>
  );
}
