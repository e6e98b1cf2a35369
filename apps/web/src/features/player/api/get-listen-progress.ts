import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

import type { ListenProgress } from '@jinfa/shared/learning-record-schemas';

/** `GET /v1/courses/{id}/listen_progress`: the chapter played last first-class, then every chapter. */
export type { ListenProgress };

/** GET /v1/courses/{id}/listen_progress. Silent: without progress the course starts at 0. */
export function getListenProgress(courseId: number, signal?: AbortSignal): Promise<ListenProgress> {
  return api.get<ListenProgress>(`/v1/courses/${courseId}/listen_progress`, { signal, silent: true, noLoginRedirect: true });
}

export function listenProgressQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['courses', courseId, 'listen-progress'] as const,
    queryFn: ({ signal }) => getListenProgress(courseId, signal),
    // Progress moves while playing: always ask again when a player opens.
    staleTime: 0,
    retry: false,
  });
}

/**
 * Where to start a chapter: its saved position, or 0 when it was heard to its last seconds (a
 * learner who heard a chapter to the end wants it from the start). The server's `finished` flag
 * is not used: it marks a chapter as done for the records once most of it was played, while
 * the learner may still want its last minutes.
 */
export function resumePosition(progress: ListenProgress | undefined, chapterId: number | null): number {
  if (!progress) return 0;
  const entry =
    progress.chapters.find((c) => c.chapterId === chapterId) ??
    (progress.chapterId === chapterId ? { position: progress.position, duration: progress.duration } : null);
  if (!entry) return 0;
  const position = Number(entry.position) || 0;
  if (entry.duration != null && entry.duration > 0 && position >= entry.duration - END_MARGIN_SECONDS) return 0;
  return Math.max(0, position);
}

const END_MARGIN_SECONDS = 3;
