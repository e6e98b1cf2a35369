import { Limits } from '@jinfa/shared/enums';
import { StorageKeys, readJson, removeItem, writeJson } from './storage.ts';

/**
 * Attribution kept across pages (spec §3): the `suid` URL parameter as a numeric source id
 * for 30 minutes (localStorage), and the track-detail query `tid`/`soldBy` for the browser
 * session (sessionStorage; soldBy is '' when absent).
 */

interface StoredSourceId {
  id: number;
  expiresAt: number;
}

export interface TrackDetail {
  tid: string;
  soldBy: string;
}

/** Remember `suid` when it is numeric; returns the stored id or null. */
export function saveSourceId(suid: string | null | undefined, now: number = Date.now()): number | null {
  if (suid == null || suid === '') return null;
  const id = Number.parseInt(suid, 10);
  if (!Number.isFinite(id)) return null;
  writeJson(StorageKeys.SOURCE_ID, { id, expiresAt: now + Limits.SOURCE_ID_TTL_MS } satisfies StoredSourceId);
  return id;
}

/** The remembered source id, or null when none or older than 30 minutes. */
export function getSourceId(now: number = Date.now()): number | null {
  const stored = readJson<StoredSourceId>(StorageKeys.SOURCE_ID);
  if (!stored || typeof stored.id !== 'number' || typeof stored.expiresAt !== 'number') return null;
  if (now >= stored.expiresAt) {
    removeItem(StorageKeys.SOURCE_ID);
    return null;
  }
  return stored.id;
}

export function saveTrackDetail(tid: string | null | undefined, soldBy: string | null | undefined): TrackDetail | null {
  if (!tid && !soldBy) return null;
  const detail: TrackDetail = { tid: tid ?? '', soldBy: soldBy ?? '' };
  writeJson(StorageKeys.TRACK_DETAIL, detail, 'session');
  return detail;
}

export function getTrackDetail(): TrackDetail | null {
  const stored = readJson<Partial<TrackDetail>>(StorageKeys.TRACK_DETAIL, 'session');
  if (!stored) return null;
  return { tid: String(stored.tid ?? ''), soldBy: String(stored.soldBy ?? '') };
}

/** Pick attribution out of a location's query (run on every navigation). */
export function captureAttribution(params: URLSearchParams, now: number = Date.now()): void {
  saveSourceId(params.get('suid'), now);
  if (params.has('tid') || params.has('soldBy')) saveTrackDetail(params.get('tid'), params.get('soldBy'));
}
