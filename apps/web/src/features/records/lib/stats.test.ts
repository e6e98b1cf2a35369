import { describe, expect, it } from 'vitest';
import { chinaDay, formatClock, formatMinutes, lastDays, lastWeeks, mondayOf, recentTotals } from './stats.ts';

// Wednesday 11 March 2026, 00:30 in China (still the 10th in UTC).
const NOW = Date.parse('2026-03-11T00:30:00+08:00');

describe('record stats', () => {
  it('uses China days whatever the phone’s zone', () => {
    expect(chinaDay(NOW)).toBe('2026-03-11');
    expect(mondayOf('2026-03-11')).toBe('2026-03-09');
    expect(mondayOf('2026-03-15')).toBe('2026-03-09');
  });

  it('charts the last 7 days and Monday-first weeks', () => {
    const perDay = new Map([
      ['2026-03-11', 600],
      ['2026-03-08', 300],
      ['2026-03-02', 90],
    ]);
    const days = lastDays(perDay, NOW, 7);
    expect(days.map((d) => d.key)).toEqual(['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11']);
    expect(days.at(-1)).toMatchObject({ label: '今天', minutes: 10, current: true });
    expect(days[3]).toMatchObject({ label: '周日', minutes: 5 });
    const weeks = lastWeeks(perDay, NOW, 3);
    expect(weeks.map((w) => [w.key, w.minutes])).toEqual([
      ['2026-02-23', 0],
      ['2026-03-02', 6.5],
      ['2026-03-09', 10],
    ]);
    expect(weeks.at(-1)?.label).toBe('本周');
  });

  it('counts today, this week and the streak up to today', () => {
    const perDay = new Map([
      ['2026-03-08', 60],
      ['2026-03-09', 60],
      ['2026-03-10', 120],
    ]);
    expect(recentTotals(perDay, NOW)).toEqual({ today: 0, week: 3, streak: 3 });
    perDay.set('2026-03-11', 30);
    expect(recentTotals(perDay, NOW)).toEqual({ today: 0.5, week: 3.5, streak: 4 });
  });

  it('formats minutes and playheads', () => {
    expect(formatMinutes(45)).toBe('45分钟');
    expect(formatMinutes(12.5)).toBe('12.5分钟');
    expect(formatMinutes(135)).toBe('2小时15分');
    expect(formatClock(125)).toBe('02:05');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
