/**
 * S3-compatible media storage (AWS S3, MinIO, Ceph RGW, COS/OSS S3 endpoints) over plain HTTP(S)
 * with SigV4 (sigv4.ts). Path-style addressing: `{S3_ENDPOINT}/{S3_BUCKET}/{key}`, which every
 * S3-compatible server accepts. Bodies are small (HLS segments, playlists), so a PUT signs the
 * body's SHA-256 rather than sending UNSIGNED-PAYLOAD. One retry on a network failure only.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { amzDate, authorization, encodeS3Key, payloadHash, EMPTY_SHA256 } from './sigv4.ts';
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

export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly base: URL;

  constructor(
    private readonly config: S3Config,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.base = new URL(config.endpoint);
  }

  private async send(method: 'GET' | 'PUT' | 'HEAD', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const path = `${this.base.pathname.replace(/\/+$/, '')}/${encodeS3Key(this.config.bucket)}/${encodeS3Key(assertStorageKey(key))}`;
    const hash = method === 'PUT' ? payloadHash(body) : EMPTY_SHA256;
    const date = this.now();
    const headers: Record<string, string> = {
      host: this.base.host,
      'x-amz-content-sha256': hash,
      'x-amz-date': amzDate(date),
    };
    if (contentType) headers['content-type'] = contentType;
    headers.authorization = authorization({ method, path, headers, payloadHash: hash }, this.config, date);
    const url = `${this.base.protocol}//${this.base.host}${path}`;
    const { host: _host, ...sent } = headers;
    const attempt = () =>
      fetch(url, {
        method,
        headers: sent,
        body: body ? new Uint8Array(body) : undefined,
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
