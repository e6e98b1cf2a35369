import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Delivery, ListenReport } from '../api/post-listen.ts';
import { Outbox, OUTBOX_KEY, type OutboxItem } from './outbox.ts';
import { bindReporter, HEARTBEAT_MS, ProgressReporter } from './progress-reporter.ts';

const T0 = Date.parse('2026-03-01T09:00:00+08:00');

/** A transport that records what reached the "server" and answers what the test says. */
function fakeTransport() {
  const sent: ListenReport[] = [];
  const beacons: ListenReport[] = [];
  let answer: Delivery = 'ok';
  let gate: Promise<void> | null = null;
  return {
    sent,
    beacons,
    answer: (next: Delivery) => {
      answer = next;
    },
    hold: () => {
      let release = () => {};
      gate = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        gate = null;
        release();
      };
    },
    transport: {
      send: async (item: OutboxItem): Promise<Delivery> => {
        if (gate) await gate;
        if (answer === 'ok') sent.push(item.body);
        return answer;
      },
      beacon: (item: OutboxItem) => {
        beacons.push(item.body);
        return true;
      },
    },
  };
}

const live: ProgressReporter[] = [];

function setup(opts: { position?: () => number; session?: () => string | null } = {}) {
  const net = fakeTransport();
  const outbox = new Outbox({ transport: net.transport });
  const visits: string[] = [];
  let position = 0;
  const reporter = new ProgressReporter({
    courseId: 5,
    chapterId: 9,
    probe: { position: opts.position ?? (() => position), duration: () => 600 },
    outbox,
    who: () => ({ userId: 7, token: 'tok-7' }),
    onFirstPlay: (id) => visits.push(id),
    ...(opts.session ? { session: opts.session } : {}),
  });
  live.push(reporter);
  return { net, outbox, reporter, visits, seek: (p: number) => (position = p) };
}

