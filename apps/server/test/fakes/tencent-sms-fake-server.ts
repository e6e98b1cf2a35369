/**
 * A local Tencent Cloud SMS API 3.0 (`SendSms`, 2021-01-11) on 127.0.0.1, for running the real
 * TencentSmsProvider in tests. It recomputes the TC3-HMAC-SHA256 signature with its own code (not
 * the adapter's) from the headers named in SignedHeaders, checks the timestamp is within five
 * minutes, the action, version and region headers, the SDK app id, signature name and template,
 * and answers the published shapes: `{Response:{SendStatusSet:[{Code:'Ok',…}],RequestId}}`, or
 * `{Response:{Error:{Code,Message},RequestId}}` (AuthFailure.SignatureFailure, AuthFailure.
 * SignatureExpire, AuthFailure.SecretIdNotFound, …), always with HTTP 200 as Tencent does.
 * Per-number refusals (InvalidParameterValue.IncorrectPhoneNumber, LimitExceeded.
 * PhoneNumberDailyLimit) come back in SendStatusSet.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSmsAccount {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
}

export interface FakeSmsDelivery {
  phone: string;
  params: string[];
  templateId: string;
  signName: string;
  at: number;
}

export interface FakeTencentSmsServer {
  endpoint: string;
  delivered: FakeSmsDelivery[];
  /** Every request: the error code answered ('Ok' when delivered). */
  answers: string[];
  /** How many messages one number may get before LimitExceeded.PhoneNumberDailyLimit. */
  dailyLimit: number;
  /** The last code sent to a number (as the learner reads it off the phone). */
  lastCodeFor(phone: string): string | undefined;
  close(): Promise<void>;
}

const sha256 = (s: string | Buffer) => crypto.createHash('sha256').update(s).digest('hex');
const hmacSha256 = (key: Buffer | string, msg: string) => crypto.createHmac('sha256', key).update(msg).digest();

export async function startTencentSmsFake(account: FakeSmsAccount, now: () => number = Date.now): Promise<FakeTencentSmsServer> {
  const delivered: FakeSmsDelivery[] = [];
  const answers: string[] = [];
  const state = { dailyLimit: 10 };

  function error(res: http.ServerResponse, code: string, message: string) {
    answers.push(code);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Response: { Error: { Code: code, Message: message }, RequestId: crypto.randomUUID() } }));
  }

  /** The signature check, written from the published algorithm independently of the adapter. */
  function authFault(req: http.IncomingMessage, raw: Buffer): [string, string] | null {
    const auth = String(req.headers.authorization ?? '');
    const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) return ['AuthFailure.InvalidAuthorization', 'Authorization header is malformed'];
    const [, secretId, date, service, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
    if (secretId !== account.secretId) return ['AuthFailure.SecretIdNotFound', 'The SecretId is not found'];
    const ts = Number(req.headers['x-tc-timestamp']);
    if (!Number.isInteger(ts)) return ['MissingParameter', 'X-TC-Timestamp'];
    if (Math.abs(now() / 1000 - ts) > 300) return ['AuthFailure.SignatureExpire', 'Signature expired'];
    if (new Date(ts * 1000).toISOString().slice(0, 10) !== date) return ['AuthFailure.SignatureFailure', 'credential date does not match the timestamp'];
    if (service !== 'sms') return ['AuthFailure.SignatureFailure', 'wrong service'];
    const names = signedHeaders.split(';');
    if (!names.includes('content-type') || !names.includes('host')) return ['AuthFailure.SignatureFailure', 'content-type and host must be signed'];
    const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().toLowerCase()}\n`).join('');
    const canonical = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha256(raw)}`;
    const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/${service}/tc3_request\n${sha256(canonical)}`;
    const key = hmacSha256(hmacSha256(hmacSha256(`TC3${account.secretKey}`, date), service), 'tc3_request');
    const expected = crypto.createHmac('sha256', key).update(toSign).digest('hex');
    if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return ['AuthFailure.SignatureFailure', 'The provided credentials could not be validated'];
    return null;
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    if (req.method !== 'POST' || req.url !== '/') return error(res, 'InvalidAction', 'only POST /');
    const fault = authFault(req, raw);
    if (fault) return error(res, fault[0], fault[1]);
    if (req.headers['x-tc-action'] !== 'SendSms') return error(res, 'InvalidAction', 'unknown action');
    if (req.headers['x-tc-version'] !== '2021-01-11') return error(res, 'NoSuchVersion', 'unknown version');
    if (!req.headers['x-tc-region']) return error(res, 'MissingParameter', 'X-TC-Region');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return error(res, 'InvalidParameter', 'body is not JSON');
    }
    if (body.SmsSdkAppId !== account.sdkAppId) return error(res, 'InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId does not exist');
    if (body.SignName !== account.signName) return error(res, 'FailedOperation.SignatureIncorrectOrUnapproved', 'signature not approved');
    if (body.TemplateId !== account.templateId) return error(res, 'FailedOperation.TemplateIncorrectOrUnapproved', 'template not approved');
    const phones = body.PhoneNumberSet;
    const params = body.TemplateParamSet;
    if (!Array.isArray(phones) || !phones.length || !Array.isArray(params)) return error(res, 'MissingParameter', 'PhoneNumberSet / TemplateParamSet');
    const set = phones.map((p) => {
      const phone = String(p);
      const base = { SerialNo: '', PhoneNumber: phone, Fee: 0, SessionContext: String(body.SessionContext ?? ''), IsoCode: 'CN' };
      if (!/^\+861\d{10}$/.test(phone)) return { ...base, Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'incorrect phone number' };
      if (delivered.filter((d) => d.phone === phone).length >= state.dailyLimit) {
        return { ...base, Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'the number of SMS messages sent from a single mobile number every day exceeds the upper limit' };
      }
      delivered.push({ phone, params: params.map(String), templateId: String(body.TemplateId), signName: String(body.SignName), at: now() });
      return { ...base, SerialNo: `2640:${crypto.randomBytes(8).toString('hex')}`, Fee: 1, Code: 'Ok', Message: 'send success' };
    });
    answers.push(...set.map((s) => s.Code));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Response: { SendStatusSet: set, RequestId: crypto.randomUUID() } }));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  // Idle keep-alive sockets stay open for the whole suite: a socket the server closes while the
  // client reuses it would fail a POST that must not be retried (it may have sent a message).
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    delivered,
    answers,
    get dailyLimit() {
      return state.dailyLimit;
    },
    set dailyLimit(n: number) {
      state.dailyLimit = n;
    },
    lastCodeFor(phone) {
      const e164 = phone.startsWith('+') ? phone : `+86${phone}`;
      for (let i = delivered.length - 1; i >= 0; i--) if (delivered[i]!.phone === e164) return delivered[i]!.params[0];
      return undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
