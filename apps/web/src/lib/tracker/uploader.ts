import type { RecordKind, RecordStore, TrackRecord } from './store.ts';

/** The `X-App-ID` of this app (packages/shared TRACKING_APP_ID; not imported: schemas.ts pulls in TypeBox). */
export const APP_ID = 'jinfa-h5';
/** Records per upload; the server takes up to 500, smaller batches keep each request short. */
export const BATCH_SIZE = 100;
/** Backoff after a failed upload: 1 s, 2 s, 4 s … up to a minute, each with jitter. */
export const RETRY_BASE_MS = 1000;
export const RETRY_CAP_MS = 60_000;
const REQUEST_TIMEOUT_MS = 20_000;

export const COLLECT_PATHS: Record<RecordKind, string> = {
  v: '/v1/collect/page/visit/batch',
  e: '/v1/collect/page/event/element/batch',
  c: '/v1/collect/page/event/custom/batch',
};
const KINDS: readonly RecordKind[] = ['v', 'e', 'c'];

/** Drops the queue's own `k` field from the upload. */
const stripKind = (key: string, value: unknown) => (key === 'k' ? undefined : value);

export interface UploaderDeps {
  store: RecordStore;
  apiBase: string;
  /** The visit still being timed: not sent until it is closed (a resend would be a duplicate). */
  openVisit: () => TrackRecord | null;
  accessToken: () => string | null;
  random: () => number;
}

export interface Uploader {
  /** Sends everything that is ready; a call during a flush runs one more pass after it. */
  flush(): Promise<void>;
  /** A new record is ready (a closed visit): send it unless a retry is waiting out its backoff. */
  flushSoon(): void;
  /** The browser is back online: the next try should not wait out an old backoff. */
  resetBackoff(): void;
  /**
   * Page is going away: hand the ready records to sendBeacon. Nothing is removed — a beacon is
   * not acknowledged — so the next load sends them again and the server drops the duplicates.
   * sendBeacon cannot set headers: the app id rides in the query.
   */
  beacon(): void;
}

/**
 * Sends the queue in batches, one request at a time, and removes a batch's records only when
 * the server answers code 0 (spec §4) — matched by clientId, so records added meanwhile stay.
 * Any other outcome (offline, timeout, 5xx, a non-zero code) keeps the records and retries
 * later with exponential backoff and jitter, so a fleet of phones coming back online does not
 * hit the server in step.
 */
export function createUploader(deps: UploaderDeps): Uploader {
  const { store, apiBase } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function send(kind: RecordKind, batch: TrackRecord[]): Promise<boolean> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-App-ID': APP_ID };
    const token = deps.accessToken();
    if (token) headers['Access-Token'] = token;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const res = await fetch(apiBase + COLLECT_PATHS[kind], {
        method: 'POST',
        headers,
        body: JSON.stringify(batch, stripKind),
        signal: controller.signal,
      });
      const body = (await res.json().catch(() => null)) as { code?: unknown } | null;
      return res.ok && !!body && body.code === 0;
    } catch {
      return false;
    } finally {
      clearTimeout(timeout);
    }
  }

  async function run(): Promise<void> {
    if (navigator.onLine === false) return;
    for (const kind of KINDS) {
      for (;;) {
        const batch = store.pending(kind, BATCH_SIZE, deps.openVisit());
        if (!batch.length) break;
        if (!(await send(kind, batch))) {
          again = false;
          const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** failures);
          failures = Math.min(failures + 1, 16);
          // "Equal jitter": at least half the ceiling, so retries still back off.
          timer = setTimeout(flush, ceiling / 2 + deps.random() * (ceiling / 2));
          return;
        }
        failures = 0;
        store.remove(batch.map((r) => r.clientId));
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    timer = undefined;
    running = run().finally(() => {
      running = null;
      if (again) {
        again = false;
        void flush();
      }
    });
    return running;
  }

  return {
    flush,
    flushSoon() {
      if (timer === undefined) void flush();
    },
    resetBackoff() {
      failures = 0;
    },
    beacon() {
      if (typeof navigator.sendBeacon !== 'function') return;
      for (const kind of KINDS) {
        const batch = store.pending(kind, BATCH_SIZE, deps.openVisit());
        if (!batch.length) continue;
        try {
          navigator.sendBeacon(
            `${apiBase}${COLLECT_PATHS[kind]}?appId=${APP_ID}`,
            new Blob([JSON.stringify(batch, stripKind)], { type: 'application/json' }),
          );
        } catch {
          // over the beacon quota: the records are still queued
        }
      }
    },
  };
}
