import { describe, expect, it } from 'vitest';
import { clockLabel, countLabel, durationLabel, lecturerLine, levelLabel, parseId } from './course-labels.ts';

describe('course labels', () => {
  it('names the three levels and nothing else', () => {
    expect([1, 2, 3, 9].map(levelLabel)).toEqual(['初级', '中级', '高级', '']);
  });

  it('says 暂未更新 for a course without a duration', () => {
    expect(durationLabel(null)).toBe('暂未更新');
    expect(durationLabel(20)).toBe('1分钟');
    expect(durationLabel(38 * 60)).toBe('38分钟');
    expect(durationLabel(65 * 60)).toBe('1小时05分');
    expect(durationLabel(120 * 60)).toBe('2小时');
  });

  it('formats chapter clocks, counts and the lecturer line', () => {
    expect(clockLabel(725)).toBe('12:05');
    expect(clockLabel(3725)).toBe('1:02:05');
    expect(clockLabel(null)).toBe('');
    expect(countLabel(12_345)).toBe('1.2万');
    expect(countLabel(980)).toBe('980');
    expect(lecturerLine({ company: '某银行', department: ' ', position: '法务总监' })).toBe('某银行 · 法务总监');
  });

  it('reads the course id from courseId or id and refuses junk', () => {
    expect(parseId('12', null)).toBe(12);
    expect(parseId(null, '7')).toBe(7);
    expect(parseId('abc', '0')).toBeNull();
    expect(parseId('-3', '1e3')).toBeNull();
  });
});
