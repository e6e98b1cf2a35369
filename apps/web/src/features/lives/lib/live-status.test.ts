import { describe, expect, it } from 'vitest';
import { liveBadge, startLabel } from './live-status.ts';

describe('live badges', () => {
  it('maps the page statuses to the four badges', () => {
    expect([2, 3, 4, 5, 6].map((s) => liveBadge(s).label)).toEqual(['未开始', '直播中', '已结束', '可回放', '已结束']);
  });

  it('labels start times 今天/明天/后天 and dates beyond', () => {
    const now = new Date(2026, 2, 3, 10, 0);
    expect(startLabel(new Date(2026, 2, 3, 19, 30), now)).toBe('今天 19:30');
    expect(startLabel(new Date(2026, 2, 4, 9, 0), now)).toBe('明天 09:00');
    expect(startLabel(new Date(2026, 2, 5, 14, 0), now)).toBe('后天 14:00');
    expect(startLabel(new Date(2026, 2, 9, 14, 0), now)).toBe('3月9日 周一 14:00');
  });
});
