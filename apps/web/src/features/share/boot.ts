/**
 * The only part of sharing in the boot chunk: outside WeChat it does nothing, inside it loads the
 * share controller once the browser is idle, so neither it nor the JS-SDK delays the first paint
 * (home-page budget, decision 007).
 */
import { isWechat } from '../../lib/user-agent.ts';
import type * as Controller from './share-controller.ts';

let controller: Promise<typeof Controller> | undefined;

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = (globalThis as { requestIdleCallback?: (fn: () => void, opts?: { timeout: number }) => number }).requestIdleCallback;
    if (idle) idle(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 1000);
  });
}

/** Call on every route change. */
export function shareOnRoute(): void {
  if (!isWechat()) return;
  controller ??= whenIdle().then(() => import('./share-controller.ts'));
  controller.then(
    (m) => m.onRoute(),
    () => {
      controller = undefined;
    },
  );
}
