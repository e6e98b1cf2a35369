import type { CourseAuditStatus } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /v1/courses/{courseId}/check_user_audit_status: the profile-review gate (spec §4, §8)
 * before paying. Silent: the checkout shows the 26214x popup itself.
 */
export function checkAuditStatus(courseId: number, signal?: AbortSignal): Promise<CourseAuditStatus> {
  return api.get<CourseAuditStatus>(`/v1/courses/${courseId}/check_user_audit_status`, { signal, silent: true });
}
