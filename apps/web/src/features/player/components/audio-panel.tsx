import { useEffect, useRef, useState } from 'react';
import type { CourseDetail } from '@jinfa/shared/schemas';
import { resizeImage } from '../../../lib/image.ts';
import { cx } from '../../../lib/cx.ts';
import type { PlaylistItem } from '../api/get-playlist.ts';
import { audioEngine, useAudioState, type SleepChoice } from '../audio/audio-engine.ts';
import { SPEEDS } from '../lib/player-prefs.ts';
import { clock, speedLabel } from '../lib/time.ts';
import { Back15Icon, Forward15Icon, MoonIcon, NextIcon, PauseFillIcon, PlayFillIcon, PrevIcon } from './player-icons.tsx';
import type { Access } from './video-player.tsx';
import styles from './audio-panel.module.css';

export interface AudioPanelProps {
  course: CourseDetail;
  chapterId: number | null;
  chapterTitle: string;
  access: Access;
  /** Each new value starts playing (a chapter picked, 开始学习); 0: wait for a tap. */
  playNonce: number;
  playlist: PlaylistItem[];
  onNeedBuy: () => void;
  onGotoApp: () => void;
}

const SLEEP_CHOICES: { value: SleepChoice | null; label: string }[] = [
  { value: null, label: '不开启' },
  { value: 15, label: '15分钟' },
  { value: 30, label: '30分钟' },
  { value: 60, label: '60分钟' },
  { value: 'chapter', label: '播完本集' },
];

function sleepLabel(sleep: SleepChoice | null, sleepAt: number | null, now: number): string {
  if (sleep === 'chapter') return '播完本集';
  if (sleepAt != null) return `${Math.max(1, Math.ceil((sleepAt - now) / 60_000))}分钟`;
  return '定时';
}

