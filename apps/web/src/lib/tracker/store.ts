import type { CustomEventRecord, ElementClickRecord, PageVisitRecord } from '@jinfa/shared/schemas';
import { newClientId } from './ids.ts';

/** `k`: which collect endpoint the record goes to. Stripped before upload. */
export type TrackRecord =
  // Our tracker always sends a clientId (the server derives one only for records without it).
  | (PageVisitRecord & { k: 'v'; clientId: string })
  | (ElementClickRecord & { k: 'e'; clientId: string })
  | (CustomEventRecord & { k: 'c'; clientId: string });
export type RecordKind = TrackRecord['k'];

export const KEY_PREFIX = 'trk:';
export const DROPPED_KEY = 'trk_dropped';
/** Longest stretch one idle callback spends taking over an earlier load's segments. */
export const ADOPT_SLICE_MS = 1;

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

/**
 * The tracker's queue, persisted in localStorage in segments of `segmentSize` records under
 * `trk:<writer>:<n>`. A 1-second save writes only the segments that changed since the last save
 * (usually the newest one), so its cost does not grow with the queue.
 *
 * Overflow policy: when the queue holds more than `maxRecords` records, or localStorage refuses
 * a write (quota), the OLDEST records are dropped first and counted in `trk_dropped`; the tracker
 * reports the count as a `tracker_overflow` custom event. Without a working localStorage
 * (private mode), the queue lives in memory only.
 *
 * Every page load is its own writer, named by its start time (base 36, fixed width) and four
 * random characters, so writers sort oldest first as plain strings; segment numbers are fixed
 * width too (own segments count up from 500000). A new load takes over the segments it finds
 * (earlier loads, crashed tabs, other open tabs), newest first, one idle slice at a time
 * (adopt()): each is read, removed and stored again under a number below 500000, counting
 * down, so the queue stays oldest first. A still-open tab that rewrites a taken segment makes a
 * second copy; the server drops duplicates by clientId, so that costs a resend, never a loss or
 * a double count.
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
  /** Takes over about ADOPT_SLICE_MS worth of other loads' segments; true while some are left. */
  adopt(): boolean;
}

/**
 * `given` undefined: the page's localStorage. A closure rather than a class: the build targets
 * es2019, where property names survive minification and local names do not.
 */
export function createRecordStore(given?: Storage | null, limits: StoreLimits = DEFAULT_LIMITS): RecordStore {
  // Integer keys: an object iterates them in ascending order, which is the queue's order.
  const segments: Record<number, TrackRecord[]> = {};
  const dirty = new Set<number>();
  const prefix = `${KEY_PREFIX}${Date.now().toString(36)}${newClientId().slice(0, 4)}:`;
  let storage: Storage | null = null;
  let next = 5e5;
  let low = next;
  let size = 0;
  let dropped = 0;
  let foreign: string[] | undefined;
  try {
    storage = given === undefined ? localStorage : given;
    dropped = +storage!.getItem(DROPPED_KEY)! || 0;
    // Also a probe: old Safari private mode has a localStorage whose every write throws. That is
    // memory-only too, or the quota policy would drop every record. (null lands here as well.)
    storage!.setItem(DROPPED_KEY, '' + dropped);
  } catch {
    storage = null;
  }

  /** `value` undefined removes the key. False when storage refused (quota). */
  function write(key: string, value?: string): boolean {
    try {
      if (storage && value === undefined) storage.removeItem(key);
      else if (storage) storage.setItem(key, value!);
      return true;
    } catch {
      return false;
    }
  }

  function drop(count: number): void {
    for (const n in segments) {
      if (count < 1) break;
      const k = Math.min(count, segments[n]!.length);
      segments[n]!.splice(0, k);
      count -= k;
      size -= k;
      dropped += k;
      dirty.add(+n);
    }
    write(DROPPED_KEY, '' + dropped);
  }

  function save(): void {
    let tries = 0;
    // A Set visits what is added while it is iterated: segments the quota policy touches, and
    // this one again after a refused write.
    for (const n of dirty) {
      const list = segments[n];
      dirty.delete(n);
      if (!list || !list.length) {
        delete segments[n];
        write(prefix + n);
      } else if (!write(prefix + n, JSON.stringify(list))) {
        // Quota: the policy again, oldest first, a tenth of the queue at a time.
        dirty.add(n);
        if (++tries > 20) return;
        drop(Math.ceil(size / 10));
      }
    }
  }

  const trim = () => size > limits.maxRecords && drop(size - limits.maxRecords);

  return {
    get size() {
      return size;
    },
    get dropped() {
      return dropped;
    },
    resetDropped() {
      write(DROPPED_KEY, '' + (dropped = 0));
    },
    add(record) {
      let list = segments[next - 1];
      if (!list || list.length >= limits.segmentSize) segments[next++] = list = [];
      list.push(record);
      dirty.add(next - 1);
      size++;
      trim();
    },
    touch(record) {
      for (const n in segments) if (segments[n]!.includes(record)) dirty.add(+n);
    },
    remove(clientIds) {
      const gone = new Set(clientIds);
      for (const n in segments) {
        const list = segments[n]!;
        const kept = list.filter((r) => !gone.has(r.clientId));
        if (kept.length < list.length) {
          size -= list.length - kept.length;
          segments[n] = kept;
          dirty.add(+n);
        }
      }
    },
    pending(kind, limit, skip) {
      const out: TrackRecord[] = [];
      for (const n in segments) {
        for (const r of segments[n]!) if (r.k === kind && r !== skip && out.push(r) >= limit) return out;
      }
      return out;
    },
    save,
    adopt() {
      const start = performance.now();
      if (!foreign) {
        foreign = [];
        for (let i = 0; storage && i < storage.length; i++) {
          const key = storage.key(i)!;
          if (key.startsWith(KEY_PREFIX) && !key.startsWith(prefix)) foreign.push(key);
        }
        foreign.sort();
      }
      // Newest first (pop), each below the last: ascending numbers stay oldest first.
      for (let key; performance.now() - start < ADOPT_SLICE_MS && (key = foreign.pop()); ) {
        const text = storage!.getItem(key);
        storage!.removeItem(key);
        try {
          const list = (JSON.parse(text!) as TrackRecord[]).filter((r) => r && typeof r.clientId == 'string');
          segments[--low] = list;
          size += list.length;
          // The text as read, under this load's name: no second JSON.stringify.
          if (!write(prefix + low, text!)) dirty.add(low);
        } catch {
          // a torn write, or a key another tab took meanwhile: nothing to recover
        }
      }
      trim();
      save();
      return foreign.length > 0;
    },
  };
}
