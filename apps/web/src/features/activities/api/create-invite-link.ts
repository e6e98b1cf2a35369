import { useMutation } from '@tanstack/react-query';
import type { InviteLink } from '@jinfa/shared/activity-schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/activities/invite/{courseId}/link: the caller's invitation token for a course they own (decision 019). */
export function createInviteLink(courseId: number): Promise<InviteLink> {
  return api.post<InviteLink>(`/v1/activities/invite/${courseId}/link`, {});
}

export function useCreateInviteLink() {
  return useMutation({ mutationFn: (courseId: number) => createInviteLink(courseId) });
}