/** The course page's audio player: the app-wide audio engine with its full controls. */
export function AudioPanel({ course, chapterId, chapterTitle, access, playNonce, playlist, onNeedBuy, onGotoApp }: AudioPanelProps) {
  const state = useAudioState();
  const [menu, setMenu] = useState<'speed' | 'sleep' | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const mine = state.track != null && state.track.courseId === course.courseId && state.track.chapterId === chapterId;
  const status = mine ? state.status : 'idle';
  const playing = status === 'playing' || status === 'buffering' || status === 'loading';
  const duration = mine ? state.duration : 0;
  const time = mine ? state.time : 0;
  const error = mine ? state.error : null;

  const track = { courseId: course.courseId, courseName: course.name, lecturer: course.lecturerName, cover: course.cover, chapterId, title: chapterTitle };
  const handlePlay = () => {
    if (access === 'no') {
      onNeedBuy();
      return;
    }
    if (mine) audioEngine.toggle();
    else void audioEngine.play(track, playlist);
  };

  const handled = useRef(0);
  useEffect(() => {
    // A chapter tapped in the list, or 开始学习, starts at once.
    if (playNonce === 0 || handled.current === playNonce || access === 'no') return;
    handled.current = playNonce;
    void audioEngine.play(track, playlist);
    // The track is rebuilt every render; the request is the nonce.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playNonce, access]);

  useEffect(() => {
    if (error?.kind === 'gotoApp') onGotoApp();
  }, [error, onGotoApp]);

  useEffect(() => {
    if (state.sleepAt == null) return undefined;
    const id = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(id);
  }, [state.sleepAt]);

  const series = playlist.length > 1;
  return (
    <section className={styles.panel} data-testid="audio-panel" data-status={status} aria-label="音频播放器">
      <div className={styles.top}>
        <span className={cx(styles.disc, playing && styles.turning)}>
          {course.cover ? <img src={resizeImage(course.cover, { width: 240, height: 240 })} alt="" /> : <span>金法</span>}
        </span>
        <div className={styles.meta}>
          <p className={styles.title}>{chapterTitle}</p>
          <p className={styles.sub}>
            {course.lecturerName}
            {course.isSeries ? ` · ${course.name}` : ''}
          </p>
          {error ? (
            <p className={styles.error} role="alert">
              {error.message}
              {error.kind === 'buy' ? (
                <button type="button" onClick={onNeedBuy}>
                  立即购买
                </button>
              ) : error.kind === 'corporate' || error.kind === 'login' ? null : (
                <button type="button" onClick={() => void audioEngine.play(track, playlist)}>
                  重试
                </button>
              )}
            </p>
          ) : access === 'no' ? (
            <p className={styles.note}>购买后即可收听完整课程</p>
          ) : null}
        </div>
      </div>

      <div className={styles.progress}>
        <span>{clock(time)}</span>
        <input
          type="range"
          min={0}
          max={Math.max(duration, 0.1)}
          step={1}
          value={Math.min(time, duration)}
          disabled={!mine}
          aria-label="播放进度"
          style={{ ['--fill' as string]: `${duration > 0 ? (Math.min(time, duration) / duration) * 100 : 0}%` }}
          onChange={(e) => audioEngine.seekTo(Number(e.currentTarget.value))}
        />
        <span>{clock(duration)}</span>
      </div>

      <div className={styles.buttons}>
        <button type="button" className={styles.small} aria-label="倍速" onClick={() => setMenu((m) => (m === 'speed' ? null : 'speed'))}>
          {speedLabel(state.speed)}
        </button>
        {series && (
          <button type="button" className={styles.icon} aria-label="上一集" disabled={!mine} onClick={() => audioEngine.previous()}>
            <PrevIcon size={20} />
          </button>
        )}
        <button type="button" className={styles.icon} aria-label="后退15秒" disabled={!mine} onClick={() => audioEngine.seekBy(-15)}>
          <Back15Icon size={26} />
        </button>
        <button type="button" className={styles.main} aria-label={playing ? '暂停' : '播放'} data-testid="audio-play" onClick={handlePlay}>
          {status === 'loading' ? <span className={styles.spinner} /> : playing ? <PauseFillIcon size={26} /> : <PlayFillIcon size={26} />}
        </button>
        <button type="button" className={styles.icon} aria-label="前进15秒" disabled={!mine} onClick={() => audioEngine.seekBy(15)}>
          <Forward15Icon size={26} />
        </button>
        {series && (
          <button type="button" className={styles.icon} aria-label="下一集" disabled={!mine} onClick={() => audioEngine.next()}>
            <NextIcon size={20} />
          </button>
        )}
        <button type="button" className={styles.small} aria-label="定时关闭" onClick={() => setMenu((m) => (m === 'sleep' ? null : 'sleep'))}>
          <MoonIcon size={14} /> {sleepLabel(state.sleep, state.sleepAt, now)}
        </button>
      </div>

      {menu && (
        <div className={styles.sheet} role="menu" aria-label={menu === 'speed' ? '倍速' : '定时关闭'}>
          {menu === 'speed'
            ? SPEEDS.map((s) => (
                <button
                  key={s}
                  type="button"
                  role="menuitemradio"
                  aria-checked={state.speed === s}
                  className={state.speed === s ? styles.chosen : undefined}
                  onClick={() => {
                    audioEngine.setSpeed(s);
                    setMenu(null);
                  }}
                >
                  {speedLabel(s)}
                </button>
              ))
            : SLEEP_CHOICES.map((c) => (
                <button
                  key={String(c.value)}
                  type="button"
                  role="menuitemradio"
                  aria-checked={state.sleep === c.value}
                  className={state.sleep === c.value ? styles.chosen : undefined}
                  onClick={() => {
                    audioEngine.setSleep(c.value);
                    setNow(Date.now());
                    setMenu(null);
                  }}
                >
                  {c.label}
                </button>
              ))}
        </div>
      )}
    </section>
  );
}
