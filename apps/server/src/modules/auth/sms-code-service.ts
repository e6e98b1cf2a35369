/**
 * One-time SMS codes: 6 digits from crypto.randomInt, stored as an HMAC (keyed by the token
 * secret, bound to the mobile), alive 10 minutes, used once, dead after 5 wrong attempts.
 * A new send supersedes the unused codes for the same mobile and purpose. Send limits count
 * rows in sms_codes (a sliding hour, shared by every instance): one send per mobile per 60 s,
 * config.sms.perPhonePerHour per mobile, config.sms.perIpPerHour per client IP (0 = no limit).
 */
import crypto from 'node:crypto';
import { ErrorCodes, Limits } from '@jinfa/shared';
import { AppError } from '../../lib/errors.ts';
import { hmacHex, safeEqual } from '../../lib/crypto.ts';
import type { SmsProvider } from '../../adapters/sms/sms-provider.ts';
import type { Config } from '../../config.ts';
import type { Conn } from '../../db/conn.ts';
import {
  countSmsSentFromIpSince,
  countSmsSentToMobileSince,
  deleteSmsCode,
  expireUnusedSmsCodes,
  findLatestSmsCode,
  findLatestSmsCodeFor,
  insertSmsCode,
  markSmsCodeUsed,
  recordWrongSmsAttempt,
} from './sms-code-repository.ts';

export const SmsPurpose = { LOGIN: 1, BIND: 2 } as const;

const HOUR_MS = 60 * 60 * 1000;

export interface SmsCodeDeps {
  db: Conn;
  sms: SmsProvider;
  secret: string;
  limits: Config['sms'];
  /** Where a failed delivery is reported (the code itself is never logged here). */
  onDeliveryError?: (err: unknown) => void;
}

function codeHash(secret: string, mobile: string, code: string): string {
  return hmacHex(secret, `sms-code:${mobile}:${code}`);
}

export async function sendSmsCode(
  deps: SmsCodeDeps,
  input: { mobile: string; purpose: number; ip: string; now: number },
): Promise<{ resendAfter: number; expiresIn: number }> {
  const { db, limits } = deps;
  const { mobile, purpose, ip, now } = input;
  const cooldownMs = limits.resendAfterSec * 1000;

  const latest = await findLatestSmsCode(db, mobile);
  if (latest && latest.created_at > now - cooldownMs) {
    const resendAfter = Math.max(1, Math.ceil((latest.created_at + cooldownMs - now) / 1000));
    throw new AppError(ErrorCodes.SMS_SEND_LIMITED, `验证码已发送，请${resendAfter}秒后再试`, { resendAfter });
  }
  if (limits.perPhonePerHour > 0 && (await countSmsSentToMobileSince(db, mobile, now - HOUR_MS)) >= limits.perPhonePerHour) {
    throw new AppError(ErrorCodes.SMS_SEND_LIMITED, '该手机号获取验证码次数过多，请1小时后再试');
  }
  if (limits.perIpPerHour > 0 && (await countSmsSentFromIpSince(db, ip, now - HOUR_MS)) >= limits.perIpPerHour) {
    throw new AppError(ErrorCodes.SMS_SEND_LIMITED);
  }

  await expireUnusedSmsCodes(db, mobile, purpose, now);
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const ttlMs = Limits.SMS_CODE_TTL_MS;
  const id = await insertSmsCode(db, { mobile, purpose, codeHash: codeHash(deps.secret, mobile, code), expiresAt: now + ttlMs, ip, now });
  try {
    await deps.sms.send({ mobile, code, purpose, ttlMinutes: ttlMs / 60_000 });
  } catch (err) {
    await deleteSmsCode(db, id);
    deps.onDeliveryError?.(err);
    // A provider's coded refusal (adapters/sms/tencent-sms.ts: bad number, its limits, unavailable) keeps its code.
    if (err instanceof AppError) throw err;
    throw new AppError(ErrorCodes.SERVER_ERROR_ALT, '短信发送失败，请稍后再试');
  }
  return { resendAfter: limits.resendAfterSec, expiresIn: ttlMs / 1000 };
}

/**
 * Checks a code against the latest one sent to the mobile for any of the purposes, and uses it
 * up. Wrong → -10010 (counts an attempt); dead after too many → -10012; none, used or expired → -10011.
 */
export async function consumeSmsCode(
  deps: Pick<SmsCodeDeps, 'db' | 'secret'>,
  input: { mobile: string; code: string; purposes: readonly number[]; now: number },
): Promise<void> {
  const { db } = deps;
  const { mobile, code, now } = input;
  const row = await findLatestSmsCodeFor(db, mobile, input.purposes);
  if (!row || row.used_at !== null) throw new AppError(ErrorCodes.SMS_CODE_EXPIRED);
  if (row.attempts >= Limits.SMS_CODE_MAX_ATTEMPTS) throw new AppError(ErrorCodes.SMS_CODE_TOO_MANY_ATTEMPTS);
  if (row.expires_at <= now) throw new AppError(ErrorCodes.SMS_CODE_EXPIRED);
  if (!safeEqual(codeHash(deps.secret, mobile, code), row.code_hash)) {
    const counted = await recordWrongSmsAttempt(db, row.id, Limits.SMS_CODE_MAX_ATTEMPTS);
    if (counted === null) throw new AppError(ErrorCodes.SMS_CODE_TOO_MANY_ATTEMPTS);
    throw new AppError(ErrorCodes.SMS_CODE_WRONG);
  }
  if (!(await markSmsCodeUsed(db, row.id, now, Limits.SMS_CODE_MAX_ATTEMPTS))) throw new AppError(ErrorCodes.SMS_CODE_EXPIRED);
}
