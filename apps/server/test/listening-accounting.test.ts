import { describe, expect, it } from 'vitest';
import { seconds as s, T0 } from './support/clock.ts';
import {
  accountReport,
  clampPosition,
  isFinished,
  shanghaiDay,
  shanghaiDayStart,
  splitAcrossDays,
  SLACK_SECONDS,
  type StoredRecord,
} from '../src/modules/listening/progress-accounting.ts';
import { bucketize, csvField, longestStreak, mondayOf } from '../src/modules/listening/report-service.ts';


/** Feeds reports (played seconds at server time) through the accounting like the service does. */
function run(reports: Array<{ played: number; at: number; duration?: number | null }>) {
  let stored: StoredRecord | null = null;
  let total = 0;
  for (const r of reports) {
    const acc = accountReport(stored, { playedSeconds: r.played, duration: r.duration ?? 1800 }, r.at);
    total += acc.credited;
    stored = acc.next;
  }
  return { total, stored };
}

describe('accountReport', () => {
  it('credits the increase of cumulative played seconds', () => {
    const { total } = run([
      { played: 0, at: T0 },
      { played: 15, at: T0 + s(15) },
      { played: 30, at: T0 + s(30) },
      { played: 44, at: T0 + s(45) },
    ]);
    expect(total).toBe(44);
  });

  it('never counts a duplicate twice', () => {
    const { total } = run([
      { played: 0, at: T0 },
      { played: 15, at: T0 + s(15) },
      { played: 15, at: T0 + s(15) },
      { played: 15, at: T0 + s(16) },
    ]);
    expect(total).toBe(15);
  });

  it('ignores a late, older report and keeps the max', () => {
    const first = accountReport(null, { playedSeconds: 0, duration: 600 }, T0);
    const newer = accountReport(first.next, { playedSeconds: 30, duration: 600 }, T0 + s(30));
    const stale = accountReport(newer.next, { playedSeconds: 15, duration: 600 }, T0 + s(31));
    expect(stale).toMatchObject({ credited: 0, fresh: false });
    expect(stale.next.reportedSeconds).toBe(30);
    const after = accountReport(stale.next, { playedSeconds: 45, duration: 600 }, T0 + s(45));
    expect(after.credited).toBe(15);
    expect(first.credited + newer.credited + stale.credited + after.credited).toBe(45);
  });

  it('clamps an increase to the wall clock since the previous report + 30 s', () => {
    const first = accountReport(null, { playedSeconds: 0, duration: 3600 }, T0);
    const jump = accountReport(first.next, { playedSeconds: 1000, duration: 3600 }, T0 + s(10));
    expect(jump.credited).toBe(10 + SLACK_SECONDS);
    // The clamped part is gone for good: continuing from 1000 credits only what follows.
    const next = accountReport(jump.next, { playedSeconds: 1015, duration: 3600 }, T0 + s(25));
    expect(next.credited).toBe(15);
  });

  it('does not hand out the 30 s slack again for a burst of reports', () => {
    let stored = accountReport(null, { playedSeconds: 0, duration: 3600 }, T0).next;
    let total = 0;
    for (let i = 1; i <= 20; i++) {
      const acc = accountReport(stored, { playedSeconds: i * 100, duration: 3600 }, T0 + i * 10);
      total += acc.credited;
      stored = acc.next;
    }
    // 20 reports within 0.2 s: at most the slack once.
    expect(total).toBeLessThanOrEqual(SLACK_SECONDS);
  });

  it('clamps a first report to the duration, or 30 s when unknown', () => {
    expect(accountReport(null, { playedSeconds: 900, duration: 600 }, T0).credited).toBe(600);
    expect(accountReport(null, { playedSeconds: 120, duration: 600 }, T0).credited).toBe(120);
    expect(accountReport(null, { playedSeconds: 900, duration: null }, T0).credited).toBe(SLACK_SECONDS);
  });

  it('a first report that carries played time dates the start back, so later clamps stay fair', () => {
    const first = accountReport(null, { playedSeconds: 120, duration: 600 }, T0);
    expect(first.next.startedAt).toBe(T0 - s(120));
    expect(accountReport(first.next, { playedSeconds: 135, duration: 600 }, T0 + s(15)).credited).toBe(15);
  });

  it('floors fractional seconds without losing them over a record', () => {
    const { total } = run([
      { played: 0.4, at: T0 },
      { played: 14.7, at: T0 + s(15) },
      { played: 29.9, at: T0 + s(30) },
    ]);
    expect(total).toBe(29);
  });
});

