import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatFen, formatTime, secondsToHours, yuanToFen } from '../src/lib/format';

describe('lib/format', () => {
  it('shows fen as yuan', () => {
    expect(formatFen(1230)).toBe('¥12.30');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(123456789)).toBe('¥1,234,567.89');
    expect(formatFen(-500)).toBe('-¥5.00');
    expect(formatFen(null)).toBe('—');
  });

  it('reads yuan typed into a form as whole fen', () => {
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(Number.isNaN(yuanToFen('abc'))).toBe(true);
  });

  it('shows times in Beijing time whatever the machine zone (tests run in UTC)', () => {
    // 2026-01-01T16:30:00Z is 2026-01-02 00:30 in Shanghai.
    const ms = Date.UTC(2026, 0, 1, 16, 30);
    expect(formatTime(ms)).toBe('2026-01-02 00:30');
    expect(formatDate(ms)).toBe('2026-01-02');
  });

  it('shows durations and hours', () => {
    expect(formatDuration(3900)).toBe('1 小时 5 分');
    expect(formatDuration(59)).toBe('59 秒');
    expect(secondsToHours(5400)).toBe(1.5);
  });
});
