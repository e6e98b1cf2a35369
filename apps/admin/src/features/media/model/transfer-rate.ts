/**
 * Upload speed over the last few seconds (a whole-upload average hides a stall), and byte counts
 * for people: 1536 → '1.5 KB'.
 */
export interface RateSample {
  at: number;
  bytes: number;
}

const WINDOW_MS = 4000;

/** Adds a sample and drops those older than the window (keeping one to measure from). */
export function addSample(samples: readonly RateSample[], sample: RateSample): RateSample[] {
  const next = [...samples, sample];
  while (next.length > 2 && sample.at - next[1]!.at >= WINDOW_MS) next.shift();
  return next;
}

/** Bytes a second across the samples; 0 until two samples a moment apart exist. */
export function bytesPerSecond(samples: readonly RateSample[]): number {
  if (samples.length < 2) return 0;
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const ms = last.at - first.at;
  if (ms < 200) return 0;
  return Math.max(0, ((last.bytes - first.bytes) * 1000) / ms);
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${i === 0 ? n : n.toFixed(n >= 100 ? 0 : 1)} ${units[i]}`;
}

/** '3.2 MB/s'. */
export function formatRate(bytesPerSec: number): string {
  return `${formatBytes(bytesPerSec)}/s`;
}

/** Seconds left at the current rate → '约 3 分 20 秒'; '' when unknown. */
export function formatRemaining(bytesLeft: number, bytesPerSec: number): string {
  if (bytesPerSec <= 0 || bytesLeft <= 0) return '';
  const s = Math.ceil(bytesLeft / bytesPerSec);
  if (s < 60) return `约 ${s} 秒`;
  const m = Math.floor(s / 60);
  if (m < 60) return `约 ${m} 分 ${s % 60} 秒`;
  return `约 ${Math.floor(m / 60)} 小时 ${m % 60} 分`;
}
