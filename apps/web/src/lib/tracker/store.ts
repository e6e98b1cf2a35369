import type { CustomEventRecord, ElementClickRecord, PageVisitRecord } from '@jinfa/shared/schemas';
import { newClientId } from './ids.ts';

/** `k`: which collect endpoint the record goes to. Stripped before upload. */
export type TrackRecord =
  | (PageVisitRecord & { k: 'v' })
  | (ElementClickRecord & { k: 'e' })
  | (CustomEventRecord & { k: 'c' });
export type RecordKind = TrackRecord['k'];

export const KEY_PREFIX = 'trk:';
export const DROPPED_KEY = 'trk_dropped';

export interface StoreLimits {
  /** Records kept at most (memory and storage). */
  maxRecords: number;
  /** Approximate JSON bytes kept at most. */
  maxBytes: number;
  /** Records per storage segment. */
  segmentSize: number;
}

export const DEFAULT_LIMITS: StoreLimits = { maxRecords: 2000, maxBytes: 1_000_000, segmentSize: 100 };

function probe(storage: Storage): boolean {
  try {
    storage.setItem('trk_probe', '1');
    storage.removeItem('trk_probe');
    return true;
  } catch {
    return false;
  }
}

function timeOf(r: TrackRecord): number {
  return r.k === 'v' ? r.beginTime : r.eventTime;
}

/**
 * The tracker's queue, persisted in localStorage in segments of `segmentSize` records under
 * `trk:<writer>:<n>`. A 1-second save writes only the segments that changed since the last save
 * (usually the newest one), so its cost does not grow with the queue: no JSON of 2,000 records
 * per click or per tick.
 *
 * Overflow policy: when the queue holds more than `maxRecords` records or `maxBytes` bytes, or
 * localStorage refuses a write (quota), the OLDEST records are dropped first and counted in
 * `trk_dropped`; the tracker reports the count as a `tracker_overflow` custom event. Without
 * localStorage (private mode), the queue lives in memory only.
 *
 * Every page load is its own writer. A new load adopts the segments it finds (earlier loads,
 * crashed tabs, other open tabs): it copies them into its own and removes theirs in one task.
 * A still-open tab that rewrites a segment makes a second copy; the server drops duplicates by
 * clientId, so that costs a resend, never a double count.
 */
export class RecordStore {
  private readonly segments = new Map<number, TrackRecord[]>();
  private readonly segmentOf = new WeakMap<TrackRecord, number>();
  private readonly bytesOf = new WeakMap<TrackRecord, number>();
  private readonly ids = new Set<string>();
  private readonly dirty = new Set<number>();
  private readonly prefix: string;
  private nextSegment = 0;
  private bytes = 0;
  private droppedCount = 0;
  private storage: Storage | null;

  constructor(
    storage: Storage | null,
    private readonly limits: StoreLimits = DEFAULT_LIMITS,
  ) {
    // Old Safari private mode has a localStorage whose every write throws: that is memory-only
    // too, or the quota policy would drop every record.
    this.storage = storage && probe(storage) ? storage : null;
    this.prefix = `${KEY_PREFIX}${newClientId().slice(0, 8)}:`;
    this.droppedCount = Number(this.read(DROPPED_KEY)) || 0;
  }

  get size(): number {
    return this.ids.size;
  }

  get persistent(): boolean {
    return this.storage !== null;
  }

  /** Records dropped by the overflow policy and not yet reported. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Called once the drop count is queued as a `tracker_overflow` event. */
  resetDropped(): void {
    this.droppedCount = 0;
    this.write(DROPPED_KEY, null);
  }

  has(clientId: string): boolean {
    return this.ids.has(clientId);
  }

