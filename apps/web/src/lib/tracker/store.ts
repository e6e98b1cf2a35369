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
  /** Records per storage segment. */
  segmentSize: number;
}

/**
 * 2,000 records of about 200 bytes (a visit with its query, a click with a course id) are about
 * 400 KB of localStorage's usual 5 MB. Records are clipped to the collect schema's limits, and a
 * store that still outgrows the quota falls under the same policy (see save()).
 */
export const DEFAULT_LIMITS: StoreLimits = { maxRecords: 2000, segmentSize: 100 };

function timeOf(r: TrackRecord): number {
  return r.k === 'v' ? r.beginTime : r.eventTime;
}

/**
 * The tracker's queue, persisted in localStorage in segments of `segmentSize` records under
 * `trk:<writer>:<n>`. A 1-second save writes only the segments that changed since the last save
 * (usually the newest one), so its cost does not grow with the queue: no JSON of 2,000 records
 * per click or per tick.
 *
 * Overflow policy: when the queue holds more than `maxRecords` records, or localStorage refuses
 * a write (quota), the OLDEST records are dropped first and counted in
 * `trk_dropped`; the tracker reports the count as a `tracker_overflow` custom event. Without
 * localStorage (private mode), the queue lives in memory only.
 *
 * Every page load is its own writer. A new load adopts the segments it finds (earlier loads,
 * crashed tabs, other open tabs): it copies them into its own and removes theirs in one task.
 * A still-open tab that rewrites a segment makes a second copy; the server drops duplicates by
 * clientId, so that costs a resend, never a double count.
 */
export interface RecordStore {
  readonly size: number;
  /** Records dropped by the overflow policy and not yet reported. */
  readonly dropped: number;
  /** Called once the drop count is queued as a `tracker_overflow` event. */
  resetDropped(): void;
  add(record: TrackRecord): void;
  /** The record changed (a visit's endTime): save its segment on the next save. */
  touch(record: TrackRecord): void;
  /** Acknowledged by the server: forget these records (and only these). */
  remove(clientIds: readonly string[]): void;
  /** The oldest `limit` records of a kind, except `skip` (the visit still open). */
  pending(kind: RecordKind, limit: number, skip?: TrackRecord | null): TrackRecord[];
  /** Writes the changed segments. Cheap when little changed; safe to call at any time. */
  save(): void;
  /** Takes over the segments other page loads left in storage; answers how many records. */
  adopt(): number;
}

// A closure rather than a class: the build targets es2019, where class fields become helper
// calls and property names survive minification; this keeps the lazy chunk small.
export function createRecordStore(given: Storage | null, limits: StoreLimits = DEFAULT_LIMITS): RecordStore {
  const segments = new Map<number, TrackRecord[]>();
  const segmentOf = new WeakMap<TrackRecord, number>();
  const ids = new Set<string>();
  const dirty = new Set<number>();
  const prefix = `${KEY_PREFIX}${newClientId().slice(0, 8)}:`;
  // Old Safari private mode has a localStorage whose every write throws: that is memory-only
  // too, or the quota policy would drop every record.
  const storage: Storage | null = given && write('trk_probe', '1', given) && write('trk_probe', null, given) ? given : null;
  let nextSegment = 0;
  let droppedCount = 0;
  try {
    droppedCount = Number(storage && storage.getItem(DROPPED_KEY)) || 0;
  } catch {
    // unreadable: start counting again
  }

  function write(key: string, value: string | null, area: Storage | null = storage): boolean {
    try {
      if (!area) return true;
      if (value === null) area.removeItem(key);
      else area.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  }

  const forget = (record: TrackRecord) => ids.delete(record.clientId);

  function dropOldest(count: number): void {
    for (const [seg, records] of segments) {
      if (count <= 0) break;
      const n = Math.min(count, records.length);
      records.splice(0, n).forEach(forget);
      count -= n;
      droppedCount += n;
      dirty.add(seg);
    }
    write(DROPPED_KEY, String(droppedCount));
  }

  function add(record: TrackRecord): void {
    if (ids.has(record.clientId)) return;
    let seg = nextSegment - 1;
    const tail = segments.get(seg);
    if (!tail || tail.length >= limits.segmentSize) segments.set((seg = nextSegment++), []);
    segments.get(seg)!.push(record);
    segmentOf.set(record, seg);
    ids.add(record.clientId);
    dirty.add(seg);
    if (ids.size > limits.maxRecords) dropOldest(ids.size - limits.maxRecords);
  }

  function save(): void {
    let attempts = 0;
    while (dirty.size) {
      const seg = dirty.values().next().value as number;
      dirty.delete(seg);
      const records = segments.get(seg);
      const key = prefix + seg;
      if (!records || !records.length) {
        if (records && seg !== nextSegment - 1) segments.delete(seg);
        write(key, null);
        continue;
      }
      if (!storage || write(key, JSON.stringify(records))) continue;
      // Quota: the policy again, oldest first, a tenth of the queue at a time.
      if (++attempts > 20) {
        dirty.add(seg);
        return;
      }
      dropOldest(Math.max(1, Math.ceil(ids.size / 10)));
      dirty.add(seg);
    }
  }

  function adopt(): number {
    if (!storage) return 0;
    const found: TrackRecord[] = [];
    const keys: string[] = [];
    try {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!;
        if (key.startsWith(KEY_PREFIX) && !key.startsWith(prefix)) keys.push(key);
      }
      // Oldest first: by writer, then by segment number (numeric collation: `:10` after `:9`).
      keys.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
      for (const key of keys) {
        try {
          const list = JSON.parse(storage.getItem(key) || '[]') as TrackRecord[];
          found.push(...list.filter((r) => r && typeof r.clientId === 'string'));
        } catch {
          // a torn write from an old version: nothing to recover
        }
        storage.removeItem(key);
      }
    } catch {
      return 0;
    }
    found.sort((a, b) => timeOf(a) - timeOf(b));
    const before = ids.size;
    found.forEach(add);
    save();
    return ids.size - before;
  }

  return {
    get size() {
      return ids.size;
    },
    get dropped() {
      return droppedCount;
    },
    resetDropped() {
      droppedCount = 0;
      write(DROPPED_KEY, null);
    },
    add,
    touch(record) {
      const seg = segmentOf.get(record);
      if (seg !== undefined && ids.has(record.clientId)) dirty.add(seg);
    },
    remove(clientIds) {
      const gone = new Set(clientIds.filter((id) => ids.has(id)));
      if (!gone.size) return;
      for (const [seg, records] of segments) {
        const kept = records.filter((r) => !gone.has(r.clientId));
        if (kept.length === records.length) continue;
        records.forEach((r) => gone.has(r.clientId) && forget(r));
        segments.set(seg, kept);
        dirty.add(seg);
      }
    },
    pending(kind, limit, skip) {
      const out: TrackRecord[] = [];
      for (const records of segments.values()) {
        for (const r of records) {
          if (r.k !== kind || r === skip) continue;
          if (out.push(r) >= limit) return out;
        }
      }
      return out;
    },
    save,
    adopt,
  };
}
