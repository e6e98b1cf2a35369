/**
 * Tencent Cloud SMS (API 3.0, `SendSms`, version 2021-01-11) behind the SmsProvider interface
 * (decision 019). One POST of JSON to the endpoint with the common headers X-TC-Action/Version/
 * Timestamp/Region and an `Authorization: TC3-HMAC-SHA256 …` header. The signature follows the
 * published "签名方法 v3": canonical request (POST, "/", empty query, the content-type and host
 * headers, hex SHA-256 of the body) → string to sign → HMAC chain "TC3"+key / date / "sms" /
 * "tc3_request" → hex HMAC. It is done with node:crypto: the official SDK
 * brings a whole HTTP stack for these twenty lines, and no small signing-only package is maintained.
 *
 * The template takes {1} = code and {2} = minutes. Numbers go out as +86…. Failures become an
 * SmsDeliveryError, an AppError with a catalogue code: the number was refused (-10251), the
 * provider's frequency limits (-10013), anything else (-10250). Only a connection that was never
 * made is retried (once): an answered or timed-out request may have sent a message already.
 */
import crypto from 'node:crypto';
import { ErrorCodes } from '@jinfa/shared';
import { AppError } from '../../lib/errors.ts';
import type { SmsMessage, SmsProvider } from './sms-provider.ts';
import type { TencentSmsConfig } from './sms-config.ts';

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
export const SMS_SERVICE = 'sms';
export const SMS_ACTION = 'SendSms';
export const SMS_VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';

export type SmsFailure = 'phone' | 'limited' | 'auth' | 'rejected' | 'unavailable';

/** A message that was not sent. `providerCode` is Tencent's (e.g. LimitExceeded.PhoneNumberDailyLimit). */
export class SmsDeliveryError extends AppError {
  constructor(
    readonly failure: SmsFailure,
    readonly providerCode: string | null,
    /** What Tencent said, for the log; the learner sees the catalogue message. */
    readonly detail: string,
  ) {
    super(failure === 'phone' ? ErrorCodes.SMS_PHONE_REJECTED : failure === 'limited' ? ErrorCodes.SMS_SEND_LIMITED : ErrorCodes.SMS_SEND_FAILED, undefined, null);
    this.name = 'SmsDeliveryError';
  }
}

const sha256Hex = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: crypto.BinaryLike, s: string) => crypto.createHmac('sha256', key).update(s, 'utf8').digest();

/** The UTC date of a timestamp in seconds, as the credential scope wants it (YYYY-MM-DD). */
export function tc3Date(timestampSec: number): string {
  return new Date(timestampSec * 1000).toISOString().slice(0, 10);
}

/** The TC3-HMAC-SHA256 Authorization header of a JSON POST to `host`. */
export function tc3Authorization(p: { secretId: string; secretKey: string; service: string; host: string; timestampSec: number; body: string }): string {
  const canonicalHeaders = `content-type:${CONTENT_TYPE}\nhost:${p.host}\n`;
  const signedHeaders = 'content-type;host';
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(p.body)].join('\n');
  const date = tc3Date(p.timestampSec);
  const scope = `${date}/${p.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(p.timestampSec), scope, sha256Hex(canonicalRequest)].join('\n');
  const kDate = hmac(`TC3${p.secretKey}`, date);
  const kService = hmac(kDate, p.service);
  const kSigning = hmac(kService, 'tc3_request');
  const signature = crypto.createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
  return `${TC3_ALGORITHM} Credential=${p.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** E.164 for Tencent: a mainland mobile (11 digits starting with 1) gets +86; +… is kept. */
export function toE164(mobile: string): string {
  const m = mobile.replace(/[\s-]/g, '');
  if (/^\+\d{6,15}$/.test(m)) return m;
  if (/^1\d{10}$/.test(m)) return `+86${m}`;
  if (/^86(1\d{10})$/.test(m)) return `+${m}`;
  throw new SmsDeliveryError('phone', null, 'not a phone number');
}

/** Tencent's error codes by what they mean for us. */
function failureOf(code: string): SmsFailure {
  if (code.startsWith('LimitExceeded.') || code === 'RequestLimitExceeded') return 'limited';
  if (code === 'InvalidParameterValue.IncorrectPhoneNumber' || code.startsWith('UnsupportedOperation.') || code === 'FailedOperation.PhoneNumberInBlacklist') return 'phone';
  if (code.startsWith('AuthFailure')) return 'auth';
  if (code === 'InternalError' || code.startsWith('InternalError.') || code === 'ServiceUnavailable') return 'unavailable';
  return 'rejected';
}

const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function neverConnected(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return typeof cause?.code === 'string' && NOT_CONNECTED.has(cause.code);
}

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  private readonly url: URL;

  constructor(
    private readonly cfg: TencentSmsConfig,
    private readonly opts: { now?: () => number; timeoutMs?: number } = {},
  ) {
    this.url = new URL(cfg.endpoint.endsWith('/') ? cfg.endpoint : `${cfg.endpoint}/`);
  }

  async send(message: SmsMessage): Promise<void> {
    const body = JSON.stringify({
      PhoneNumberSet: [toE164(message.mobile)],
      SmsSdkAppId: this.cfg.sdkAppId,
      SignName: this.cfg.signName,
      TemplateId: this.cfg.templateId,
      TemplateParamSet: [message.code, String(message.ttlMinutes)],
      SessionContext: `purpose-${message.purpose}`,
    });
    let answer: { status: number; json: unknown };
    try {
      answer = await this.post(body);
    } catch (err) {
      if (!neverConnected(err)) throw err;
      try {
        answer = await this.post(body);
      } catch (again) {
        if (again instanceof SmsDeliveryError) throw again;
        throw new SmsDeliveryError('unavailable', null, `cannot connect: ${(again as Error).message}`);
      }
    }
    const response = isObject(answer.json) && isObject(answer.json.Response) ? answer.json.Response : null;
    if (!response) throw new SmsDeliveryError('unavailable', null, `HTTP ${answer.status} without a Response`);
    if (isObject(response.Error)) {
      const code = String(response.Error.Code ?? 'Unknown');
      throw new SmsDeliveryError(failureOf(code), code, `${code}: ${String(response.Error.Message ?? '')} (RequestId ${String(response.RequestId ?? '')})`);
    }
    const status = Array.isArray(response.SendStatusSet) && isObject(response.SendStatusSet[0]) ? response.SendStatusSet[0] : null;
    if (!status) throw new SmsDeliveryError('unavailable', null, 'answer without SendStatusSet');
    if (status.Code !== 'Ok') {
      const code = String(status.Code ?? 'Unknown');
      throw new SmsDeliveryError(failureOf(code), code, `${code}: ${String(status.Message ?? '')}`);
    }
  }

  private async post(body: string): Promise<{ status: number; json: unknown }> {
    const timestampSec = Math.floor((this.opts.now ?? Date.now)() / 1000);
    const headers = {
      'Content-Type': CONTENT_TYPE,
      'X-TC-Action': SMS_ACTION,
      'X-TC-Version': SMS_VERSION,
      'X-TC-Timestamp': String(timestampSec),
      'X-TC-Region': this.cfg.region,
      Authorization: tc3Authorization({ secretId: this.cfg.secretId, secretKey: this.cfg.secretKey, service: SMS_SERVICE, host: this.url.host, timestampSec, body }),
    };
    let res: Response;
    try {
      res = await fetch(this.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000) });
    } catch (err) {
      if (neverConnected(err)) throw err;
      throw new SmsDeliveryError('unavailable', null, `request failed: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
