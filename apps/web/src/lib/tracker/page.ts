import { cleanQuery } from '../query.ts';

export interface TrackExtra {
  key: string;
  value: string;
}

/**
 * Which query keys a page visit records, per route (spec §3 "path plus the selected query").
 * `page` keys name the page (they go into pageId, in this order, so one page has one id);
 * `extra` keys are only listed in extras (where the learner came from). Anything else —
 * tokens, redirects, return urls — is never recorded. Numeric keys drop values that are not
 * numbers (a `courseId=abc` is noise, not a page).
 */
// Written as "page keys|extra keys", comma-separated: this table ships in the tracker's chunk.
const COURSE = 'courseId|suid,tid';
const RULES: Record<string, string> = {
  '/course/detail': COURSE,
  '/course/child/detail': COURSE,
  '/course/play': COURSE,
  '/course/signup': COURSE,
  // Spec §3: on the cash-back page the `id` key is recorded as `courseId` (see below).
  '/activity/cashBack': 'id|suid,tid,source',
  '/live/course': 'id|suid,tid',
  '/columns/detail': 'id',
  '/mycourses': 'cur',
  '/search': 'keyword',
  '/corSearch': 'corporateId,keyword',
  '/tagResult': 'tagId',
  '/classification': 'listType,subjectId,tagId,corporateId|isFree,courseType,courseLevel,activityType,sort,suid,tid',
};

/** Keys whose values are text; every other key is a number (an id, a type, a flag). */
const TEXT = /^(keyword|sort|source|tid)$/;
const CASH_BACK = '/activity/cashBack';

// The collect schema's limits (packages/shared TrackExtra, TrackPageId): clip rather than be refused.
const MAX_VALUE = 256;
const MAX_PAGE_ID = 512;

export interface PageInfo {
  pageId: string;
  extras: TrackExtra[];
}

/** Page id and extras of an in-app location (`/course/detail?courseId=12&suid=3`). */
export function pageFor(location: string): PageInfo {
  const q = location.indexOf('?');
  const path = (q < 0 ? location : location.slice(0, q)) || '/';
  const rule = RULES[path];
  if (!rule) return { pageId: path.slice(0, MAX_PAGE_ID), extras: [] };
  const [pageKeys, extraKeys = ''] = rule.split('|') as [string, string?];
  const params = new URLSearchParams(q < 0 ? '' : location.slice(q + 1));
  const picked: Record<string, string | number | null> = {};
  for (const key of `${pageKeys},${extraKeys}`.split(',')) {
    const raw = (params.get(key) || '').trim();
    picked[key] = TEXT.test(key) ? raw : raw ? Number(raw) : null;
  }
  const kept = cleanQuery(picked);
  const extras: TrackExtra[] = [];
  const named = new URLSearchParams();
  for (const key of Object.keys(kept)) {
    const name = path === CASH_BACK && key === 'id' ? 'courseId' : key;
    const value = String(kept[key]).slice(0, MAX_VALUE);
    extras.push({ key: name, value });
    if (pageKeys.split(',').includes(key)) named.append(name, value);
  }
  const search = named.toString();
  return { pageId: (search ? `${path}?${search}` : path).slice(0, MAX_PAGE_ID), extras };
}

/** The in-app location: the hash route over http (`#/a?b`), else path and query (spec §2). */
export function currentLocation(): string {
  const { hash, pathname, search } = window.location;
  return hash.startsWith('#/') ? hash.slice(1) : `${pathname}${search}`;
}
