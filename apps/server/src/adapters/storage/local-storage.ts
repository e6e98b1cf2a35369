/** Media files under DATA_DIR/media (the default). Writes go to a temp file and are renamed into place. */
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { assertStorageKey, type MediaStorage, type StoredObject } from './media-storage.ts';

export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...assertStorageKey(key).split('/'));
  }

  /** The content type is implied by the file name when served; local files do not keep it. */
  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await fsp.writeFile(tmp, body);
      await fsp.rename(tmp, target);
    } catch (err) {
      // A full or read-only disk: no half-written temp file is left behind (decision 020).
      await fsp.rm(tmp, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const { size } = await handle.stat();
    return { body: handle.createReadStream(), size };
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const st = await fsp.stat(this.file(key));
      return st.isFile() ? { size: st.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** For tests and the import: the absolute path a key maps to. */
  pathOf(key: string): string {
    return this.file(key);
  }
}
