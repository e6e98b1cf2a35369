import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BufferClosedError, IngestBuffer } from '../src/modules/collect/ingest-buffer.ts';

/** A commit the test finishes by hand, so "answered only after commit" is observable. */
function manualCommits() {
  const calls: { jobs: string[]; finish: () => void; fail: (e: Error) => void }[] = [];
  const commit = (jobs: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ jobs, finish: () => resolve(jobs.map((j) => `ok:${j}`)), fail: reject });
    });
  return { calls, commit };
}

describe('IngestBuffer (group commit)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('puts uploads that arrive within the linger time into one commit, answered after it', async () => {
    const { calls, commit } = manualCommits();
    const buffer = new IngestBuffer(commit, { lingerMs: 2, maxRows: 1000, maxInFlight: 1 });
    const settled: string[] = [];
    const a = buffer.submit('a', 10).then((r) => settled.push(r));
    const b = buffer.submit('b', 10).then((r) => settled.push(r));
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2);
    expect(calls.map((c) => c.jobs)).toEqual([['a', 'b']]);
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toEqual([]); // not durable yet: no answer
    calls[0]!.finish();
    await Promise.all([a, b]);
    expect(settled).toEqual(['ok:a', 'ok:b']);
  });

  it('commits at once when enough records wait, and groups what arrives during a commit', async () => {
    const { calls, commit } = manualCommits();
    const buffer = new IngestBuffer(commit, { lingerMs: 1000, maxRows: 100, maxInFlight: 1 });
    const first = buffer.submit('big', 100);
    expect(calls.map((c) => c.jobs)).toEqual([['big']]);
    const later = [buffer.submit('c', 1), buffer.submit('d', 1)];
    calls[0]!.finish();
    await first;
    // No lingering: c and d already waited for the running commit.
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.jobs)).toEqual([['big'], ['c', 'd']]);
    calls[1]!.finish();
    expect(await Promise.all(later)).toEqual(['ok:c', 'ok:d']);
  });

  it('rejects every upload of a failed commit, and keeps working after', async () => {
    const { calls, commit } = manualCommits();
    const buffer = new IngestBuffer(commit, { lingerMs: 1, maxRows: 1000, maxInFlight: 1 });
    const a = buffer.submit('a', 1);
    const b = buffer.submit('b', 1);
    await vi.advanceTimersByTimeAsync(1);
    calls[0]!.fail(new Error('disk full'));
    await expect(a).rejects.toThrow('disk full');
    await expect(b).rejects.toThrow('disk full');
    const c = buffer.submit('c', 1);
    await vi.advanceTimersByTimeAsync(1);
    calls[1]!.finish();
    expect(await c).toBe('ok:c');
  });

  it('commits what waits on close, then refuses new uploads', async () => {
    const { calls, commit } = manualCommits();
    const buffer = new IngestBuffer(commit, { lingerMs: 1000, maxRows: 1000, maxInFlight: 1 });
    const a = buffer.submit('a', 1);
    const closing = buffer.close();
    expect(calls.map((c) => c.jobs)).toEqual([['a']]);
    calls[0]!.finish();
    await closing;
    expect(await a).toBe('ok:a');
    await expect(buffer.submit('late', 1)).rejects.toBeInstanceOf(BufferClosedError);
  });
});
