import { describe, expect, it, vi } from 'vitest';
import type { OrderProgress } from '@jinfa/shared/schemas';
import { waitUntilPaid } from './wait-until-paid.ts';

const unpaid: OrderProgress = { orderId: 5, status: 'pending', paid: false, owned: false };
const paid: OrderProgress = { orderId: 5, status: 'paid', paid: true, owned: true };

describe('waitUntilPaid', () => {
  it('polls until the order is paid, retrying a failed poll', async () => {
    const answers: (OrderProgress | Error)[] = [unpaid, new Error('network'), paid];
    const check = vi.fn(async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    vi.useFakeTimers();
    try {
      const outcome = waitUntilPaid(check);
      await vi.runAllTimersAsync();
      expect(await outcome).toBe('paid');
    } finally {
      vi.useRealTimers();
    }
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('gives up after its budget', async () => {
    let clock = 0;
    const check = vi.fn(async () => {
      clock += 30_000;
      return unpaid;
    });
    expect(await waitUntilPaid(check, { now: () => clock })).toBe('timeout');
    expect(check).toHaveBeenCalledOnce();
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const check = vi.fn(async () => {
      controller.abort();
      return unpaid;
    });
    expect(await waitUntilPaid(check, { signal: controller.signal })).toBe('aborted');
  });
});