describe('splitAcrossDays (Asia/Shanghai)', () => {
  it('keeps listening inside one day on that day', () => {
    expect(splitAcrossDays(600, Date.parse('2026-03-10T12:00:00+08:00'))).toEqual([{ day: '2026-03-10', seconds: 600 }]);
  });

  it('splits a session across midnight', () => {
    const end = Date.parse('2026-03-11T00:10:00+08:00');
    expect(splitAcrossDays(1200, end)).toEqual([
      { day: '2026-03-10', seconds: 600 },
      { day: '2026-03-11', seconds: 600 },
    ]);
  });

  it('uses China time, not UTC: 07:30 on the 11th UTC+8 is the 11th', () => {
    expect(shanghaiDay(Date.parse('2026-03-10T23:30:00Z'))).toBe('2026-03-11');
    expect(shanghaiDayStart('2026-03-11')).toBe(Date.parse('2026-03-10T16:00:00Z'));
  });

  it('gives nothing for nothing', () => {
    expect(splitAcrossDays(0, T0)).toEqual([]);
  });
});

describe('isFinished / clampPosition', () => {
  it('finishes at 95 % or within 10 s of the end', () => {
    expect(isFinished(950, 1000)).toBe(true);
    expect(isFinished(949, 1000)).toBe(false);
    expect(isFinished(91, 100)).toBe(true);
    expect(isFinished(89, 100)).toBe(false);
    expect(isFinished(500, null)).toBe(false);
    expect(isFinished(0, 5)).toBe(false);
  });

  it('does not finish a short clip long before its end', () => {
    expect(isFinished(2, 12)).toBe(false);
    expect(isFinished(10, 12)).toBe(false);
    expect(isFinished(11, 12)).toBe(true);
  });

  it('keeps positions within the media', () => {
    expect(clampPosition(-3, 100)).toBe(0);
    expect(clampPosition(120.4, 100)).toBe(100);
    expect(clampPosition(12.6, null)).toBe(13);
  });
});

describe('report helpers', () => {
  it('weeks start on Monday', () => {
    expect(mondayOf('2026-03-15')).toBe('2026-03-09'); // a Sunday
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29');
  });

  it('counts the longest run of consecutive days', () => {
    expect(longestStreak(['2026-01-01', '2026-01-02', '2026-01-04', '2026-01-05', '2026-01-06'])).toBe(3);
    expect(longestStreak([])).toBe(0);
  });

  it('buckets a year by month, week and day', () => {
    const perDay = new Map([
      ['2026-01-31', 600],
      ['2026-02-01', 120],
    ]);
    const months = bucketize(2026, 1, perDay);
    expect(months).toHaveLength(12);
    expect(months.slice(0, 2).map((b) => [b.key, b.seconds, b.minutes])).toEqual([
      ['2026-01', 600, 10],
      ['2026-02', 120, 2],
    ]);
    const weeks = bucketize(2026, 2, perDay);
    expect(weeks[0]?.key).toBe('2025-12-29');
    // Sat 31 Jan and Sun 1 Feb share a Monday-first week.
    expect(weeks.find((w) => w.key === '2026-01-26')?.seconds).toBe(720);
    expect(bucketize(2026, 3, perDay)).toHaveLength(365);
  });

  it('quotes CSV fields and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(12.5)).toBe('12.5');
  });
});
