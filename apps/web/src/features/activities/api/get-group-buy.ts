import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupBuyActivityList, GroupBuyPage } from '@jinfa/shared/activity-schemas';
import { api } from '../../../lib/api-client.ts';
import { ACTIVITIES_KEY } from './keys.ts';

/** GET /v1/activities/group?courseId: published group-buy activities. */
export function getGroupActivities(courseId?: number, signal?: AbortSignal): Promise<GroupBuyActivityList> {
  return api.get<GroupBuyActivityList>('/v1/activities/group', { query: { courseId }, signal });
}

/** GET /v1/activities/group/{activityId}: the activity, open groups and the caller's place. */
export function getGroupBuyPage(activityId: number, signal?: AbortSignal): Promise<GroupBuyPage> {
  return api.get<GroupBuyPage>(`/v1/activities/group/${activityId}`, { signal });
}

export function groupActivitiesQueryOptions(courseId?: number) {
  return queryOptions({ queryKey: [...ACTIVITIES_KEY, 'group-list', courseId ?? null] as const, queryFn: ({ signal }) => getGroupActivities(courseId, signal) });
}

export function groupBuyPageQueryOptions(activityId: number) {
  return queryOptions({ queryKey: [...ACTIVITIES_KEY, 'group-buy', activityId] as const, queryFn: ({ signal }) => getGroupBuyPage(activityId, signal) });
}

export function useGroupActivities(courseId?: number, enabled = true) {
  return useQuery({ ...groupActivitiesQueryOptions(courseId), enabled });
}

export function useGroupBuyPage(activityId: number | null) {
  return useQuery({ ...groupBuyPageQueryOptions(activityId ?? 0), enabled: activityId != null });
}