/** Let queued promise callbacks (the outbox's sends) run without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  for (const r of live.splice(0)) r.close();
  vi.useRealTimers();
});

describe('ProgressReporter', () => {
  it('carries the play session of the current play_auth answer, read when each report is made', async () => {
    let session: string | null = 'ps-first-session-0001';
    const { net, reporter } = setup({ session: () => session });
    reporter.playing();
    await settle();
    session = 'ps-renewed-session-02';
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    session = null;
    reporter.stopped();
    await settle();
    expect(net.sent.map((r) => r.playSession)).toEqual(['ps-first-session-0001', 'ps-renewed-session-02', undefined]);
  });

  it('sends start at the first play, a heartbeat every 10 s, and exit with the cumulative seconds on pause', async () => {
    const { net, reporter, visits, seek } = setup();
    reporter.playing();
    await settle();
    expect(net.sent.map((r) => r.event)).toEqual(['start']);
    expect(net.sent[0]).toMatchObject({ chapterId: 9, playedSeconds: 0, recordId: reporter.recordId });
    expect(reporter.recordId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(visits).toEqual([reporter.recordId]);

    seek(10);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    seek(20);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(net.sent.map((r) => [r.event, r.playedSeconds, r.position])).toEqual([
      ['start', 0, 0],
      ['heartbeat', 10, 10],
      ['heartbeat', 20, 20],
    ]);

    await vi.advanceTimersByTimeAsync(4_000);
    reporter.stopped();
    await settle();
    expect(net.sent.at(-1)).toMatchObject({ event: 'exit', playedSeconds: 24, duration: 600 });
    // Paused: no more heartbeats, and time paused does not count.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.sent).toHaveLength(4);
    expect(reporter.playedSeconds()).toBe(24);
  });

  it('counts only time actually playing: buffering and pauses add nothing, resuming goes on in the same record', async () => {
    const { net, reporter, visits } = setup();
    reporter.playing();
    await vi.advanceTimersByTimeAsync(3_000);
    reporter.stalled(); // waiting for data
    await vi.advanceTimersByTimeAsync(5_000);
    reporter.playing();
    await vi.advanceTimersByTimeAsync(2_000);
    reporter.stopped();
    await vi.advanceTimersByTimeAsync(30_000);
    reporter.playing();
    await vi.advanceTimersByTimeAsync(1_000);
    reporter.close();
    await settle();
    expect(reporter.playedSeconds()).toBe(6);
    expect(net.sent.map((r) => `${r.event}:${r.playedSeconds}`)).toEqual(['start:0', 'exit:5', 'heartbeat:5', 'exit:6']);
    expect(new Set(net.sent.map((r) => r.recordId)).size).toBe(1);
    // visit_play once per record, even across pause and resume.
    expect(visits).toHaveLength(1);
  });

  it('beacons the exit on pagehide with what was played, and a snapshot when the page is hidden', async () => {
    const { net, reporter } = setup();
    reporter.playing();
    await vi.advanceTimersByTimeAsync(7_000);
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(net.beacons.at(-1)).toMatchObject({ event: 'heartbeat', playedSeconds: 7 });
    state.mockReturnValue('visible');
    await vi.advanceTimersByTimeAsync(5_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(net.beacons.at(-1)).toMatchObject({ event: 'exit', playedSeconds: 12 });
    // The page is gone: nothing keeps ticking.
    const count = net.beacons.length + net.sent.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.beacons.length + net.sent.length).toBe(count);
  });

  it('keeps reports while offline and sends the latest once when back online, losing nothing across a reload', async () => {
    const { net, reporter, outbox } = setup();
    net.answer('retry'); // offline
    reporter.playing();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 3);
    window.dispatchEvent(new Event('pagehide'));
    expect(net.sent).toHaveLength(0);
    // Stored: one start and the latest progress of the record, nothing more.
    const stored = JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? '[]') as OutboxItem[];
    expect(stored.map((i) => `${i.body.event}:${i.body.playedSeconds}`)).toEqual(['start:0', 'exit:30']);
    expect(stored.every((i) => i.token === 'tok-7' && i.userId === 7)).toBe(true);

    // "Reload": a new outbox over the same storage, the network back.
    const next = fakeTransport();
    const reloaded = new Outbox({ transport: next.transport });
    await reloaded.flush();
    expect(next.sent.map((r) => `${r.event}:${r.playedSeconds}`)).toEqual(['start:0', 'exit:30']);
    expect(reloaded.items()).toEqual([]);
    // Flushing again sends nothing twice.
    await reloaded.flush();
    expect(next.sent).toHaveLength(2);
    expect(outbox.items()).toEqual([]);
  });

  it('does not send a report twice when flushes overlap, and an answer for an older copy keeps the newer one', async () => {
    const { net, reporter, outbox } = setup();
    const release = net.hold();
    reporter.playing(); // start: in flight, held
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS); // heartbeat queued while start is in flight
    void outbox.flush();
    void outbox.flush();
    release();
    await settle();
    await settle();
    expect(net.sent.map((r) => `${r.event}:${r.playedSeconds}`)).toEqual(['start:0', 'heartbeat:10']);

    // A heartbeat held in flight while a newer progress report replaces it.
    const release2 = net.hold();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS); // heartbeat:20 in flight
    reporter.stopped(); // exit:20 queued over it
    release2();
    await settle();
    await settle();
    expect(net.sent.map((r) => `${r.event}:${r.playedSeconds}`)).toEqual(['start:0', 'heartbeat:10', 'heartbeat:20', 'exit:20']);
    expect(outbox.items()).toEqual([]);
  });

  it('drops a report the server refuses for good, and keeps one refused for want of a login', async () => {
    const { net, reporter, outbox } = setup();
    net.answer('drop');
    reporter.playing();
    await settle();
    expect(outbox.items()).toEqual([]);
    net.answer('retry');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(outbox.items().map((i) => i.attempts)).toEqual([1]);
  });

  it('reports the new position when the learner seeks while paused, without counting more seconds', async () => {
    const media = document.createElement('video');
    let paused = false;
    Object.defineProperty(media, 'paused', { get: () => paused, configurable: true });
    Object.defineProperty(media, 'currentTime', { value: 0, writable: true, configurable: true });
    const { net, reporter, outbox } = setup({ position: () => media.currentTime });
    const unbind = bindReporter(reporter, media);

    media.dispatchEvent(new Event('playing'));
    media.currentTime = 8;
    await vi.advanceTimersByTimeAsync(8_000);
    paused = true;
    media.dispatchEvent(new Event('pause'));
    await settle();
    expect(net.sent.map((r) => `${r.event}:${r.playedSeconds}@${r.position}`)).toEqual(['start:0@0', 'exit:8@8']);

    // Paused, the learner drags the bar to 300 s and wanders off a minute later (in-app navigation).
    await vi.advanceTimersByTimeAsync(20_000);
    media.dispatchEvent(new Event('seeking'));
    media.currentTime = 300;
    media.dispatchEvent(new Event('seeked'));
    await settle();
    expect(net.sent.at(-1)).toMatchObject({ event: 'exit', playedSeconds: 8, position: 300 });
    expect(outbox.items()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    reporter.close();
    await settle();
    // Nothing more was counted while paused, and the last word on the position is 300.
    expect(net.sent.map((r) => `${r.event}:${r.playedSeconds}@${r.position}`)).toEqual(['start:0@0', 'exit:8@8', 'exit:8@300']);
    unbind();
  });

  it('does not report a seek before the first play of the record (the resume seek)', async () => {
    const { net, reporter } = setup();
    const media = document.createElement('audio');
    const unbind = bindReporter(reporter, media);
    media.dispatchEvent(new Event('seeked'));
    await settle();
    expect(net.sent).toEqual([]);
    unbind();
  });

  it('follows a media element: playing, waiting, pause and ended', async () => {
    const { net, reporter } = setup();
    const media = document.createElement('audio');
    const unbind = bindReporter(reporter, media);
    media.dispatchEvent(new Event('playing'));
    await vi.advanceTimersByTimeAsync(4_000);
    media.dispatchEvent(new Event('waiting'));
    await vi.advanceTimersByTimeAsync(4_000);
    media.dispatchEvent(new Event('playing'));
    await vi.advanceTimersByTimeAsync(2_000);
    media.dispatchEvent(new Event('ended'));
    await settle();
    expect(net.sent.map((r) => `${r.event}:${r.playedSeconds}`)).toEqual(['start:0', 'exit:6']);
    unbind();
    reporter.close();
  });
});
