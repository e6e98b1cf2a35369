import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupDetail } from '@jinfa/shared/activity-schemas';
import { api } from '../../../lib/api-client.ts';
import { ACTIVITIES_KEY } from './keys.ts';

/** GET /v1/activities/groups/{groupId}: one group's state (its share page). */
export function getGroup(groupId: number, signal?: AbortSignal): Promise<GroupDetail> {
  return api.get<GroupDetail>(`/v1/activities/groups/${groupId}`, { signal });
}

export function groupQueryOptions(groupId: number) {
  return queryOptions({ queryKey: [...ACTIVITIES_KEY, 'group', groupId] as const, queryFn: ({ signal }) => getGroup(groupId, signal) });
}

export function useGroup(groupId: number | null) {
  return useQuery({ ...groupQueryOptions(groupId ?? 0), enabled: groupId != null });
}
