/**
 * Runs `fn` when the browser is idle, or after `timeout` ms at the latest (a busy page must not
 * starve it); a bare timer where requestIdleCallback is missing (iOS Safari). In the first-load
 * bundle with index.ts: the tracker's chunk reuses it rather than carrying its own.
 */
export function whenIdle(fn: () => void, timeout = 1000): void {
  const ric = (window as { requestIdleCallback?: (fn: () => void, o: { timeout: number }) => void }).requestIdleCallback;
  if (ric) ric(fn, { timeout });
  else setTimeout(fn, 1);
}
