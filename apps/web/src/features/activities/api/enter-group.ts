import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupOrderResult } from '@jinfa/shared/activity-schemas';
import { api } from '../../../lib/api-client.ts';
import { ACTIVITIES_KEY } from './keys.ts';

/** POST /v1/activities/group/{activityId}/start or /v1/activities/groups/{groupId}/join: the caller's pending group order. */
export function enterGroup(target: { start: number } | { join: number }): Promise<GroupOrderResult> {
  const url = 'start' in target ? `/v1/activities/group/${target.start}/start` : `/v1/activities/groups/${target.join}/join`;
  return api.post<GroupOrderResult>(url, {});
}

export function useEnterGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY }),
  });
}
