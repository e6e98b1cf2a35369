/**
 * What /healthz checks (issue 11 §7, decision 020): the database takes a write, the data directory
 * takes a write that reaches the disk (write + fsync + unlink), and its disk has more free space
 * than HEALTH_MIN_FREE_MB. Each check has a time limit; the result is kept for a second so a
 * busy load balancer costs at most one probe write a second.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { storageFailure } from '../../lib/storage-errors.ts';

export interface HealthProbes {
  /** Resolves once the database accepted a write. */
  database(): Promise<void>;
  /** Resolves once a file in the data directory was written, synced and removed. */
  dataDir(): Promise<void>;
  /** Bytes available to us on the data directory's disk. */
  freeBytes(): Promise<number>;
}

export interface HealthResult {
  ok: boolean;
  /** `check: reason`, e.g. `database: database is read-only`. */
  reasons: string[];
}

export const HEALTH_MAX_AGE_MS = 1000;
const PROBE_TIMEOUT_MS = 3000;

export function fileSystemProbes(dataDir: string): Pick<HealthProbes, 'dataDir' | 'freeBytes'> {
  return {
    async dataDir() {
      const file = path.join(dataDir, `.healthz-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
      await fs.mkdir(dataDir, { recursive: true });
      const handle = await fs.open(file, 'wx');
      try {
        await handle.write('ok');
        await handle.sync();
      } finally {
        await handle.close();
        await fs.rm(file, { force: true });
      }
    },
    async freeBytes() {
      const s = await fs.statfs(dataDir);
      return s.bavail * s.bsize;
    },
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: 'HEALTH_TIMEOUT' })), ms);
    timer.unref();
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

function describe(err: unknown): string {
  const known = storageFailure(err);
  if (known) return known;
  const e = err as { code?: unknown; message?: unknown };
  if (e?.code === 'HEALTH_TIMEOUT') return 'no answer within 3 s';
  return typeof e?.code === 'string' ? `failed (${e.code})` : 'failed';
}

export class HealthMonitor {
  private last: { at: number; result: HealthResult } | null = null;
  private running: Promise<HealthResult> | null = null;

  constructor(
    private readonly probes: HealthProbes,
    private readonly minFreeBytes: number,
  ) {}

  /** The current health, probed at most once per HEALTH_MAX_AGE_MS; concurrent callers share one probe. */
  check(): Promise<HealthResult> {
    const now = Date.now();
    if (this.last && now - this.last.at < HEALTH_MAX_AGE_MS && now >= this.last.at) return Promise.resolve(this.last.result);
    this.running ??= this.probe().then(
      (result) => {
        this.last = { at: Date.now(), result };
        this.running = null;
        return result;
      },
      (err: unknown) => {
        this.running = null;
        throw err;
      },
    );
    return this.running;
  }

  private async probe(): Promise<HealthResult> {
    const reasons: string[] = [];
    const [db, dir, free] = await Promise.allSettled([
      withTimeout(this.probes.database(), PROBE_TIMEOUT_MS),
      withTimeout(this.probes.dataDir(), PROBE_TIMEOUT_MS),
      withTimeout(this.probes.freeBytes(), PROBE_TIMEOUT_MS),
    ]);
    if (db.status === 'rejected') reasons.push(`database: ${describe(db.reason)}`);
    if (dir.status === 'rejected') reasons.push(`data_dir: ${describe(dir.reason)}`);
    if (free.status === 'rejected') reasons.push(`disk: ${describe(free.reason)}`);
    else if (free.value < this.minFreeBytes) {
      const mib = (n: number) => `${Math.floor(n / 1024 / 1024)} MiB`;
      reasons.push(`disk: ${mib(free.value)} free, below ${mib(this.minFreeBytes)}`);
    }
    return { ok: reasons.length === 0, reasons };
  }
}
