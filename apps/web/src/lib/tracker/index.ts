import { whenIdle } from './idle.ts';
import type { TrackValues } from './tracker.ts';

/**
 * The tracker's public face, small enough for the first load: `track()` for custom events and
 * `loadTracker()`, which fetches the tracker itself (tracker.ts) once the page has painted and
 * the browser is idle. Events tracked before it arrives wait here with their time.
 */
type Sink = (name: string, values?: TrackValues, time?: number) => void;

let sink: Sink | null = null;
const early: [string, TrackValues | undefined, number][] = [];

export function track(name: string, values?: TrackValues): void {
  if (sink) sink(name, values);
  else if (early.length < 100) early.push([name, values, Date.now()]);
}

export function loadTracker(): void {
  const start = () =>
    import('./tracker.ts').then(
      (module) => {
        const tracker = module.startTracker();
        sink = tracker.track;
        early.splice(0).forEach((args) => tracker.track(...args));
      },
      () => {
        // offline on first visit, or a stale deploy: no tracking for this page load
      },
    );
  const idle = () => whenIdle(start, 3000);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle);
}
