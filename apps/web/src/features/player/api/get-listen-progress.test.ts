import { describe, expect, it } from 'vitest';
import { resumePosition, type ListenProgress } from './get-listen-progress.ts';

const progress: ListenProgress = {
  courseId: 5,
  chapterId: 2,
  position: 40,
  duration: 600,
  finished: false,
  chapters: [
    { chapterId: 1, position: 598, duration: 600, finished: true },
    { chapterId: 2, position: 40, duration: 600, finished: false },
    { chapterId: 3, position: 8, duration: 12, finished: true },
  ],
};

describe('resumePosition', () => {
  it('resumes a chapter where it was left, and one heard to its end from the start', () => {
    expect(resumePosition(progress, 2)).toBe(40);
    expect(resumePosition(progress, 1)).toBe(0);
    // "Finished" for the records (most of it played) still resumes: the learner may want the rest.
    expect(resumePosition(progress, 3)).toBe(8);
    expect(resumePosition(progress, 9)).toBe(0);
    expect(resumePosition(undefined, 2)).toBe(0);
  });

  it('resumes a single course from its one progress row', () => {
    const single: ListenProgress = { courseId: 7, chapterId: null, position: 4, duration: 12, finished: true, chapters: [{ chapterId: null, position: 4, duration: 12, finished: true }] };
    expect(resumePosition(single, null)).toBe(4);
  });
});
