import { env } from '../../config/env.ts';
import { cleanQuery } from '../query.ts';
import { getAccessToken } from '../session.ts';
import { newClientId, sessionId } from './ids.ts';
import { currentLocation, pageFor, type PageInfo, type TrackExtra } from './page.ts';
import { createRecordStore, type RecordStore, type StoreLimits, type TrackRecord } from './store.ts';
import { createUploader } from './uploader.ts';

/** Spec §9: visit records are saved every second. */
export const SAVE_INTERVAL_MS = 1000;
export const OVERFLOW_EVENT = 'tracker_overflow';
const MAX_EXTRAS = 20;

export type TrackValues = Record<string, string | number | boolean | null | undefined>;

export interface TrackerOptions {
  storage?: Storage | null;
  limits?: StoreLimits;
  apiBase?: string;
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

type IdleWindow = Window & { requestIdleCallback?: (fn: () => void, opts?: { timeout: number }) => number };

/** Work that can wait for a quiet moment; a timeout keeps a busy page from starving it. */
function whenIdle(fn: () => void): void {
  const ric = (window as IdleWindow).requestIdleCallback;
  if (ric) ric(fn, { timeout: SAVE_INTERVAL_MS });
  else setTimeout(fn, 0);
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function toExtras(values: TrackValues | undefined): TrackExtra[] {
  const kept = cleanQuery(values || {});
  return Object.keys(kept)
    .slice(0, MAX_EXTRAS)
    .map((key) => ({ key: key.slice(0, 64), value: String(kept[key]).slice(0, 256) }));
}

/** `data-track-course-id="12"` → `{ courseId: '12' }`: every `data-track-*` attribute. */
function elementValues(el: HTMLElement): TrackValues {
  const out: TrackValues = {};
  for (const name of Object.keys(el.dataset)) {
    if (name.length > 5 && name.startsWith('track')) out[name[5]!.toLowerCase() + name.slice(6)] = el.dataset[name];
  }
  return out;
}

/**
 * The zero-loss tracker (spec §3, §4 Tracking, §7.7). Page visits are timed from route to route;
 * clicks on any element carrying `data-track="<elementId>"` (plus `data-track-*` extras) are
 * recorded by one capture listener; `track()` records custom events. Everything goes through
 * the persisted queue (store.ts) and the uploader (uploader.ts). Every handler does a constant,
 * small amount of work; saves and uploads run when the browser is idle.
 */
export function startTracker(options: TrackerOptions = {}): Tracker {
  const store = createRecordStore(options.storage === undefined ? localStorageOrNull() : options.storage, options.limits);
  let open: (TrackRecord & { k: 'v' }) | null = null;
  const uploader = createUploader({
    store,
    apiBase: options.apiBase === undefined ? env.apiBase : options.apiBase,
    openVisit: () => open,
    accessToken: getAccessToken,
    random: options.random || Math.random,
  });
  const visible = () => document.visibilityState !== 'hidden';

  function base(time: number) {
    return { clientId: newClientId(), sessionId: sessionId(), pageId: (open || pageFor(currentLocation())).pageId, eventTime: time };
  }

  function openVisit(page: PageInfo = pageFor(currentLocation()), begin = Date.now()): void {
    if (open) return;
    open = { k: 'v', clientId: newClientId(), pageId: page.pageId, sessionId: sessionId(), beginTime: begin, endTime: Date.now() };
    if (page.extras.length) open.extras = page.extras;
    store.add(open);
  }

  function closeVisit(): void {
    if (!open) return;
    open.endTime = Math.max(open.beginTime, Date.now());
    store.touch(open);
    open = null;
  }

  function track(name: string, values?: TrackValues, time = Date.now()): void {
    const extras = toExtras(values);
    store.add({ k: 'c', ...base(time), name: name.slice(0, 64), ...(extras.length ? { extras } : {}) });
  }

  function flush(): Promise<void> {
    // The overflow count travels as an ordinary event, so it is as durable as the rest.
    if (store.dropped > 0) {
      const dropped = store.dropped;
      store.resetDropped();
      track(OVERFLOW_EVENT, { dropped });
    }
    return uploader.flush();
  }

  const handleClick = (event: Event) => {
    const target = event.target as Element | null;
    const el = target && target.closest && target.closest('[data-track]');
    if (!(el instanceof HTMLElement) || !el.dataset.track) return;
    const extras = toExtras(elementValues(el));
    store.add({ k: 'e', ...base(Date.now()), elementId: el.dataset.track.slice(0, 128), ...(extras.length ? { extras } : {}) });
  };

  const handleRoute = () => {
    const page = pageFor(currentLocation());
    if (open && open.pageId === page.pageId) return;
    closeVisit();
    if (visible()) openVisit(page);
    whenIdle(() => {
      store.save();
      if (store.dropped > 0) void flush();
      else uploader.flushSoon();
    });
  };

  const handleVisibility = () => {
    if (visible()) {
      openVisit();
      void flush();
    } else {
      closeVisit();
      store.save();
    }
  };

  const handlePageHide = () => {
    closeVisit();
    store.save();
    uploader.beacon();
  };

  const handleShow = () => {
    if (visible()) openVisit();
    void flush();
  };

  const handleOnline = () => {
    uploader.resetBackoff();
    void flush();
  };

  // The router moves with pushState/replaceState, which fire no event: wrap them (as Plausible
  // and PostHog do). Back/forward and typed hashes fire popstate/hashchange.
  const { pushState, replaceState } = window.history;
  window.history.pushState = function (...args: Parameters<History['pushState']>) {
    pushState.apply(this, args);
    handleRoute();
  };
  window.history.replaceState = function (...args: Parameters<History['replaceState']>) {
    replaceState.apply(this, args);
    handleRoute();
  };

  const listeners: [EventTarget, string, EventListener][] = [
    [document, 'click', handleClick],
    [document, 'visibilitychange', handleVisibility],
    [window, 'popstate', handleRoute],
    [window, 'hashchange', handleRoute],
    [window, 'pagehide', handlePageHide],
    [window, 'pageshow', handleShow],
    [window, 'load', handleShow],
    [window, 'online', handleOnline],
  ];
  listeners.forEach(([target, type, fn]) => target.addEventListener(type, fn, { capture: true, passive: true }));

  const ticker = setInterval(() => {
    if (open && visible()) {
      open.endTime = Date.now();
      store.touch(open);
    }
    whenIdle(() => store.save());
  }, SAVE_INTERVAL_MS);

  // The first page began before this module loaded (it loads after first paint).
  const origin = Math.round(performance.timeOrigin || Date.now());
  if (visible()) openVisit(undefined, Math.min(origin, Date.now()));
  whenIdle(() => {
    store.adopt();
    void flush();
  });

  return {
    track,
    flush,
    save: () => store.save(),
    store,
    stop() {
      clearInterval(ticker);
      listeners.forEach(([target, type, fn]) => target.removeEventListener(type, fn, { capture: true }));
      window.history.pushState = pushState;
      window.history.replaceState = replaceState;
    },
  };
}
