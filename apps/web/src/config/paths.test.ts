import { describe, expect, it } from 'vitest';
import { paths, safeInAppPath } from './paths.ts';

describe('paths', () => {
  it('builds typed hrefs with cleaned queries', () => {
    expect(paths.courseDetail.getHref({ courseId: 12, suid: undefined, tid: 'x' })).toBe('/course/detail?courseId=12&tid=x');
    expect(paths.activityGroup.getHref(88)).toBe('/activity/group/88');
    expect(paths.home.getHref()).toBe('/');
    expect(paths.classification.getHref({ listType: 3, isFree: '' })).toBe('/classification?listType=3');
  });

  it('has every route of spec §2.1 and §2.2 with the right access rule', () => {
    const byPath = new Map(Object.values(paths).map((r) => [r.path, r.access]));
    for (const p of ['/userCenter/userHome', '/course/detail', '/course/play', '/activity/group/:activityId', '/magazines', '/org/user/bind']) {
      expect(byPath.get(p)).toBe('login');
    }
    expect(byPath.get('/cor/history')).toBe('login-or-apptoken');
    expect(byPath.get('/userCenter/myBill')).toBe('login-or-apptoken');
    for (const p of ['/', '/user/login', '/userCenter/myInfo', '/exampc/rank', '/train/play', '/live/course', '/userCenter/corVip']) {
      expect(byPath.get(p)).toBe('open');
    }
    expect(byPath.size).toBe(Object.keys(paths).length);
    // 24 routes in §2.1 (22 + the two apptoken ones) and 67 in §2.2, plus our own pay pages.
    const ours = ['/order/payResult', '/order/payFor'];
    for (const p of ours) expect(byPath.get(p)).toBe('login');
    expect(byPath.size).toBe(91 + ours.length);
  });
});

describe('safeInAppPath', () => {
  it('accepts in-app paths', () => {
    expect(safeInAppPath('/course/detail?courseId=1')).toBe('/course/detail?courseId=1');
    expect(safeInAppPath('/#/mycourses?cur=2')).toBe('/mycourses?cur=2');
    expect(safeInAppPath(`${window.location.origin}/userCenter/settings?a=1`)).toBe('/userCenter/settings?a=1');
  });

  it('refuses other origins and odd values', () => {
    for (const bad of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'course/detail', '']) {
      expect(safeInAppPath(bad, '/fallback')).toBe('/fallback');
    }
    expect(safeInAppPath(null)).toBe('/');
  });
});
