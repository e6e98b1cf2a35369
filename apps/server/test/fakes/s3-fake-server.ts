/**
 * A local S3-compatible object store on 127.0.0.1 that speaks the published REST protocol for
 * the calls the media storage makes — PUT, GET and HEAD of `/{bucket}/{key}` (path style) — and
 * verifies every request's AWS Signature Version 4 exactly as S3 does: it rebuilds the canonical
 * request from what arrived (method, raw path, query, the signed headers' values, the
 * x-amz-content-sha256 value), derives the signing key from its own copy of the secret, and
 * answers 403 SignatureDoesNotMatch when they differ. A PUT whose body does not hash to the
 * declared x-amz-content-sha256 answers 400 XAmzContentSHA256Mismatch; a request dated more than
 * 15 minutes off answers 403 RequestTimeTooSkewed. Written independently of the client's signer
 * (aws4fetch); `expectedSignature` is checked against AWS's published example on its own.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request: method, path and whether its signature was accepted. */
  requests: { method: string; path: string; accepted: boolean }[];
  close(): Promise<void>;
}

const hex = (b: crypto.BinaryLike) => crypto.createHash('sha256').update(b).digest('hex');
const mac = (k: crypto.BinaryLike, v: string) => crypto.createHmac('sha256', k).update(v, 'utf8').digest();

/** What arrived, as the verifier sees it: raw path and query, lower-case header names. */
export interface ArrivedRequest {
  method: string;
  rawPath: string;
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The signature S3 would expect for `req`, signed for `signedHeaders` with the scope's `day` and
 * `region` at `stamp` (x-amz-date): canonical request → string to sign → HMAC chain.
 */
export function expectedSignature(req: ArrivedRequest, scope: { signedHeaders: string; stamp: string; day: string; region: string; secretAccessKey: string }): string {
  const headerLines = scope.signedHeaders
    .split(';')
    .map((h) => `${h}:${String(req.headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const query = req.rawQuery
    .split('&')
    .filter(Boolean)
    .sort()
    .join('&');
  const declared = String(req.headers['x-amz-content-sha256'] ?? '');
  const canonical = `${req.method}\n${req.rawPath}\n${query}\n${headerLines}\n${scope.signedHeaders}\n${declared}`;
  const toSign = `AWS4-HMAC-SHA256\n${scope.stamp}\n${scope.day}/${scope.region}/s3/aws4_request\n${hex(canonical)}`;
  const signingKey = mac(mac(mac(mac(`AWS4${scope.secretAccessKey}`, scope.day), scope.region), 's3'), 'aws4_request');
  return crypto.createHmac('sha256', signingKey).update(toSign, 'utf8').digest('hex');
}

function xmlError(res: http.ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}

export async function startS3Fake(opts: { bucket: string; accessKeyId: string; secretAccessKey: string; region: string }): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3['requests'] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const rawUrl = req.url ?? '/';
      const [rawPath = '/', rawQuery = ''] = rawUrl.split('?');
      const record = { method: req.method ?? '', path: rawPath, accepted: false };
      requests.push(record);

      const auth = req.headers.authorization ?? '';
      const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
      if (!m) return xmlError(res, 403, 'AccessDenied');
      const [, keyId, day, region, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
      if (keyId !== opts.accessKeyId) return xmlError(res, 403, 'InvalidAccessKeyId');
      const stamp = String(req.headers['x-amz-date'] ?? '');
      const when = Date.parse(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`);
      if (!Number.isFinite(when) || Math.abs(Date.now() - when) > 15 * 60_000 || stamp.slice(0, 8) !== day) return xmlError(res, 403, 'RequestTimeTooSkewed');
      const declared = String(req.headers['x-amz-content-sha256'] ?? '');
      if (!signedHeaders.split(';').includes('host') || !signedHeaders.split(';').includes('x-amz-content-sha256')) return xmlError(res, 403, 'AccessDenied');

      const arrived = { method: req.method ?? '', rawPath, rawQuery, headers: req.headers };
      const expected = expectedSignature(arrived, { signedHeaders, stamp, day, region, secretAccessKey: opts.secretAccessKey });
      if (region !== opts.region || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return xmlError(res, 403, 'SignatureDoesNotMatch');
      if (declared !== 'UNSIGNED-PAYLOAD' && declared !== hex(body)) return xmlError(res, 400, 'XAmzContentSHA256Mismatch');
      record.accepted = true;

      const prefix = `/${opts.bucket}/`;
      if (!rawPath.startsWith(prefix)) return xmlError(res, 404, 'NoSuchBucket');
      const key = decodeURIComponent(rawPath.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
        res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      const obj = objects.get(key);
      if (!obj) return req.method === 'HEAD' ? (res.writeHead(404), res.end()) : xmlError(res, 404, 'NoSuchKey');
      res.writeHead(200, { 'content-type': obj.contentType, 'content-length': String(obj.body.length) });
      return res.end(req.method === 'HEAD' ? undefined : obj.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
