/** The pure clocks of decision 016 (session-accounting.ts): no database, the server's time passed in. */
import { describe, expect, it } from 'vitest';
import { seconds as s, T0 } from './support/clock.ts';
import {
  accountSession,
  advanceClock,
  JITTER_SECONDS,
  MAX_PLAYBACK_RATE,
  POSITION_SLACK_SECONDS,
  roomOnClock,
  type SessionClock,
} from '../src/modules/listening/session-accounting.ts';

const fresh = (at = T0, position = 0): SessionClock => ({ lastReportAt: at, creditedUntil: at, position, positionAt: at, paused: false });

describe('credit clocks', () => {
  it('has room for the wall time since the clock plus the tolerance, never negative', () => {
    expect(roomOnClock(T0, T0 + s(10))).toBe(10 + JITTER_SECONDS);
    expect(roomOnClock(T0 + s(JITTER_SECONDS), T0)).toBe(0);
    expect(roomOnClock(T0 + s(60), T0)).toBe(0);
  });

  it('lays credited stretches end to end, never overlapping', () => {
    expect(advanceClock(T0, T0 + s(100), 15)).toBe(T0 + s(100));
    expect(advanceClock(T0 + s(95), T0 + s(100), 15)).toBe(T0 + s(110));
    expect(advanceClock(T0, T0 + s(100), 0)).toBe(T0);
  });
});

describe('accountSession', () => {
  it('credits honest reports as claimed', () => {
    let clock = fresh();
    let user = 0;
    let total = 0;
    for (let i = 1; i <= 30; i++) {
      const acc = accountSession(clock, user, { claimed: 10, position: i * 10, exit: false }, T0 + s(1 + i * 10));
      total += acc.credited;
      clock = acc.next;
      user = acc.userUntil;
      expect(acc.position).toBe(i * 10);
    }
    expect(total).toBe(300);
  });

  it('caps a claim at the wall time since the previous report + tolerance', () => {
    const acc = accountSession(fresh(), 0, { claimed: 172_800, position: 0, exit: false }, T0 + s(1));
    expect(acc.credited).toBe(1 + JITTER_SECONDS);
  });

  it('hands out the tolerance once for a burst of reports', () => {
    let clock = fresh();
    let user = 0;
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const acc = accountSession(clock, user, { claimed: 100, position: 0, exit: false }, T0 + s(10) + i);
      total += acc.credited;
      clock = acc.next;
      user = acc.userUntil;
    }
    expect(total).toBe(10 + JITTER_SECONDS);
  });

  it('restarts the clock after an exit: the resuming report credits at most the tolerance', () => {
    const paused = accountSession(fresh(), 0, { claimed: 30, position: 30, exit: true }, T0 + s(30));
    expect(paused).toMatchObject({ credited: 30 });
    expect(paused.next.paused).toBe(true);
    const resumed = accountSession(paused.next, paused.userUntil, { claimed: 3600, position: 30, exit: false }, T0 + s(3630));
    expect(resumed.credited).toBe(JITTER_SECONDS);
    const next = accountSession(resumed.next, resumed.userUntil, { claimed: 10, position: 40, exit: false }, T0 + s(3640));
    expect(next.credited).toBe(10);
  });

  it('shares one wall clock between the sessions of one learner', () => {
    let a = fresh();
    let b = fresh();
    let user = 0;
    let total = 0;
    for (let i = 1; i <= 10; i++) {
      const ra = accountSession(a, user, { claimed: 10, position: i * 10, exit: false }, T0 + s(i * 10));
      user = ra.userUntil;
      a = ra.next;
      const rb = accountSession(b, user, { claimed: 10, position: i * 10, exit: false }, T0 + s(i * 10) + 200);
      user = rb.userUntil;
      b = rb.next;
      total += ra.credited + rb.credited;
    }
    expect(total).toBeLessThanOrEqual(100 + JITTER_SECONDS);
    expect(total).toBeGreaterThanOrEqual(100);
  });

  it('lets the position advance at most the top speed × wall time, and go back freely', () => {
    const jump = accountSession(fresh(T0, 100), 0, { claimed: 0, position: 1700, exit: false }, T0 + s(10));
    expect(jump.position).toBe(100 + MAX_PLAYBACK_RATE * 10 + POSITION_SLACK_SECONDS);
    // Bursts gain nothing: the allowance is spent.
    const again = accountSession(jump.next, jump.userUntil, { claimed: 0, position: 1700, exit: false }, T0 + s(10));
    expect(again.position).toBe(jump.position);
    const back = accountSession(again.next, again.userUntil, { claimed: 0, position: 5, exit: false }, T0 + s(11));
    expect(back.position).toBe(5);
    // 2× playback keeps up.
    let clock = fresh();
    for (let i = 1; i <= 20; i++) {
      const acc = accountSession(clock, 0, { claimed: 10, position: i * 20, exit: false }, T0 + s(i * 10));
      expect(acc.position).toBe(i * 20);
      clock = acc.next;
    }
  });
});
