/**
 * AWS Signature Version 4 for S3 requests, with node:crypto only (no SDK). Follows the published
 * algorithm: canonical request → string to sign → HMAC chain of date/region/service → signature.
 * Checked against the example in AWS's "Signature Calculations for the Authorization Header"
 * (test/media-storage.test.ts).
 */
import crypto from 'node:crypto';

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignableRequest {
  method: string;
  /** Already URI-encoded path (S3 encodes each key segment once; see encodeS3Key). */
  path: string;
  query?: Record<string, string>;
  /** Header names in any case; all of them are signed. Must include host. */
  headers: Record<string, string>;
  payloadHash: string;
}

const sha256 = (v: string | Buffer) => crypto.createHash('sha256').update(v).digest('hex');
const hmac = (key: crypto.BinaryLike, v: string) => crypto.createHmac('sha256', key).update(v).digest();

/** RFC 3986 encoding as AWS wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
export function awsEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `a/b c.ts` → `a/b%20c.ts` (slashes kept). */
export function encodeS3Key(key: string): string {
  return key.split('/').map(awsEncode).join('/');
}

export function payloadHash(body: Buffer | string | undefined): string {
  return body === undefined || body.length === 0 ? EMPTY_SHA256 : sha256(body);
}

/** `20130524T000000Z` */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function canonicalRequest(req: SignableRequest): { canonical: string; signedHeaders: string } {
  const headers = Object.entries(req.headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([k]) => k).join(';');
  const query = Object.entries(req.query ?? {})
    .map(([k, v]) => [awsEncode(k), awsEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    req.method.toUpperCase(),
    req.path || '/',
    query,
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  return { canonical, signedHeaders };
}

/**
 * The Authorization header value for `req` at `date`. `req.headers` must already hold
 * x-amz-date (= amzDate(date)) and x-amz-content-sha256 (= req.payloadHash).
 */
export function authorization(req: SignableRequest, creds: SigV4Credentials, date: Date): string {
  const service = creds.service ?? 's3';
  const stamp = amzDate(date);
  const day = stamp.slice(0, 8);
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const { canonical, signedHeaders } = canonicalRequest(req);
  const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonical)].join('\n');
  const kDate = hmac(`AWS4${creds.secretAccessKey}`, day);
  const kRegion = hmac(kDate, creds.region);
  const kService = hmac(kRegion, service);
  const kSigning = hmac(kService, 'aws4_request');
  const signature = crypto.createHmac('sha256', kSigning).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
