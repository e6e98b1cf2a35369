import type { OrderProgress } from '@jinfa/shared/schemas';

/** Pauses between polls: quick at first (the sandbox notifies at once), then every 2 s. */
export const POLL_DELAYS_MS = [0, 400, 800, 1200, 2000] as const;
export const POLL_BUDGET_MS = 20_000;

export type PaidOutcome = 'paid' | 'timeout' | 'aborted';

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}

/**
 * After the pay bridge reports success the notification may still be on its way: poll the
 * order's progress with backoff until it is paid (or the course is owned), for at most ~20 s.
 * A failed poll is retried like an unpaid answer.
 */
export async function waitUntilPaid(
  check: (signal?: AbortSignal) => Promise<OrderProgress>,
  { signal, budgetMs = POLL_BUDGET_MS, now = () => Date.now() }: { signal?: AbortSignal; budgetMs?: number; now?: () => number } = {},
): Promise<PaidOutcome> {
  const started = now();
  for (let attempt = 0; ; attempt += 1) {
    const delay = POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)] ?? 2000;
    if (attempt > 0 && now() - started + delay > budgetMs) return 'timeout';
    await pause(delay, signal);
    if (signal?.aborted) return 'aborted';
    try {
      const progress = await check(signal);
      if (progress.paid || progress.owned) return 'paid';
    } catch {
      if (signal?.aborted) return 'aborted';
    }
  }
}
