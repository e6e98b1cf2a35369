import { api } from '../../../lib/api-client.ts';

/** POST /v1/courses/{id}/visit_play?recordId= — counts one play visit, once per record. Best effort. */
export function postVisitPlay(courseId: number, recordId: string): Promise<unknown> {
  return api.post(`/v1/courses/${courseId}/visit_play`, {}, { query: { recordId }, silent: true, noLoginRedirect: true });
}
