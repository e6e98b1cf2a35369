/**
 * E-mail verification (issue 11 §6, decision 018): an address receives nothing from the product
 * (courseware mail) until its owner typed back a 6-digit code mailed to it.
 * - the code lives 15 minutes and is stored only as an HMAC (TOKEN_SECRET, user, address, code);
 * - a new code every 60 s at most and 5 an hour per learner (plus the app-wide mail caps);
 * - 5 wrong codes spend it: the learner asks for a new one;
 * - changing the address clears the verified mark (profile-service.ts), and a code only counts for
 *   the address it was sent to.
 */
import crypto from 'node:crypto';
import { ErrorCodes, type EmailCodeResult, type EmailVerifyResult } from '@jinfa/shared';
import type { MailSender } from '../../adapters/mail/mail-sender.ts';
import type { UserRow } from '../../db/schema.ts';
import { hmacHex, safeEqual } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { findEmailVerification, markEmailVerified, restoreEmailVerification, saveEmailVerification, spendEmailAttempt } from './email-verification-repository.ts';
import type { Db } from '../../db/conn.ts';

export const EMAIL_CODE_TTL_MS = 15 * 60_000;
export const EMAIL_RESEND_AFTER_MS = 60_000;
export const EMAIL_SENDS_PER_HOUR = 5;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
const HOUR_MS = 60 * 60_000;

export function isEmailVerified(user: Pick<UserRow, 'email' | 'email_verified_at'>): boolean {
  return user.email.trim() !== '' && user.email_verified_at !== null && user.email_verified_at !== undefined;
}

export function emailCodeHash(secret: string, userId: number, email: string, code: string): string {
  return hmacHex(secret, `email-verify\n${userId}\n${email.toLowerCase()}\n${code}`);
}

/** zhang.mingyuan@example.com → zh***@example.com */
export function maskAddress(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** `POST /v1/users/me/email/code`: mails a new code to the learner's (unverified) address. */
export async function sendEmailCode(
  deps: { db: Db; mail: MailSender; secret: string },
  user: UserRow,
  now: number,
  code: string = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0'),
): Promise<EmailCodeResult> {
  const email = user.email.trim();
  if (!email) throw new AppError(ErrorCodes.EMAIL_MISSING);
  if (isEmailVerified(user)) throw new AppError(ErrorCodes.VALIDATION, '该邮箱已验证，无需重复验证');
  const previous = await findEmailVerification(deps.db, user.id);
  if (previous && now - previous.sent_at < EMAIL_RESEND_AFTER_MS) {
    throw new AppError(ErrorCodes.EMAIL_SEND_LIMITED, undefined, { retryAfter: Math.ceil((previous.sent_at + EMAIL_RESEND_AFTER_MS - now) / 1000) });
  }
  const inWindow = previous !== undefined && now - previous.window_started_at < HOUR_MS;
  const sends = inWindow ? previous.window_sends : 0;
  if (sends >= EMAIL_SENDS_PER_HOUR) {
    throw new AppError(ErrorCodes.EMAIL_SEND_LIMITED, undefined, { retryAfter: Math.ceil((previous!.window_started_at + HOUR_MS - now) / 1000) });
  }
  await saveEmailVerification(deps.db, {
    userId: user.id,
    email,
    codeHash: emailCodeHash(deps.secret, user.id, email, code),
    expiresAt: now + EMAIL_CODE_TTL_MS,
    sentAt: now,
    windowStartedAt: inWindow ? previous.window_started_at : now,
    windowSends: sends + 1,
  });
  try {
    await deps.mail.send({
      to: email,
      subject: '【金法课堂】邮箱验证码',
      text: `${user.name || user.nickname || '您好'}：\n\n您正在金法课堂验证邮箱，验证码为 ${code}，${EMAIL_CODE_TTL_MS / 60_000} 分钟内有效。\n如非本人操作，请忽略本邮件。\n\n金法课堂`,
    });
  } catch {
    // Nothing reached the learner: the failed send neither voids their earlier code nor counts.
    await restoreEmailVerification(deps.db, user.id, previous);
    throw new AppError(ErrorCodes.EMAIL_SEND_FAILED);
  }
  return { email: maskAddress(email), resendAfter: EMAIL_RESEND_AFTER_MS / 1000, expiresIn: EMAIL_CODE_TTL_MS / 1000 };
}

/** `POST /v1/users/me/email/verify`: the code from the mail proves the address. */
export async function verifyEmailCode(deps: { db: Db; secret: string }, user: UserRow, code: string, now: number): Promise<EmailVerifyResult> {
  const email = user.email.trim();
  if (!email) throw new AppError(ErrorCodes.EMAIL_MISSING);
  if (isEmailVerified(user)) return { email, emailVerified: true };
  // The attempt is spent before the code is compared: parallel guesses cannot exceed the limit.
  const spent = await spendEmailAttempt(deps.db, user.id, email, EMAIL_CODE_MAX_ATTEMPTS, now);
  if (!spent) {
    const row = await findEmailVerification(deps.db, user.id);
    if (row && row.email === email && row.expires_at > now && row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) throw new AppError(ErrorCodes.EMAIL_CODE_TOO_MANY_ATTEMPTS);
    throw new AppError(ErrorCodes.EMAIL_CODE_EXPIRED);
  }
  if (!safeEqual(spent.code_hash, emailCodeHash(deps.secret, user.id, email, code))) {
    throw new AppError(spent.attempts >= EMAIL_CODE_MAX_ATTEMPTS ? ErrorCodes.EMAIL_CODE_TOO_MANY_ATTEMPTS : ErrorCodes.EMAIL_CODE_WRONG);
  }
  const verified = await deps.db.transaction().execute((trx) => markEmailVerified(trx, user.id, email, now));
  // The address changed between the code and now: the code was for the old one.
  if (!verified) throw new AppError(ErrorCodes.EMAIL_CODE_EXPIRED);
  return { email, emailVerified: true };
}
