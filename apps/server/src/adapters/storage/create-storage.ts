import path from 'node:path';
import type { Config } from '../../config.ts';
import { LocalMediaStorage } from './local-storage.ts';
import { S3MediaStorage } from './s3-storage.ts';
import type { MediaStorage } from './media-storage.ts';

/** MEDIA_STORAGE=local (DATA_DIR/media) or s3 (S3_* settings, checked by loadConfig). */
export function createMediaStorage(config: Config): MediaStorage {
  if (config.media.storage === 's3' && config.media.s3) return new S3MediaStorage(config.media.s3);
  return new LocalMediaStorage(path.join(config.dataDir, 'media'));
}
