import { queryOptions } from '@tanstack/react-query';
import { listRequest } from '../../../lib/api-client.ts';

import type { PlaylistItem } from '@jinfa/shared/media-schemas';

/** One chapter of `GET /v1/courses/playlist/{id}`; `playable`: this learner may play it now. */
export type { PlaylistItem };

/** GET /v1/courses/playlist/{id}: the series' chapters in play order. Silent; empty on refusal. */
export function getPlaylist(courseId: number, signal?: AbortSignal): Promise<PlaylistItem[]> {
  return listRequest<PlaylistItem>(`/v1/courses/playlist/${courseId}`, { signal, silent: true, noLoginRedirect: true });
}

export function playlistQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: ['courses', courseId, 'playlist'] as const,
    queryFn: ({ signal }) => getPlaylist(courseId, signal),
    retry: false,
  });
}

/** The chapter after `chapterId` that this learner may play, if any (series autoplay). */
export function nextPlayable(list: readonly PlaylistItem[], chapterId: number | null): PlaylistItem | null {
  const at = list.findIndex((c) => c.chapterId === chapterId);
  if (at < 0) return null;
  return list.slice(at + 1).find((c) => c.playable) ?? null;
}

export function previousPlayable(list: readonly PlaylistItem[], chapterId: number | null): PlaylistItem | null {
  const at = list.findIndex((c) => c.chapterId === chapterId);
  if (at <= 0) return null;
  return [...list.slice(0, at)].reverse().find((c) => c.playable) ?? null;
}
