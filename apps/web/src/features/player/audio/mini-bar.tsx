import { useLocation, useNavigate } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { resizeImage } from '../../../lib/image.ts';
import { cx } from '../../../lib/cx.ts';
import { CloseIcon, PauseFillIcon, PlayFillIcon } from '../components/player-icons.tsx';
import { audioEngine, useAudioState } from './audio-engine.ts';
import styles from './mini-bar.module.css';

const TAB_PATHS: readonly string[] = [paths.home.path, paths.discovery.path, paths.myCourses.path, paths.userHome.path];
const COURSE_PATHS: readonly string[] = [paths.courseDetail.path, paths.courseChildDetail.path, paths.coursePlay.path];

/**
 * The docked audio bar on every page but the playing course's own: cover, title, play/pause,
 * close; a tap opens the course page. Sits above the tab bar or the course page's action bar.
 */
export function MiniBar() {
  const state = useAudioState();
  const location = useLocation();
  const navigate = useNavigate();
  const track = state.track;
  if (!track) return null;

  const onCoursePage = COURSE_PATHS.includes(location.pathname);
  const courseHere = onCoursePage && Number(new URLSearchParams(location.search).get('courseId') ?? new URLSearchParams(location.search).get('id')) === track.courseId;
  if (courseHere) return null;

  const playing = state.status === 'playing' || state.status === 'buffering' || state.status === 'loading';
  const progress = state.duration > 0 ? Math.min(100, (state.time / state.duration) * 100) : 0;
  return (
    <div
      className={cx(styles.bar, TAB_PATHS.includes(location.pathname) && styles.aboveTabs, onCoursePage && styles.aboveActions)}
      data-testid="audio-mini-bar"
      role="region"
      aria-label="正在播放"
    >
      <button
        type="button"
        className={styles.open}
        onClick={() => navigate(paths.courseDetail.getHref({ courseId: track.courseId }))}
        aria-label={`打开课程：${track.courseName}`}
      >
        <span className={cx(styles.cover, playing && styles.spinning)}>
          {track.cover ? <img src={resizeImage(track.cover, { width: 96, height: 96 })} alt="" /> : <span>金法</span>}
        </span>
        <span className={styles.text}>
          <span className={styles.title}>{track.title}</span>
          <span className={styles.sub}>{state.error ? state.error.message : track.lecturer || track.courseName}</span>
        </span>
      </button>
      <button
        type="button"
        className={styles.toggle}
        aria-label={playing ? '暂停' : '播放'}
        data-testid="mini-bar-toggle"
        onClick={() => audioEngine.toggle()}
      >
        <svg viewBox="0 0 36 36" className={styles.ring} aria-hidden="true">
          <circle cx="18" cy="18" r="16" />
          <circle cx="18" cy="18" r="16" strokeDasharray={`${(progress / 100) * 100.5} 100.5`} className={styles.ringFill} />
        </svg>
        {playing ? <PauseFillIcon size={16} /> : <PlayFillIcon size={16} />}
      </button>
      <button type="button" className={styles.close} aria-label="关闭播放器" onClick={() => audioEngine.close()}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
