import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { resizeImage } from '../../../lib/image.ts';
import { cx } from '../../../lib/cx.ts';
import { listen } from '../../../lib/listen.ts';
import { postPlayAuth } from '../api/post-play-auth.ts';
import { enterFullscreen, exitFullscreen, fullscreenElement } from '../lib/fullscreen.ts';
import { chooseEngine, loadHlsJs } from '../lib/media-source.ts';
import { PlaybackSession, type SessionSnapshot } from '../lib/playback-session.ts';
import { saveSpeed, savedSpeed } from '../lib/player-prefs.ts';
import { resumeFrom } from '../lib/resume.ts';
import { PlayerControls } from './player-controls.tsx';
import { PlayFillIcon } from './player-icons.tsx';
import { Watermark } from './watermark.tsx';
import styles from './video-player.module.css';

/** 'yes': owned, free or a free-trial chapter; 'maybe': the server decides (member-free…); 'no': buy first. */
export type Access = 'yes' | 'maybe' | 'no';

export interface VideoPlayerProps {
  courseId: number;
  chapterId: number | null;
  cover: string;
  title: string;
  access: Access;
  /** Each new value starts playing without a tap on the poster (a chapter picked, the previous one ended); 0: wait. */
  playNonce: number;
  onEnded?: () => void;
  onNeedBuy?: () => void;
  onTime?: (seconds: number) => void;
}

const HIDE_CONTROLS_MS = 3000;

function whenIdle(fn: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(fn, { timeout: 2000 });
  else setTimeout(fn, 500);
}
type Fullscreen = 'none' | 'api' | 'page';

const IDLE: SessionSnapshot = { status: 'idle', engine: null, auth: null, error: null, qualities: [], quality: 'auto' };

/**
 * The course page's video: poster and play button, then HLS (native or hls.js) with our own
 * controls, a running watermark, resume, listen reporting, and renewal of an expired URL.
 */
