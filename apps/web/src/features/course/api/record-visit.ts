import { api } from '../../../lib/api-client.ts';

/**
 * POST /v1/courses/{id}/visit — records that the learner opened the course (it feeds 学习中 on
 * /mycourses). Fire and forget: a failure must never disturb the page.
 */
export function recordVisit(courseId: number): void {
  api.post<unknown>(`/v1/courses/${courseId}/visit`, undefined, { silent: true, noLoginRedirect: true }).catch(() => {});
}
