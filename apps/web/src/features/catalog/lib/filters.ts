import type { CourseFilters } from '../api/get-courses.ts';

/**
 * The /classification address ↔ course-list filters (spec §2.3). Anything that is not a value
 * the server accepts is dropped here, so a hand-edited or stale link still shows a list.
 */

function intParam(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key);
  if (raw == null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : undefined;
}

function oneOf<T extends number>(value: number | undefined, allowed: readonly T[]): T | undefined {
  return value != null && (allowed as readonly number[]).includes(value) ? (value as T) : undefined;
}

function positive(value: number | undefined): number | undefined {
  return value != null && value > 0 ? value : undefined;
}

function textParam(params: URLSearchParams, key: string, max = 64): string | undefined {
  const raw = params.get(key)?.trim();
  return raw ? raw.slice(0, max) : undefined;
}

/** Course levels the filter offers; 6 means intermediate and advanced together. */
export const LEVEL_OPTIONS = [
  { value: 1, label: '初级' },
  { value: 2, label: '中级' },
  { value: 3, label: '高级' },
  { value: 6, label: '中高级' },
] as const;

export const PRICE_OPTIONS = [
  { value: 1, label: '免费' },
  { value: 0, label: '付费' },
] as const;

export const TYPE_OPTIONS = [
  { value: 1, label: '单课' },
  { value: 2, label: '系列课' },
] as const;

export const ACTIVITY_OPTIONS = [
  { value: 1, label: '返现' },
  { value: 2, label: '早鸟价' },
  { value: 3, label: '拼团' },
] as const;

export const LIST_TYPE_TITLES: Record<1 | 3, string> = { 1: '会员免费专区', 3: '会员特价专区' };

export function parseCourseFilters(params: URLSearchParams): CourseFilters {
  const filters: CourseFilters = {
    listType: oneOf(intParam(params, 'listType'), [1, 3] as const),
    suid: textParam(params, 'suid'),
    tid: textParam(params, 'tid'),
    subjectId: positive(intParam(params, 'subjectId')),
    tagId: positive(intParam(params, 'tagId')),
    isFree: oneOf(intParam(params, 'isFree'), [0, 1] as const),
    courseType: oneOf(intParam(params, 'courseType'), [1, 2] as const),
    courseLevel: oneOf(intParam(params, 'courseLevel'), [1, 2, 3, 6] as const),
    activityType: oneOf(intParam(params, 'activityType'), [0, 1, 2, 3] as const),
    corporateId: positive(intParam(params, 'corporateId')),
    keyword: textParam(params, 'keyword', 50),
  };
  const sort = params.get('sort');
  if (sort === 'latest' || sort === 'popular' || sort === 'default') filters.sort = sort;
  for (const key of Object.keys(filters) as (keyof CourseFilters)[]) if (filters[key] === undefined) delete filters[key];
  return filters;
}

/** Filters → search params for the address (empty values left out). */
export function filtersToParams(filters: CourseFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || (typeof value === 'number' && Number.isNaN(value))) continue;
    out[key] = String(value);
  }
  return out;
}

/** How many of the learner-facing filters are set (the badge on the filter button). */
export function activeFilterCount(filters: CourseFilters): number {
  return (['isFree', 'courseType', 'courseLevel', 'activityType'] as const).filter((k) => filters[k] !== undefined).length;
}