export function VideoPlayer({ courseId, chapterId, cover, title, access, playNonce, onEnded, onNeedBuy, onTime }: VideoPlayerProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const boxRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const sessionRef = useRef<PlaybackSession | null>(null);
  const [snap, setSnap] = useState<SessionSnapshot>(IDLE);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState(savedSpeed);
  const [controls, setControls] = useState(true);
  const [fullscreen, setFullscreen] = useState<Fullscreen>('none');
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callbacks = useRef({ onEnded, onTime });
  callbacks.current = { onEnded, onTime };

  // One session per chapter; a chapter change or leaving the page ends the record (`exit`).
  useEffect(() => {
    const video = videoRef.current;
    if (!video || access === 'no') return undefined;
    // Ask for the signed URL ahead of the tap when the learner surely may play: the tap then
    // starts the video in the same turn (first frame budget; iOS wants play() inside the tap).
    const auth = access === 'yes' ? postPlayAuth(courseId, chapterId) : null;
    auth?.catch(() => undefined);
    // Where HLS needs hls.js, fetch it while the learner reads the page, not after the tap.
    if (chooseEngine(video) === 'hlsjs') whenIdle(() => void loadHlsJs().catch(() => undefined));
    const session = new PlaybackSession(video, {
      courseId,
      chapterId,
      auth,
      startAt: resumeFrom(queryClient, courseId, chapterId),
      onChange: setSnap,
    });
    sessionRef.current = session;
    setSnap(session.snapshot());
    setTime(0);
    return () => {
      session.destroy();
      if (sessionRef.current === session) sessionRef.current = null;
    };
  }, [courseId, chapterId, access, queryClient]);

  // After the session effect: a new chapter's session exists by the time this asks it to play.
  useEffect(() => {
    if (playNonce > 0) void sessionRef.current?.play();
  }, [playNonce, chapterId]);

  useEffect(() => {
    if (snap.error?.kind === 'gotoApp') navigate(paths.gotoApp.getHref());
  }, [snap.error, navigate]);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.playbackRate = speed;
  }, [speed, snap.auth]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const onTimeUpdate = () => {
      setTime(video.currentTime);
      callbacks.current.onTime?.(video.currentTime);
    };
    const onMeta = () => {
      setDuration(Number.isFinite(video.duration) ? video.duration : 0);
      video.playbackRate = speed;
    };
    const onEnd = () => callbacks.current.onEnded?.();
    return listen(video, { timeupdate: onTimeUpdate, durationchange: onMeta, loadedmetadata: onMeta, ended: onEnd });
  }, [speed]);

  // Page full screen: the page under the fixed player must not scroll with the learner's drags.
  useEffect(() => {
    if (fullscreen !== 'page') return undefined;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [fullscreen]);

  // Leaving the Fullscreen API by the system's back gesture.
  useEffect(() => {
    const onChange = () => {
      if (!fullscreenElement()) setFullscreen((f) => (f === 'api' ? 'none' : f));
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('webkitfullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('webkitfullscreenchange', onChange);
    };
  }, []);

  const playing = snap.status === 'playing' || snap.status === 'buffering';
  const menuOpen = useRef(false);
  const scheduleHide = useCallback(() => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    // A speed or quality menu stays up until the learner picks or taps beside it.
    if (!menuOpen.current) hideTimer.current = setTimeout(() => setControls(false), HIDE_CONTROLS_MS);
  }, []);
  const handleMenu = (open: boolean) => {
    menuOpen.current = open;
    scheduleHide();
  };
  useEffect(() => {
    if (playing) scheduleHide();
    else setControls(true);
    return () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    };
  }, [playing, scheduleHide]);

  const handleStart = () => {
    if (access === 'no') {
      onNeedBuy?.();
      return;
    }
    void sessionRef.current?.play();
  };
  const handleToggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) handleStart();
    else video.pause();
    scheduleHide();
  };
  const handleSeek = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = seconds;
    setTime(seconds);
    scheduleHide();
  };
  const handleSpeed = (next: number) => {
    setSpeed(next);
    saveSpeed(next);
  };
  const handleFullscreen = async () => {
    if (fullscreen !== 'none') {
      if (fullscreen === 'api') await exitFullscreen().catch(() => undefined);
      setFullscreen('none');
      return;
    }
    const box = boxRef.current;
    if (!box) return;
    const mode = await enterFullscreen(box, videoRef.current);
    if (mode !== 'ios') setFullscreen(mode);
  };

  const started = snap.status !== 'idle';
  const showPoster = !started || (snap.status === 'loading' && time === 0);
  const busy = snap.status === 'loading' || snap.status === 'buffering';
  const error = snap.error;

  return (
    <div
      ref={boxRef}
      className={cx(styles.box, fullscreen === 'page' && styles.pageFullscreen, fullscreen === 'api' && styles.apiFullscreen)}
      data-testid="video-player"
      data-engine={snap.engine ?? ''}
      data-status={snap.status}
      onClick={() => {
        if (!started) return;
        setControls((c) => !c);
        scheduleHide();
      }}
    >
      <video
        ref={videoRef}
        className={styles.video}
        poster={cover ? resizeImage(cover, { width: 750, height: 422 }) : undefined}
        preload="none"
        playsInline
        webkit-playsinline="true"
        x5-playsinline="true"
        x5-video-player-type="h5-page"
        aria-label={title}
      />
      {snap.auth?.watermark && started && <Watermark text={snap.auth.watermark} />}

      {showPoster && !error && (
        <div className={styles.poster}>
          {cover && <img src={resizeImage(cover, { width: 750, height: 422 })} alt="" decoding="async" />}
          {!busy && (
            <button
              type="button"
              className={styles.bigPlay}
              data-testid="video-play"
              aria-label={access === 'no' ? '购买后观看' : '播放'}
              onClick={(e) => {
                e.stopPropagation();
                handleStart();
              }}
            >
              <PlayFillIcon size={30} />
            </button>
          )}
          {access === 'no' && !busy && <span className={styles.posterNote}>购买后即可观看完整课程</span>}
        </div>
      )}

      {busy && !error && <span className={styles.spinner} role="status" aria-label="加载中" />}

      {error && error.kind !== 'gotoApp' && (
        <div className={styles.errorBox} role="alert" onClick={(e) => e.stopPropagation()}>
          <p>{error.message}</p>
          {error.kind === 'buy' ? (
            <button type="button" onClick={onNeedBuy}>
              立即购买
            </button>
          ) : error.kind === 'corporate' || error.kind === 'login' ? null : (
            <button type="button" onClick={() => void sessionRef.current?.retry()}>
              重试
            </button>
          )}
        </div>
      )}

      {started && !error && (controls || !playing) && (
        <div className={styles.topBar} data-testid="video-title">
          {title}
        </div>
      )}
      {started && !error && (controls || !playing) && (
        <PlayerControls
          playing={playing}
          time={time}
          duration={duration || snap.auth?.duration || 0}
          speed={speed}
          qualities={snap.qualities}
          quality={snap.quality}
          fullscreen={fullscreen !== 'none'}
          onToggle={handleToggle}
          onSeek={handleSeek}
          onSpeed={handleSpeed}
          onQuality={(key) => sessionRef.current?.setQuality(key)}
          onFullscreen={() => void handleFullscreen()}
          onMenu={handleMenu}
        />
      )}
    </div>
  );
}
