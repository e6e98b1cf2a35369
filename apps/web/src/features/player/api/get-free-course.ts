import { listRequest, type Page } from '../../../lib/api-client.ts';
import type { CourseCard } from '@jinfa/shared/schemas';

/** GET /v1/courses/list?isFree=1&courseType=1 → a free single video course: the device check's test clip. */
export async function getFreeVideoCourse(signal?: AbortSignal): Promise<CourseCard | null> {
  const page: Page<CourseCard> = await listRequest<CourseCard>('/v1/courses/list', {
    query: { isFree: 1, courseType: 1, pageIndex: 1, pageSize: 20 },
    paged: true,
    signal,
    silent: true,
  });
  return page.rows.find((c) => c.mediaType === 1) ?? null;
}
