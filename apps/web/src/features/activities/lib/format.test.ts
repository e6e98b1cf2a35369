import { describe, expect, it } from 'vitest';
import { formatLeft, formatWindow, parseId } from './format.ts';

describe('activity formatting', () => {
  it('counts down in hours, minutes and seconds, with days beyond one', () => {
    expect(formatLeft(3_661_000)).toBe('01:01:01');
    expect(formatLeft(2 * 86_400_000 + 5_000)).toBe('2天 00:00:05');
    expect(formatLeft(-5)).toBe('00:00:00');
  });

  it('names the time to form a group', () => {
    expect(formatWindow(86_400_000)).toBe('24小时');
    expect(formatWindow(2 * 86_400_000)).toBe('2天');
    expect(formatWindow(30 * 60_000)).toBe('30分钟');
  });

  it('accepts only ids the server accepts', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of ['0', '-1', 'abc', '99999999999', '', null, undefined, '1e3']) expect(parseId(bad)).toBeNull();
  });
});
