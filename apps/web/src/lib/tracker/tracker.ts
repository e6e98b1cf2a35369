import { cleanQuery } from '../query.ts';
import { newClientId, sessionId } from './ids.ts';
import { whenIdle } from './idle.ts';
import { currentLocation, pageFor, type PageInfo, type TrackExtra } from './page.ts';
import { createRecordStore, type RecordKind, type RecordStore, type StoreLimits, type TrackRecord } from './store.ts';
import { BATCH_SIZE, RETRY_BASE_MS, RETRY_CAP_MS, beacon, send } from './uploader.ts';

/** Spec §9: visit records are saved every second. */
const SAVE_INTERVAL_MS = 1000;
const OVERFLOW_EVENT = 'tracker_overflow';

export type TrackValues = Record<string, string | number | boolean | null | undefined>;

export interface TrackerOptions {
  /** Default: the page's localStorage; null: memory only. */
  storage?: Storage | null;
  limits?: StoreLimits;
  random?: () => number;
}

export interface Tracker {
  /** A custom event (spec §7.7 `/page/event/custom`). */
  track: (name: string, values?: TrackValues, time?: number) => void;
  /** Sends what is ready now (tests; the page's own triggers call it). */
  flush: () => Promise<void>;
  /** Writes the changed records now (tests; otherwise every second when idle). */
  save: () => void;
  stop: () => void;
  readonly store: RecordStore;
}

/**
 * Values as extras, clipped to the collect schema (20 pairs, keys ≤ 64, values ≤ 256). Always a
 * list, maybe empty: the server stores none and an empty list alike.
 */
function toExtras(values: TrackValues): TrackExtra[] {
  const kept = cleanQuery(values);
  return Object.keys(kept)
    .slice(0, 20)
    .map((key) => ({ key: key.slice(0, 64), value: String(kept[key]).slice(0, 256) }));
}

/**
 * The zero-loss tracker (spec §3, §4 Tracking, §7.7). Page visits are timed from route to route;
 * clicks on any element carrying `data-track="<elementId>"` (plus `data-track-*` extras) are
 * recorded by one capture listener; `track()` records custom events. Everything goes through
 * the persisted queue (store.ts); uploads (uploader.ts) go one at a time, and a batch's records
 * are removed only when the server answers code 0 — matched by clientId, so records added
 * meanwhile stay. A failure retries with exponential backoff and jitter, so a fleet of phones
 * coming back online does not hit the server in step. Every handler does a constant, small
 * amount of work; saves, uploads and the takeover of earlier loads' records run when idle.
 */
