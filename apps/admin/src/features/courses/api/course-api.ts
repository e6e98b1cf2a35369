/**
 * The courses section's endpoints (docs/console.md, "Routes"): fetchers, their query keys and
 * hooks. Pages never call the HTTP client directly; every write invalidates what it changes.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminChapter,
  AdminChapterCreate,
  AdminChapterPatch,
  AdminCourseCreate,
  AdminCourseDetail,
  AdminCourseListItem,
  AdminCoursePatch,
  AdminLookups,
} from '@jinfa/shared';
import { api } from '../../../lib/api';

export type { AdminChapter, AdminCourseDetail, AdminCourseListItem, AdminLookups };

/** The list's key prefix (useTableQuery adds its query); every course write invalidates it. */
export const COURSE_LIST_KEY = 'admin-courses';
export const COURSE_LIST_PATH = '/v1/admin/courses';

export const courseKeys = {
  list: [COURSE_LIST_KEY] as const,
  detail: (id: number) => ['admin-course', id] as const,
  lookups: ['admin-lookups'] as const,
};

export const lookupsOptions = queryOptions({
  queryKey: courseKeys.lookups,
  queryFn: ({ signal }) => api.get<AdminLookups>('/v1/admin/lookups', undefined, { signal }),
  // Subjects, lecturers and tags change rarely; one fetch a few minutes serves every page.
  staleTime: 5 * 60_000,
});

export function useLookups() {
  return useQuery(lookupsOptions);
}

/** A chapter whose media is still moving (waiting or transcoding) makes the course worth polling. */
export function hasMovingMedia(course: AdminCourseDetail | undefined): boolean {
  return !!course?.chapters.some((c) => c.mediaStatus === 'pending' || c.mediaStatus === 'processing');
}

export function courseOptions(id: number) {
  return queryOptions({
    queryKey: courseKeys.detail(id),
    queryFn: ({ signal }) => api.get<AdminCourseDetail>(`/v1/admin/courses/${id}`, undefined, { signal }),
    // While a chapter transcodes, its status in the course moves on its own: keep it fresh.
    refetchInterval: (query) => (hasMovingMedia(query.state.data) ? 3000 : false),
  });
}

export function useCourse(id: number | null) {
  return useQuery({ ...courseOptions(id ?? 0), enabled: id !== null });
}

function useInvalidateCourse() {
  const client = useQueryClient();
  return (id?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: courseKeys.list }),
      id !== undefined ? client.invalidateQueries({ queryKey: courseKeys.detail(id) }) : Promise.resolve(),
    ]);
}

export function useCreateCourse() {
  const invalidate = useInvalidateCourse();
  return useMutation({
    mutationFn: (body: AdminCourseCreate) => api.post<AdminCourseDetail>('/v1/admin/courses', body),
    onSuccess: async (course) => {
      await invalidate(course.id);
    },
  });
}

export function useUpdateCourse(id: number) {
  const client = useQueryClient();
  const invalidate = useInvalidateCourse();
  return useMutation({
    mutationFn: (body: AdminCoursePatch) => api.patch<AdminCourseDetail>(`/v1/admin/courses/${id}`, body),
    onSuccess: async (course) => {
      client.setQueryData(courseKeys.detail(id), course);
      await invalidate(id);
    },
  });
}

export function useSetShelf() {
  const invalidate = useInvalidateCourse();
  return useMutation({
    mutationFn: ({ id, onShelf }: { id: number; onShelf: boolean }) =>
      api.post<unknown>(`/v1/admin/courses/${id}/shelf`, { onShelf }),
    onSuccess: async (_data, { id }) => {
      await invalidate(id);
    },
  });
}

export function useCreateChapter(courseId: number) {
  const invalidate = useInvalidateCourse();
  return useMutation({
    mutationFn: (body: AdminChapterCreate) => api.post<AdminChapter>(`/v1/admin/courses/${courseId}/chapters`, body),
    onSuccess: async () => {
      await invalidate(courseId);
    },
  });
}

export function useUpdateChapter(courseId: number) {
  const invalidate = useInvalidateCourse();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminChapterPatch }) => api.patch<AdminChapter>(`/v1/admin/chapters/${id}`, body),
    onSuccess: async () => {
      await invalidate(courseId);
    },
  });
}

export function useDeleteChapter(courseId: number) {
  const invalidate = useInvalidateCourse();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/v1/admin/chapters/${id}`),
    onSuccess: async () => {
      await invalidate(courseId);
    },
  });
}

/** Saves a new chapter order; the caller shows it at once and rolls back when this fails. */
export function useReorderChapters(courseId: number) {
  const invalidate = useInvalidateCourse();
  return useMutation({
    mutationFn: (chapterIds: number[]) => api.put<unknown>(`/v1/admin/courses/${courseId}/chapter-order`, { chapterIds }),
    onSettled: async () => {
      await invalidate(courseId);
    },
  });
}