  add(record: TrackRecord): void {
    if (this.ids.has(record.clientId)) return;
    let seg = this.nextSegment - 1;
    const tail = this.segments.get(seg);
    if (!tail || tail.length >= this.limits.segmentSize) {
      seg = this.nextSegment++;
      this.segments.set(seg, []);
    }
    this.segments.get(seg)!.push(record);
    this.segmentOf.set(record, seg);
    // One small stringify per record (not per queue) keeps the byte bound honest.
    const size = JSON.stringify(record).length;
    this.bytesOf.set(record, size);
    this.bytes += size;
    this.ids.add(record.clientId);
    this.dirty.add(seg);
    while (this.ids.size > this.limits.maxRecords || (this.bytes > this.limits.maxBytes && this.ids.size > 1)) this.dropOldest(1);
  }

  /** The record changed (a visit's endTime): save its segment on the next save. */
  touch(record: TrackRecord): void {
    const seg = this.segmentOf.get(record);
    if (seg !== undefined && this.ids.has(record.clientId)) this.dirty.add(seg);
  }

  /** Acknowledged by the server: forget these records (and only these). */
  remove(clientIds: readonly string[]): void {
    const gone = new Set(clientIds.filter((id) => this.ids.has(id)));
    if (!gone.size) return;
    for (const [seg, records] of this.segments) {
      const kept = records.filter((r) => !gone.has(r.clientId));
      if (kept.length === records.length) continue;
      for (const r of records) if (gone.has(r.clientId)) this.forget(r);
      this.segments.set(seg, kept);
      this.dirty.add(seg);
    }
  }

  /** The oldest `limit` records of a kind, except `skip` (the visit still open). */
  pending(kind: RecordKind, limit: number, skip?: TrackRecord | null): TrackRecord[] {
    const out: TrackRecord[] = [];
    for (const records of this.segments.values()) {
      for (const r of records) {
        if (r.k !== kind || r === skip) continue;
        out.push(r);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  /** Writes the changed segments. Cheap when little changed; safe to call at any time. */
  save(): void {
    let attempts = 0;
    while (this.dirty.size) {
      const seg = this.dirty.values().next().value as number;
      this.dirty.delete(seg);
      const records = this.segments.get(seg);
      const key = this.prefix + seg;
      if (!records?.length) {
        if (records && seg !== this.nextSegment - 1) this.segments.delete(seg);
        this.write(key, null);
        continue;
      }
      if (!this.storage) continue;
      if (this.write(key, JSON.stringify(records))) continue;
      // Quota: the policy again, oldest first, a tenth of the queue at a time.
      if (++attempts > 20) {
        this.dirty.add(seg);
        return;
      }
      this.dropOldest(Math.max(1, Math.ceil(this.ids.size / 10)));
      this.dirty.add(seg);
    }
  }

  /** Takes over the segments other page loads left in storage (see the class comment). */
  adopt(): number {
    const storage = this.storage;
    if (!storage) return 0;
    const found: TrackRecord[] = [];
    const keys: string[] = [];
    try {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(KEY_PREFIX) && !key.startsWith(this.prefix)) keys.push(key);
      }
      for (const key of keys) {
        try {
          const list = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
          if (Array.isArray(list)) found.push(...(list as TrackRecord[]).filter((r) => r && typeof r.clientId === 'string'));
        } catch {
          // a torn write from an old version: nothing to recover
        }
      }
      keys.forEach((key) => storage.removeItem(key));
    } catch {
      return 0;
    }
    found.sort((a, b) => timeOf(a) - timeOf(b));
    const before = this.size;
    found.forEach((r) => this.add(r));
    this.save();
    return this.size - before;
  }

  private dropOldest(count: number): void {
    for (const [seg, records] of this.segments) {
      if (count <= 0) return;
      const n = Math.min(count, records.length);
      records.splice(0, n).forEach((r) => this.forget(r));
      count -= n;
      this.droppedCount += n;
      this.dirty.add(seg);
    }
    this.write(DROPPED_KEY, String(this.droppedCount));
  }

  private forget(record: TrackRecord): void {
    this.ids.delete(record.clientId);
    this.bytes -= this.bytesOf.get(record) ?? 0;
  }

  private read(key: string): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  private write(key: string, value: string | null): boolean {
    try {
      if (value === null) this.storage?.removeItem(key);
      else this.storage?.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  }
}
