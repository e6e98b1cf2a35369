import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Chapter, CourseDetail } from '@jinfa/shared/schemas';
import { listenProgressQueryOptions } from '../api/get-listen-progress.ts';
import { nextPlayable, playlistQueryOptions, type PlaylistItem } from '../api/get-playlist.ts';
import type { Access } from '../components/video-player.tsx';

export interface Selection {
  chapterId: number | null;
  /** Bumped by every request to play (a tap on a chapter or 开始学习, the previous chapter ended); 0: wait for a tap. */
  nonce: number;
}

export interface CoursePlayback {
  /** Ready to show the player (for a series: the last played chapter is known). */
  ready: boolean;
  playlist: PlaylistItem[];
  selection: Selection;
  accessOf: (chapterId: number | null) => Access;
  select: (chapterId: number | null, autoplay?: boolean) => void;
  /** The chapter after the current one that may play, if any (series autoplay). */
  next: () => PlaylistItem | null;
}

/**
 * What plays on the course page: for a series the chapter played last (listen_progress) or the
 * first playable one, the playlist (`/playlist/{id}`, else built from the series), and whether
 * the learner may play a chapter: 'yes' (owned, free, free trial, or the server says so),
 * 'maybe' (member-free or corporate: the server decides at play_auth), 'no' (buy first).
 */
export function useCoursePlayback(course: CourseDetail | undefined, chapters: Chapter[] | undefined): CoursePlayback {
  const series = course?.isSeries === true;
  const courseId = course?.courseId ?? 0;
  const playlistQuery = useQuery({ ...playlistQueryOptions(courseId), enabled: series });
  const progressQuery = useQuery({ ...listenProgressQueryOptions(courseId), enabled: series });
  const [picked, setPicked] = useState<Selection | null>(null);

  const playlist = useMemo<PlaylistItem[]>(() => {
    if (!series) return [];
    if (playlistQuery.data && playlistQuery.data.length > 0) return playlistQuery.data;
    return (chapters ?? []).map((c) => ({
      chapterId: c.chapterId,
      title: c.title,
      duration: c.durationSeconds,
      isFreeTrial: c.isFreeTrial,
      playable: course?.owned === true || course?.isFree === true || c.isFreeTrial,
      mediaType: course?.mediaType ?? 1,
    }));
  }, [series, playlistQuery.data, chapters, course?.owned, course?.isFree, course?.mediaType]);

  const accessOf = useCallback(
    (chapterId: number | null): Access => {
      if (!course) return 'no';
      if (course.owned || course.isFree) return 'yes';
      const item = chapterId == null ? undefined : playlist.find((c) => c.chapterId === chapterId);
      if (item && (item.playable || item.isFreeTrial)) return 'yes';
      if (course.memberFree || course.corporateId != null) return 'maybe';
      return 'no';
    },
    [course, playlist],
  );

  const fallback = useMemo<number | null>(() => {
    if (!series) return null;
    const last = progressQuery.data?.chapterId;
    if (last != null && playlist.some((c) => c.chapterId === last && accessOf(c.chapterId) !== 'no')) return last;
    return (playlist.find((c) => accessOf(c.chapterId) !== 'no') ?? playlist[0])?.chapterId ?? null;
  }, [series, progressQuery.data, playlist, accessOf]);

  const selection: Selection = picked ?? { chapterId: fallback, nonce: 0 };
  const select = useCallback(
    (chapterId: number | null, autoplay = true) => setPicked((p) => ({ chapterId, nonce: autoplay ? (p?.nonce ?? 0) + 1 : 0 })),
    [],
  );
  const next = useCallback(() => nextPlayable(playlist.map((c) => ({ ...c, playable: accessOf(c.chapterId) !== 'no' })), selection.chapterId), [playlist, accessOf, selection.chapterId]);

  const ready = course != null && (!series || (!progressQuery.isPending && (playlist.length > 0 || !playlistQuery.isPending) && chapters !== undefined));
  return { ready, playlist, selection, accessOf, select, next };
}
