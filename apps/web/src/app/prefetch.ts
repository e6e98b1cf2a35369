import { courseQueryOptions } from '../features/course/api/get-course.ts';
import { appVersionQueryOptions } from '../features/user/api/get-app-version.ts';
import { auditStatusQueryOptions } from '../features/user/api/get-audit-status.ts';
import { meQueryOptions } from '../features/user/api/get-me.ts';
import { queryClient } from '../lib/query-client.ts';
import { getAccessToken } from '../lib/session.ts';

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
    if (Number.isInteger(courseId) && courseId > 0) void queryClient.prefetchQuery(courseQueryOptions(courseId));
  },
} as const;
