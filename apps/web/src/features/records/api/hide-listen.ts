import type { HideListenResult } from '@jinfa/shared/learning-record-schemas';
import { api } from '../../../lib/api-client.ts';
import { useCourseRemoval } from '../../../lib/optimistic-course-removal.ts';
import { LISTEN_RECORDS_KEY } from './get-listen-records.ts';

/** POST /v1/courses/{id}/hide_listen: the course leaves my study records (until I listen again). */
export function hideListen(courseId: number): Promise<HideListenResult> {
  return api.post<HideListenResult>(`/v1/courses/${courseId}/hide_listen`, undefined, { silent: true });
}

/** The row leaves at once and comes back if the server refuses. */
export function useHideListen() {
  return useCourseRemoval({ remove: hideListen, key: LISTEN_RECORDS_KEY, done: '已从学习记录中删除', failed: '删除失败，请稍后重试' });
}
