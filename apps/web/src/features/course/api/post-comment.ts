import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentBody, CourseComment } from '@jinfa/shared/schemas';
import { api } from '../../../lib/api-client.ts';
import { commentsQueryKey } from './get-comments.ts';

/** POST /v1/comment/{id} → the new comment. */
export function postComment(courseId: number, body: CommentBody): Promise<CourseComment> {
  return api.post<CourseComment>(`/v1/comment/${courseId}`, body);
}

export function usePostComment(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => postComment(courseId, { content }),
    // Back to the first page: the new comment is the newest.
    onSuccess: () => queryClient.resetQueries({ queryKey: commentsQueryKey(courseId) }),
  });
}
