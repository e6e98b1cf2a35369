import { courseQueryOptions } from '../features/course/api/get-course.ts';
import { existPptQueryOptions } from '../features/player/api/get-exist-ppt.ts';
import { appVersionQueryOptions } from '../features/user/api/get-app-version.ts';
import { auditStatusQueryOptions } from '../features/user/api/get-audit-status.ts';
import { meQueryOptions } from '../features/user/api/get-me.ts';
import { resizeImage } from '../lib/image.ts';
import { queryClient } from '../lib/query-client.ts';
import { getAccessToken } from '../lib/session.ts';

/** The size the course page shows its cover at (features/course and features/player ask for the same). */
const COVER_SIZE = { width: 750, height: 422 };

const preloaded = new Set<string>();

function preloadImage(href: string): void {
  if (!href || preloaded.has(href)) return;
  preloaded.add(href);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

/**
 * Route prefetches (STYLE.md §3): start a page's queries while its code loads; the page shows
 * its skeleton until they land. Loaded on demand so the API client is not in the first chunk.
 */
export const prefetchers = {
  userHome: () => {
    void queryClient.prefetchQuery(meQueryOptions());
  },
  settings: () => {
    void queryClient.prefetchQuery(meQueryOptions());
    void queryClient.prefetchQuery(appVersionQueryOptions());
  },
  myInfo: () => {
    if (!getAccessToken()) return;
    void queryClient.prefetchQuery(meQueryOptions());
    void queryClient.prefetchQuery(auditStatusQueryOptions());
  },
  course: (target: URL) => {
    const courseId = Number(target.searchParams.get('courseId'));
    if (!(Number.isInteger(courseId) && courseId > 0)) return;
    // The cover is the page's largest paint: fetch it as soon as its address is known, not
    // after the page's code has arrived and rendered (course page LCP, issue 11 §10).
    void queryClient.fetchQuery(courseQueryOptions(courseId)).then(
      (course) => preloadImage(resizeImage(course.cover, COVER_SIZE)),
      () => undefined,
    );
    // The page paints once it knows whether there are slides (no layout shift): ask now too.
    void queryClient.prefetchQuery(existPptQueryOptions(courseId));
  },
} as const;
