/**
 * S3-compatible media storage (AWS S3, MinIO, Ceph RGW, COS/OSS S3 endpoints) over plain HTTP(S),
 * signed with SigV4 by aws4fetch. Path-style addressing: `{S3_ENDPOINT}/{S3_BUCKET}/{key}`, which
 * every S3-compatible server accepts. Bodies are small (HLS segments, playlists), so a PUT signs the
 * body's SHA-256 rather than sending UNSIGNED-PAYLOAD. One retry on a network failure only (not
 * aws4fetch's own retry on 5xx, which would repeat a PUT the server may have half-taken).
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertStorageKey, type MediaStorage, type StoredObject } from './media-storage.ts';

export interface S3Config {
  /** e.g. https://s3.ap-east-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Per-request timeout in ms (default 15 s). */
  timeoutMs?: number;
}

export class S3StorageError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'S3StorageError';
  }
}

/** `20130524T000000Z`: SigV4's request time, from the storage's own clock (tests skew it). */
function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

/**
 * Signs one S3 request. Every header given is signed — content-type too, which aws4fetch leaves
 * out unless told `allHeaders` — and `x-amz-content-sha256` must carry the body's hash (the test
 * checks this against AWS's published GET Object example).
 */
export function signS3Request(aws: AwsClient, url: string, init: { method: string; headers: Record<string, string>; body?: Uint8Array }, date: Date): Promise<Request> {
  return aws.sign(url, { ...init, aws: { datetime: amzDate(date), allHeaders: true } });
}

export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly base: string;
  private readonly aws: AwsClient;

  constructor(
    private readonly config: S3Config,
    private readonly now: () => Date = () => new Date(),
  ) {
    const url = new URL(config.endpoint);
    this.base = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
    this.aws = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: 's3', retries: 0 });
  }

  private async send(method: 'GET' | 'PUT' | 'HEAD', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    // Keys are plain path segments (assertStorageKey), so only the bucket needs encoding.
    const url = `${this.base}/${encodeURIComponent(this.config.bucket)}/${assertStorageKey(key)}`;
    const headers: Record<string, string> = { 'x-amz-content-sha256': crypto.createHash('sha256').update(body ?? '').digest('hex') };
    if (contentType) headers['content-type'] = contentType;
    // Signed again per attempt: a Request's body can be read only once.
    const attempt = async () =>
      fetch(await signS3Request(this.aws, url, { method, headers, body: body ? new Uint8Array(body) : undefined }, this.now()), {
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 15_000),
      });
    try {
      return await attempt();
    } catch (err) {
      // A connection that never answered did not store anything: one retry is safe for PUT too.
      if ((err as Error).name === 'TimeoutError') throw err;
      return attempt();
    }
  }

  private static async fail(res: Response, what: string): Promise<never> {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    throw new S3StorageError(`S3 ${what} answered ${res.status}: ${text}`, res.status);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, body, contentType);
    if (!res.ok) await S3MediaStorage.fail(res, `PUT ${key}`);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok || !res.body) return S3MediaStorage.fail(res, `GET ${key}`);
    const size = Number(res.headers.get('content-length') ?? '0');
    return { body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), size };
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) return S3MediaStorage.fail(res, `GET ${key}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async head(key: string): Promise<{ size: number } | null> {
    const res = await this.send('HEAD', key);
    if (res.status === 404) return null;
    if (!res.ok) throw new S3StorageError(`S3 HEAD ${key} answered ${res.status}`, res.status);
    return { size: Number(res.headers.get('content-length') ?? '0') };
  }
}
