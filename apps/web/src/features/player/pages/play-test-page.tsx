import { useEffect, useRef, useState } from 'react';
import { Page } from '../../../components/page.tsx';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { useStoredToken } from '../../../lib/auth-store.ts';
import { currentAppLocation } from '../../../lib/session.ts';
import { isWechat } from '../../../lib/user-agent.ts';
import { getFreeVideoCourse } from '../api/get-free-course.ts';
import { chooseEngine, mseSupported, nativeHls } from '../lib/media-source.ts';
import { PlaybackSession, type SessionSnapshot } from '../lib/playback-session.ts';
import styles from './player-pages.module.css';

type Check = 'yes' | 'no' | 'pending';

interface Result {
  native: Check;
  mse: Check;
  autoplay: Check;
  firstFrameMs: number | null;
  mbps: number | null;
}

function checkLabel(check: Check, yes = '支持', no = '不支持'): string {
  return check === 'pending' ? '检测中…' : check === 'yes' ? yes : no;
}

/** Throughput of the media requests so far (Resource Timing), in Mbit/s. */
function measuredMbps(): number | null {
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  let bytes = 0;
  let ms = 0;
  for (const e of entries) {
    if (!e.name.includes('/v1/media/') || !e.transferSize) continue;
    bytes += e.transferSize;
    ms += Math.max(1, e.responseEnd - e.requestStart);
  }
  return bytes > 20_000 && ms > 0 ? (bytes * 8) / (ms / 1000) / 1_000_000 : null;
}

function connectionMbps(): number | null {
  const c = (navigator as { connection?: { downlink?: number } }).connection;
  return c?.downlink ? c.downlink : null;
}

/**
 * /course/playTest: a device check. Plays a short free clip muted (so it may start by itself) and
 * shows whether native HLS, hls.js (Media Source Extensions) and autoplay work here, the time to
 * the first frame, and a network speed estimate. Nothing is recorded as learning.
 */
export function PlayTestPage() {
  const token = useStoredToken();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [snap, setSnap] = useState<SessionSnapshot | null>(null);
  const [clip, setClip] = useState<'loading' | 'none' | 'ready'>('loading');
  const [result, setResult] = useState<Result>({ native: 'pending', mse: 'pending', autoplay: 'pending', firstFrameMs: null, mbps: null });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    setResult((r) => ({ ...r, native: nativeHls(video) ? 'yes' : 'no', mse: mseSupported() ? 'yes' : 'no' }));
    if (!token) {
      setClip('none');
      setResult((r) => ({ ...r, autoplay: 'pending' }));
      return undefined;
    }
    const controller = new AbortController();
    let session: PlaybackSession | null = null;
    const started = performance.now();
    const onPlaying = () =>
      setResult((r) => ({ ...r, autoplay: 'yes', firstFrameMs: r.firstFrameMs ?? Math.round(performance.now() - started) }));
    video.addEventListener('playing', onPlaying);
    void getFreeVideoCourse(controller.signal)
      .then((course) => {
        if (controller.signal.aborted) return;
        if (!course) {
          setClip('none');
          return;
        }
        setClip('ready');
        video.muted = true;
        session = new PlaybackSession(video, { courseId: course.courseId, chapterId: null, startAt: 0, onChange: setSnap, report: false });
        void session.play().then(() => {
          if (video.paused) setResult((r) => ({ ...r, autoplay: 'no' }));
        });
      })
      .catch(() => setClip('none'));
    const timer = setInterval(() => setResult((r) => ({ ...r, mbps: measuredMbps() ?? r.mbps })), 1000);
    return () => {
      controller.abort();
      clearInterval(timer);
      video.removeEventListener('playing', onPlaying);
      session?.destroy();
    };
  }, [token]);

  const video = videoRef.current;
  const engine = snap?.engine ?? (video ? chooseEngine(video) : null);
  const playable = result.native === 'yes' || result.mse === 'yes';
  const speed = result.mbps ?? connectionMbps();

  return (
    <Page title="播放检测" background="grey">
      <div className={styles.testVideo}>
        <video
          ref={videoRef}
          muted
          playsInline
          webkit-playsinline="true"
          x5-playsinline="true"
          controls={clip === 'ready'}
          data-testid="play-test-video"
          aria-label="测试视频"
        />
        {clip === 'none' && (
          <div className={styles.testOverlay}>
            {token ? (
              <p>暂无可用的测试视频</p>
            ) : (
              <>
                <p>登录后可播放测试视频</p>
                <Link to={paths.login.getHref({ redirect: currentAppLocation() })} className={styles.testLogin}>
                  去登录
                </Link>
              </>
            )}
          </div>
        )}
      </div>

      <section className={styles.card} aria-label="检测结果">
        <h2 className={styles.cardTitle}>{playable ? '您的设备可以播放课程' : '您的设备可能无法播放课程'}</h2>
        <dl className={styles.checks} data-testid="play-test-checks">
          <dt>原生HLS播放</dt>
          <dd data-testid="check-native">{checkLabel(result.native)}</dd>
          <dt>hls.js（MSE）</dt>
          <dd data-testid="check-mse">{checkLabel(result.mse)}</dd>
          <dt>静音自动播放</dt>
          <dd data-testid="check-autoplay">{clip === 'none' ? '未检测' : checkLabel(result.autoplay, '支持', '需点击播放')}</dd>
          <dt>本机播放方式</dt>
          <dd>{engine === 'native' ? '原生HLS' : engine === 'hlsjs' ? 'hls.js' : '—'}</dd>
          <dt>首帧耗时</dt>
          <dd data-testid="check-first-frame">{result.firstFrameMs != null ? `${(result.firstFrameMs / 1000).toFixed(2)} 秒` : '—'}</dd>
          <dt>网络速度</dt>
          <dd>{speed != null ? `约 ${speed.toFixed(1)} Mbps` : '—'}</dd>
          <dt>所在环境</dt>
          <dd>{isWechat() ? '微信内置浏览器' : '浏览器'}</dd>
        </dl>
        {snap?.error && <p className={styles.warn}>{snap.error.message}</p>}
        <p className={styles.hint}>
          播放不流畅时，请切换到Wi-Fi或4G网络；仍无法播放，可
          <Link to={paths.appGuide.getHref()}>在App中打开</Link>。
        </p>
      </section>
    </Page>
  );
}
