import { describe, expect, it } from 'vitest';
import { dayLabel, formatDate, relativeTime, startOfWeek } from './date.ts';
import { dayjs } from './dayjs.ts';

// Wednesday 2025-03-12 10:00 in Asia/Shanghai (the zone is pinned in vitest.config.ts).
const NOW = new Date('2025-03-12T10:00:00+08:00');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('says 刚刚 under a minute (and for future instants)', () => {
    expect(relativeTime(NOW, NOW)).toBe('刚刚');
    expect(relativeTime(ago(59_999), NOW)).toBe('刚刚');
    expect(relativeTime(new Date(NOW.getTime() + 5 * MIN), NOW)).toBe('刚刚');
  });

  it('counts minutes under an hour', () => {
    expect(relativeTime(ago(MIN), NOW)).toBe('1分钟前');
    expect(relativeTime(ago(59 * MIN + 59_000), NOW)).toBe('59分钟前');
  });

  it('counts hours under a day', () => {
    expect(relativeTime(ago(HOUR), NOW)).toBe('1小时前');
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), NOW)).toBe('23小时前');
  });

  it('counts days up to 7, then shows the date', () => {
    expect(relativeTime(ago(DAY), NOW)).toBe('1天前');
    expect(relativeTime(ago(7 * DAY + 23 * HOUR), NOW)).toBe('7天前');
    expect(relativeTime(ago(8 * DAY), NOW)).toBe('2025-03-04');
    expect(relativeTime('2024-12-31T23:30:00+08:00', NOW)).toBe('2024-12-31');
  });
});

describe('dayLabel', () => {
  it('names today, tomorrow and the day after by calendar day', () => {
    expect(dayLabel('2025-03-12T23:59:00+08:00', NOW)).toBe('今天');
    expect(dayLabel('2025-03-13T00:01:00+08:00', NOW)).toBe('明天');
    expect(dayLabel('2025-03-14T20:00:00+08:00', NOW)).toBe('后天');
  });

  it('otherwise shows month, day and weekday in Chinese', () => {
    expect(dayLabel('2025-03-15T09:00:00+08:00', NOW)).toBe('3月15日 周六');
    expect(dayLabel('2025-03-16T09:00:00+08:00', NOW)).toBe('3月16日 周日');
    expect(dayLabel('2025-03-11T09:00:00+08:00', NOW)).toBe('3月11日 周二');
  });
});

describe('startOfWeek', () => {
  it('returns Monday 00:00, with Sunday belonging to the week before', () => {
    expect(startOfWeek(NOW).format('YYYY-MM-DD HH:mm')).toBe('2025-03-10 00:00');
    expect(startOfWeek('2025-03-16T22:00:00+08:00').format('YYYY-MM-DD ddd')).toBe('2025-03-10 周一');
    expect(startOfWeek('2025-03-17T00:00:00+08:00').format('YYYY-MM-DD')).toBe('2025-03-17');
  });
});

describe('dayjs locale', () => {
  it('is Simplified Chinese with Monday as the first day of the week', () => {
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2025-03-16T22:00:00+08:00').startOf('week').format('YYYY-MM-DD dddd')).toBe('2025-03-10 星期一');
  });
});

describe('formatDate', () => {
  it('formats valid dates and blanks the rest', () => {
    expect(formatDate('2025-06-30T12:00:00+08:00')).toBe('2025-06-30');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
