import { afterEach, vi } from 'vitest';

/** Where the listening suites' scenarios start: a Tuesday morning in Shanghai. */
export const T0 = Date.parse('2026-03-10T10:00:00+08:00');

/** `n` seconds in milliseconds. */
export const seconds = (n: number) => n * 1000;

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
