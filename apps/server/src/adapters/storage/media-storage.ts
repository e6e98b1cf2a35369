/**
 * Where transcoded media lives (decision 010): HLS playlists and segments under an asset's
 * prefix. `MEDIA_STORAGE=local` (default) keeps files under DATA_DIR/media; `s3` uses any
 * S3-compatible object store (path-style URLs, SigV4). Keys are relative paths such as
 * `assets/42/v0/seg_000.ts`; the AES keys never go here (they stay in the database).
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Writes (or replaces) one object. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A stream of the object, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** The whole object (playlists are small), or null when it does not exist. */
  getBuffer(key: string): Promise<Buffer | null>;
  /** Its size, or null when it does not exist. */
  head(key: string): Promise<{ size: number } | null>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could climb out of the media root or need escaping (`..`, `/x`, spaces). */
export function assertStorageKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid media storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

export async function streamToBuffer(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
