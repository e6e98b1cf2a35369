import { env } from '../../config/env.ts';
import { getAccessToken } from '../session.ts';
import type { RecordKind, TrackRecord } from './store.ts';

/** The `X-App-ID` of this app (packages/shared TRACKING_APP_ID; not imported: schemas.ts pulls in TypeBox). */
export const APP_ID = 'jinfa-h5';
/** Records per upload; the server takes up to 500, smaller batches keep each request short. */
export const BATCH_SIZE = 100;
/** Backoff after a failed upload: 1 s, 2 s, 4 s … up to a minute, each with jitter (tracker.ts). */
export const RETRY_BASE_MS = 1000;
export const RETRY_CAP_MS = 60_000;

export const COLLECT_PATHS: Record<RecordKind, string> = {
  v: '/v1/collect/page/visit/batch',
  e: '/v1/collect/page/event/element/batch',
  c: '/v1/collect/page/event/custom/batch',
};

/** The batch as the server takes it: without the queue's own `k` field. */
const body = (batch: TrackRecord[]) => JSON.stringify(batch, (key, value: unknown) => (key === 'k' ? undefined : value));

/**
 * One upload. True only when the server answers code 0 (spec §4): anything else — offline, 5xx,
 * a non-zero code, a body that is not JSON — keeps the records for a retry. No timeout of our
 * own: a request the network never answers ends in a network error, and until then nothing is
 * lost (the queue is saved; a reload or the pagehide beacon sends it).
 */
export async function send(kind: RecordKind, batch: TrackRecord[]): Promise<boolean> {
  const token = getAccessToken();
  try {
    const res = await fetch(env.apiBase + COLLECT_PATHS[kind], {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-ID': APP_ID, ...(token ? { 'Access-Token': token } : {}) },
      body: body(batch),
    });
    return res.ok && ((await res.json()) as { code?: unknown }).code === 0;
  } catch {
    return false;
  }
}

/**
 * The page is going away: hand a batch to sendBeacon. Nothing is removed — a beacon is not
 * acknowledged — so the next load sends it again and the server drops the duplicates.
 * sendBeacon cannot set headers: the app id rides in the query.
 */
export function beacon(kind: RecordKind, batch: TrackRecord[]): void {
  try {
    navigator.sendBeacon(`${env.apiBase}${COLLECT_PATHS[kind]}?appId=${APP_ID}`, new Blob([body(batch)], { type: 'application/json' }));
  } catch {
    // no sendBeacon, or over its quota: the records are still queued
  }
}
