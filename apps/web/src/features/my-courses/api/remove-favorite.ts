import { api } from '../../../lib/api-client.ts';
import { useCourseRemoval } from '../../../lib/optimistic-course-removal.ts';
import { FAVORITE_LISTS_KEY } from './get-favorites.ts';

/** DELETE /v1/favorites/{courseId}. */
export function removeFavorite(courseId: number): Promise<unknown> {
  return api.delete<unknown>(`/v1/favorites/${courseId}`, { silent: true });
}

/** Removal from my collection: the row leaves at once and comes back if the server refuses. */
export function useRemoveFavorite() {
  return useCourseRemoval({
    remove: removeFavorite,
    key: FAVORITE_LISTS_KEY,
    // The course page's heart reads the detail.
    alsoRefresh: (courseId) => ['courses', courseId, 'detail'],
    done: '已取消收藏',
    failed: '取消收藏失败，请稍后重试',
  });
}