export function startTracker(options: TrackerOptions = {}): Tracker {
  const store = createRecordStore(options.storage, options.limits);
  const random = options.random || Math.random;
  const kinds = 'vec' as unknown as RecordKind[];
  let open: (TrackRecord & { k: 'v' }) | null = null;
  let running: Promise<void> | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const visible = () => document.visibilityState !== 'hidden';
  // The visit still being timed is not sent until it is closed (a resend would be a duplicate).
  const ready = (kind: RecordKind) => store.pending(kind, BATCH_SIZE, open);

  function openVisit(page: PageInfo = pageFor(currentLocation()), begin = Date.now()): void {
    if (open || !visible()) return;
    open = { k: 'v', clientId: newClientId(), sessionId: sessionId(), beginTime: begin, endTime: Date.now(), ...page };
    store.add(open);
  }

  function closeVisit(): void {
    if (!open) return;
    open.endTime = Math.max(open.beginTime, Date.now());
    store.touch(open);
    open = null;
  }

  function event(k: 'e' | 'c', time: number, values: TrackValues, fields: { elementId: string } | { name: string }): void {
    const pageId = (open || pageFor(currentLocation())).pageId;
    store.add({ k, clientId: newClientId(), sessionId: sessionId(), pageId, eventTime: time, ...fields, extras: toExtras(values) } as TrackRecord);
  }

  function track(name: string, values: TrackValues = {}, time = Date.now()): void {
    event('c', time, values, { name: name.slice(0, 64) });
  }

  /** Passes over the kinds until one sends nothing: what became ready meanwhile goes too. */
  async function run(): Promise<void> {
    for (let sent = 1; sent; ) {
      sent = 0;
      for (const kind of kinds) {
        for (let batch; navigator.onLine !== false && (batch = ready(kind)).length; sent++) {
          if (!(await send(kind, batch))) {
            const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** failures++);
            // "Equal jitter": at least half the ceiling, so retries still back off.
            timer = setTimeout(flush, (ceiling / 2) * (1 + random()));
            return;
          }
          failures = 0;
          store.remove(batch.map((r) => r.clientId));
        }
      }
    }
  }

  /** Sends everything that is ready, one upload at a time (a call during a run joins it). */
  function flush(): Promise<void> {
    // The overflow count travels as an ordinary event, so it is as durable as the rest.
    const dropped = store.dropped;
    if (dropped) {
      store.resetDropped();
      track(OVERFLOW_EVENT, { dropped });
    }
    if (!running) {
      clearTimeout(timer);
      timer = undefined;
      running = run().finally(() => (running = null));
    }
    return running;
  }

  const handleRoute = () => {
    const page = pageFor(currentLocation());
    if (open && open.pageId === page.pageId) return;
    closeVisit();
    openVisit(page);
    whenIdle(() => {
      store.save();
      // The closed visit is ready: send it, unless a retry is waiting out its backoff.
      if (timer === undefined) void flush();
    });
  };

  // pageshow, load, and visibility either way: time the visit while visible, and send (a hidden
  // page may be about to go: this is the last moment a phone reliably gives us).
  const handleShow = () => {
    if (visible()) openVisit();
    else closeVisit();
    store.save();
    void flush();
  };

  const handlers: Record<string, (event: Event) => void> = {
    click(e) {
      const target = e.target as Element | null;
      const el = target && target.closest && (target.closest('[data-track]') as HTMLElement | null);
      if (!el || !el.dataset.track) return;
      // `data-track-course-id="12"` → `{ courseId: '12' }`: every `data-track-*` attribute.
      const values: TrackValues = {};
      for (const name in el.dataset) {
        if (/^track./.test(name)) values[name[5]!.toLowerCase() + name.slice(6)] = el.dataset[name];
      }
      event('e', Date.now(), values, { elementId: el.dataset.track.slice(0, 128) });
    },
    visibilitychange: handleShow,
    pageshow: handleShow,
    load: handleShow,
    popstate: handleRoute,
    hashchange: handleRoute,
    pagehide() {
      closeVisit();
      store.save();
      for (const kind of kinds) {
        const batch = ready(kind);
        if (batch.length) beacon(kind, batch);
      }
    },
    online() {
      failures = 0;
      void flush();
    },
  };
  // All on window, in the capture phase: document events (click, visibilitychange) pass it first.
  const listen = (how: typeof addEventListener) => {
    for (const type in handlers) how(type, handlers[type]!, true);
  };
  listen(addEventListener);

  // The router moves with pushState/replaceState, which fire no event: wrap them (as Plausible
  // and PostHog do). Back/forward and typed hashes fire popstate/hashchange.
  const { pushState, replaceState } = history;
  const wrap = (original: History['pushState']) =>
    function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      handleRoute();
    };
  history.pushState = wrap(pushState);
  history.replaceState = wrap(replaceState);

  const ticker = setInterval(() => {
    if (open && visible()) {
      open.endTime = Date.now();
      store.touch(open);
    }
    whenIdle(store.save);
  }, SAVE_INTERVAL_MS);

  // The first page began before this module loaded (it loads after first paint).
  openVisit(undefined, Date.now() - Math.round(performance.now()));
  // Earlier loads' records, a slice per idle callback; then the first upload.
  const adopt = () => (store.adopt() ? whenIdle(adopt) : void flush());
  whenIdle(adopt);

  return {
    track,
    flush,
    save: store.save,
    store,
    stop() {
      clearInterval(ticker);
      listen(removeEventListener);
      history.pushState = pushState;
      history.replaceState = replaceState;
    },
  };
}
