import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { isDockActive, OUTBOX_KEY, subscribeDock } from './dock-store.ts';

const MiniBar = lazy(() => import('./mini-bar.tsx').then((m) => ({ default: m.MiniBar })));

/** Listen reports an earlier visit could not deliver go out once the page is idle (outbox.ts). */
function resendLeftReports(): void {
  let left = false;
  try {
    left = (window.localStorage.getItem(OUTBOX_KEY)?.length ?? 0) > 2;
  } catch {
    left = false;
  }
  if (!left) return;
  const idle = (globalThis as { requestIdleCallback?: (fn: () => void) => number }).requestIdleCallback;
  const load = () => void import('../lib/listen-outbox.ts').then((m) => m.startOutbox()).catch(() => undefined);
  if (idle) idle(load);
  else setTimeout(load, 1000);
}

/**
 * Mounted once in the app shell, outside the routed pages: the audio player's mini bar, docked
 * on every page while a course plays. Costs the home page a flag until the first play.
 */
export function AudioDock() {
  const active = useSyncExternalStore(subscribeDock, isDockActive, () => false);
  useEffect(resendLeftReports, []);
  return active ? (
    <Suspense fallback={null}>
      <MiniBar />
    </Suspense>
  ) : null;
}
