import { describe, expect, it } from 'vitest';
import type { Chapter } from '@jinfa/shared/schemas';
import { chapterMark } from './chapter-list.tsx';

const chapter: Chapter = { chapterId: 3, title: '第三讲', sort: 3, durationSeconds: 600, isFreeTrial: false, price: 0, priceYuan: '0.00' };

describe('chapterMark', () => {
  it('says 已学完 for a finished chapter and 学到 X% (1–99) for a started one', () => {
    expect(chapterMark(chapter, [{ chapterId: 3, position: 590, duration: 600, finished: true }])).toEqual({ kind: 'done' });
    expect(chapterMark(chapter, [{ chapterId: 3, position: 150, duration: 600, finished: false }])).toEqual({ kind: 'started', percent: 25 });
    expect(chapterMark(chapter, [{ chapterId: 3, position: 2, duration: 600, finished: false }])).toEqual({ kind: 'started', percent: 1 });
    expect(chapterMark(chapter, [{ chapterId: 3, position: 599, duration: 600, finished: false }])).toEqual({ kind: 'started', percent: 99 });
    // No duration in the progress row: the chapter's own.
    expect(chapterMark(chapter, [{ chapterId: 3, position: 300, duration: null, finished: false }])).toEqual({ kind: 'started', percent: 50 });
  });

  it('marks nothing without progress (anonymous, never played, another chapter)', () => {
    expect(chapterMark(chapter, undefined)).toBeNull();
    expect(chapterMark(chapter, [{ chapterId: 3, position: 0, duration: 600, finished: false }])).toBeNull();
    expect(chapterMark(chapter, [{ chapterId: 4, position: 100, duration: 600, finished: true }])).toBeNull();
  });
});
