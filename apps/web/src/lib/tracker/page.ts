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
  // Spec §3: on the cash-back page the `id` key is recorded as `courseId` (see pageFor).
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

export interface PageInfo {
  pageId: string;
  extras: TrackExtra[];
}

/**
 * Page id and extras of an in-app location (`/course/detail?courseId=12&suid=3`). Values are
 * clipped to the collect schema's limits (values 256, page ids 512): clipped rather than refused.
 */
export function pageFor(location: string): PageInfo {
  const q = location.indexOf('?');
  const path = (q < 0 ? location : location.slice(0, q)) || '/';
  const params = new URLSearchParams(q < 0 ? '' : location.slice(q + 1));
  const extras: TrackExtra[] = [];
  const named = new URLSearchParams();
  (RULES[path] || '').split('|').forEach((keys, extra) => {
    for (const key of keys.split(',')) {
      const raw = (params.get(key) || '').trim();
      const text = TEXT.test(key);
      const value = (text ? raw : '' + Number(raw)).slice(0, 256);
      if (!raw || (!text && value == 'NaN')) continue; // empty, or not a number
      // Spec §3: on the cash-back page the `id` key is recorded as `courseId`.
      const name = key === 'id' && path === '/activity/cashBack' ? 'courseId' : key;
      extras.push({ key: name, value });
      if (!extra) named.append(name, value);
    }
  });
  const search = named.toString();
  return { pageId: (search ? `${path}?${search}` : path).slice(0, 512), extras };
}

/** The in-app location: the hash route over http (`#/a?b`), else path and query (spec §2). */
export function currentLocation(): string {
  const { hash, pathname, search } = window.location;
  return hash.startsWith('#/') ? hash.slice(1) : `${pathname}${search}`;
}
