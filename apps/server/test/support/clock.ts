import { afterEach, vi } from 'vitest';

/**
 * The server's clock, moved by the test: only Date is faked, so I/O timers (the database,
 * `inject`) keep running. Call it inside a describe; the real clock is back after each test.
 */
export function useServerClock(): (ms: number) => void {
  afterEach(() => {
    vi.useRealTimers();
  });
  return (ms) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
  };
}
