import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseFolder } from '@jinfa/shared/schemas';
import { listRequest } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/session.ts';

export type { CourseFolder };

/** GET /v1/courses/mine/folders → the learner's course library, one folder per subject. */
export function getCourseFolders(signal?: AbortSignal): Promise<CourseFolder[]> {
  return listRequest<CourseFolder>('/v1/courses/mine/folders', { signal });
}

export function courseFoldersQueryOptions() {
  return queryOptions({
    queryKey: ['courses', 'mine', 'folders'] as const,
    queryFn: ({ signal }) => getCourseFolders(signal),
    enabled: () => getAccessToken() != null,
  });
}

export function useCourseFolders() {
  return useQuery(courseFoldersQueryOptions());
}
