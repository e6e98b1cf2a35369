import type { CourseShareBody } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/courses/{id}/shared — fire and forget: a lost record must never disturb the learner. */
export function recordShare(courseId: number, body: CourseShareBody): void {
  api.post<unknown>(`/v1/courses/${courseId}/shared`, body, { silent: true, noLoginRedirect: true }).catch(() => {});
}
