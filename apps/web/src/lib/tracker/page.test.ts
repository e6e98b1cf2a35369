import { describe, expect, it } from 'vitest';
import { pageFor } from './page.ts';

describe('pageFor', () => {
  it('names a course page by its course and lists where the learner came from', () => {
    expect(pageFor('/course/detail?courseId=12&suid=7&tid=t1&accessToken=secret')).toEqual({
      pageId: '/course/detail?courseId=12',
      extras: [
        { key: 'courseId', value: '12' },
        { key: 'suid', value: '7' },
        { key: 'tid', value: 't1' },
      ],
    });
  });

  it('records the cash-back page id as courseId (spec §3)', () => {
    expect(pageFor('/activity/cashBack?id=34&source=rebate')).toEqual({
      pageId: '/activity/cashBack?courseId=34',
      extras: [
        { key: 'courseId', value: '34' },
        { key: 'source', value: 'rebate' },
      ],
    });
  });

  it('drops empty and non-numeric values and keys outside the allowlist', () => {
    expect(pageFor('/course/detail?courseId=abc&suid=')).toEqual({ pageId: '/course/detail', extras: [] });
    expect(pageFor('/mycourses?cur=NaN')).toEqual({ pageId: '/mycourses', extras: [] });
    expect(pageFor('/user/login?redirect=%2Fa')).toEqual({ pageId: '/user/login', extras: [] });
    expect(pageFor('/?x=1')).toEqual({ pageId: '/', extras: [] });
  });

  it('keeps one id per page whatever the query order', () => {
    expect(pageFor('/classification?tagId=3&listType=1&sort=latest').pageId).toBe('/classification?listType=1&tagId=3');
    expect(pageFor('/classification?listType=1&tagId=3').pageId).toBe('/classification?listType=1&tagId=3');
    expect(pageFor('/search?keyword=%E7%A5%A8%E6%8D%AE').pageId).toBe('/search?keyword=%E7%A5%A8%E6%8D%AE');
  });
});
