import { useEffect, useRef, useState } from 'react';
import { SPEEDS } from '../lib/player-prefs.ts';
import type { QualityOption } from '../lib/playback-session.ts';
import { clock, speedLabel } from '../lib/time.ts';
import { ExitFullscreenIcon, FullscreenIcon, PauseFillIcon, PlayFillIcon } from './player-icons.tsx';
import styles from './video-player.module.css';

export interface PlayerControlsProps {
  playing: boolean;
  time: number;
  duration: number;
  speed: number;
  qualities: QualityOption[];
  quality: string;
  fullscreen: boolean;
  onToggle: () => void;
  onSeek: (seconds: number) => void;
  onSpeed: (speed: number) => void;
  onQuality: (key: string) => void;
  onFullscreen: () => void;
  /** A menu opened (true) or closed: the player keeps its controls up while one is open. */
  onMenu?: (open: boolean) => void;
}

type Menu = 'speed' | 'quality' | null;

/**
 * The bar over the bottom of the video: play/pause, time, seek, speed, quality, full screen.
 * Speed and quality open a sheet on the right of the frame (the way Chinese video apps do it),
 * with rows big enough for a thumb; a tap beside it closes it.
 */
export function PlayerControls(props: PlayerControlsProps) {
  const { playing, time, duration, speed, qualities, quality, fullscreen, onMenu } = props;
  const [menu, setMenuState] = useState<Menu>(null);
  const qualityLabel = qualities.find((q) => q.key === quality)?.label ?? '自动';
  const open = useRef(false);
  const setMenu = (next: Menu) => {
    setMenuState(next);
    open.current = next !== null;
    onMenu?.(next !== null);
  };
  const toggleMenu = (next: Menu) => setMenu(menu === next ? null : next);
  // Unmounted with a menu open (an error, the chapter ended): the player may hide its controls again.
  const onMenuRef = useRef(onMenu);
  onMenuRef.current = onMenu;
  useEffect(
    () => () => {
      if (open.current) onMenuRef.current?.(false);
    },
    [],
  );

  return (
    <>
      {menu !== null && (
        <div
          className={styles.menuScrim}
          onClick={(e) => {
            e.stopPropagation();
            setMenu(null);
          }}
        />
      )}
      {menu === 'speed' && (
        <div className={styles.menu} role="menu" aria-label="倍速" onClick={(e) => e.stopPropagation()}>
          <span className={styles.menuTitle}>倍速</span>
          {[...SPEEDS].reverse().map((s) => (
            <button
              key={s}
              type="button"
              role="menuitemradio"
              aria-checked={s === speed}
              className={s === speed ? styles.menuActive : undefined}
              onClick={() => {
                props.onSpeed(s);
                setMenu(null);
              }}
            >
              {speedLabel(s)}
            </button>
          ))}
        </div>
      )}
      {menu === 'quality' && (
        <div className={styles.menu} role="menu" aria-label="清晰度" onClick={(e) => e.stopPropagation()}>
          <span className={styles.menuTitle}>清晰度</span>
          {qualities.map((q) => (
            <button
              key={q.key}
              type="button"
              role="menuitemradio"
              aria-checked={q.key === quality}
              className={q.key === quality ? styles.menuActive : undefined}
              onClick={() => {
                props.onQuality(q.key);
                setMenu(null);
              }}
            >
              {q.label}
            </button>
          ))}
        </div>
      )}
      <div className={styles.controls} onClick={(e) => e.stopPropagation()}>
        <button type="button" className={styles.iconButton} aria-label={playing ? '暂停' : '播放'} onClick={props.onToggle}>
          {playing ? <PauseFillIcon size={24} /> : <PlayFillIcon size={24} />}
        </button>
        <span className={styles.time} data-testid="video-time">
          {clock(time)}
        </span>
        <input
          className={styles.seek}
          type="range"
          min={0}
          max={Math.max(duration, 0.1)}
          step={1}
          value={Math.min(time, duration || 0)}
          aria-label="播放进度"
          style={{ ['--fill' as string]: `${duration > 0 ? (Math.min(time, duration) / duration) * 100 : 0}%` }}
          onChange={(e) => props.onSeek(Number(e.currentTarget.value))}
        />
        <span className={styles.time}>{clock(duration)}</span>
        <button type="button" className={styles.textButton} aria-label="倍速" aria-haspopup="menu" onClick={() => toggleMenu('speed')}>
          {speed === 1 ? '倍速' : speedLabel(speed)}
        </button>
        {qualities.length > 1 && (
          <button type="button" className={styles.textButton} aria-label="清晰度" aria-haspopup="menu" onClick={() => toggleMenu('quality')}>
            {qualityLabel}
          </button>
        )}
        <button type="button" className={styles.iconButton} aria-label={fullscreen ? '退出全屏' : '全屏'} onClick={props.onFullscreen}>
          {fullscreen ? <ExitFullscreenIcon size={22} /> : <FullscreenIcon size={22} />}
        </button>
      </div>
    </>
  );
}
