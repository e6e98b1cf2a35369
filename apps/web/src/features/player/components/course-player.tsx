import { useEffect, useState } from 'react';
import type { CourseDetail } from '@jinfa/shared/schemas';
import { resizeImage } from '../../../lib/image.ts';
import { audioEngine, useAudioState } from '../audio/audio-engine.ts';
import type { CoursePlayback } from '../hooks/use-course-playback.ts';
import { AudioPanel } from './audio-panel.tsx';
import { SlidesPanel } from './slides-panel.tsx';
import { VideoPlayer } from './video-player.tsx';
import styles from './video-player.module.css';

export interface CoursePlayerProps {
  course: CourseDetail;
  playback: CoursePlayback;
  onNeedBuy: () => void;
  onGotoApp: () => void;
}

function AudioCoursePlayer({ course, playback, onNeedBuy, onGotoApp, title }: CoursePlayerProps & { title: string }) {
  const audio = useAudioState();
  const { selection, select } = playback;
  const playingHere = audio.track?.courseId === course.courseId ? audio.track.chapterId : undefined;
  // The engine moved on by itself (series autoplay, lock-screen next) or was already playing this
  // course when the page opened: the page follows it.
  useEffect(() => {
    if (playingHere !== undefined && playingHere !== selection.chapterId) select(playingHere, false);
  }, [playingHere, selection.chapterId, select]);
  return (
    <>
      <AudioPanel
        course={course}
        chapterId={selection.chapterId}
        chapterTitle={title}
        access={playback.accessOf(selection.chapterId)}
        playNonce={selection.nonce}
        playlist={playback.playlist}
        onNeedBuy={onNeedBuy}
        onGotoApp={onGotoApp}
      />
      <SlidesPanel courseId={course.courseId} chapterId={selection.chapterId} time={audioEngine.isCurrent(course.courseId, selection.chapterId) ? audio.time : 0} />
    </>
  );
}

/**
 * The player at the top of the course page (detail and play are one page, spec §2): video or
 * audio by the chapter's media type, with the slides under it when the course has them.
 */
export function CoursePlayer(props: CoursePlayerProps) {
  const { course, playback, onNeedBuy } = props;
  const [time, setTime] = useState(0);
  const { selection, playlist } = playback;
  if (!playback.ready) {
    return (
      <>
        <div className={styles.box} aria-busy="true" aria-label="加载中">
          {/* The cover at once, the page's largest paint, while the chapter's play rights load (LCP). */}
          {course.cover && (
            <div className={styles.poster}>
              <img src={resizeImage(course.cover, { width: 750, height: 422 })} alt="" decoding="async" fetchPriority="high" />
            </div>
          )}
        </div>
        <SlidesPanel courseId={course.courseId} chapterId={selection.chapterId} time={0} />
      </>
    );
  }

  const item = playlist.find((c) => c.chapterId === selection.chapterId);
  const title = item?.title ?? course.name;
  if ((item?.mediaType ?? course.mediaType) === 2) return <AudioCoursePlayer {...props} title={title} />;

  const handleEnded = () => {
    const next = playback.next();
    if (next) playback.select(next.chapterId, true);
  };
  return (
    <>
      <VideoPlayer
        courseId={course.courseId}
        chapterId={selection.chapterId}
        cover={course.cover}
        title={title}
        access={playback.accessOf(selection.chapterId)}
        playNonce={selection.nonce}
        onEnded={handleEnded}
        onNeedBuy={onNeedBuy}
        onTime={setTime}
      />
      <SlidesPanel courseId={course.courseId} chapterId={selection.chapterId} time={time} />
    </>
  );
}
