import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { courseQueryKey } from './get-course.ts';

/** POST /v1/courses/{id}/enroll — 免费学习: a free course joins the learner's courses. */
export function enrollCourse(courseId: number): Promise<unknown> {
  return api.post<unknown>(`/v1/courses/${courseId}/enroll`);
}

export function useEnrollCourse(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enrollCourse(courseId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: courseQueryKey(courseId) });
      // 已购 on /mycourses now holds it.
      await queryClient.invalidateQueries({ queryKey: ['courses', 'mine'] });
    },
  });
}
