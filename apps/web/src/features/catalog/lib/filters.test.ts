import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersToParams, parseCourseFilters } from './filters.ts';

const parse = (qs: string) => parseCourseFilters(new URLSearchParams(qs));

describe('classification filters', () => {
  it('reads every filter the spec names', () => {
    expect(
      parse('listType=1&suid=12&tid=ab&isFree=0&courseType=2&courseLevel=6&activityType=3&corporateId=9&subjectId=4&sort=latest'),
    ).toEqual({
      listType: 1,
      suid: '12',
      tid: 'ab',
      isFree: 0,
      courseType: 2,
      courseLevel: 6,
      activityType: 3,
      corporateId: 9,
      subjectId: 4,
      sort: 'latest',
    });
  });

  it('drops empty, NaN and out-of-range values instead of sending them', () => {
    expect(parse('listType=2&courseLevel=4&isFree=&courseType=abc&corporateId=-1&subjectId=1.5&sort=cheap')).toEqual({});
  });

  it('writes filters back without the empty ones and counts the learner-facing ones', () => {
    const filters = parse('courseLevel=6&isFree=1&listType=3');
    expect(filtersToParams(filters)).toEqual({ courseLevel: '6', isFree: '1', listType: '3' });
    expect(activeFilterCount(filters)).toBe(2);
  });
});
