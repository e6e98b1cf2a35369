import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommentPage, CourseComment } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';

export type { CommentPage, CourseComment };

export const COMMENTS_PAGE_SIZE = 10;

/** GET /v1/comment/{id}?size&end → newest first; `end` is the last comment id already shown. */
export function getComments(courseId: number, end?: number, signal?: AbortSignal): Promise<CommentPage> {
  return api.get<CommentPage>(`/v1/comment/${courseId}`, { query: { size: COMMENTS_PAGE_SIZE, end }, signal });
}

export const commentsQueryKey = (courseId: number) => ['comments', courseId] as const;

export function commentsQueryOptions(courseId: number) {
  return infiniteQueryOptions({
    queryKey: commentsQueryKey(courseId),
    queryFn: ({ pageParam, signal }) => getComments(courseId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.rows.at(-1)?.commentId : undefined),
  });
}

export function useComments(courseId: number) {
  return useInfiniteQuery(commentsQueryOptions(courseId));
}
