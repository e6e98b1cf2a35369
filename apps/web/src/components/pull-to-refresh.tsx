import { useEffect, useRef, useState, type ReactNode } from 'react';
import { listen } from '../lib/listen.ts';
import styles from './pull-to-refresh.module.css';

type Phase = 'idle' | 'pulling' | 'ready' | 'refreshing' | 'done';

const THRESHOLD = 60;
const MAX_PULL = 110;
const LABELS: Record<Phase, string> = {
  idle: '',
  pulling: '下拉刷新',
  ready: '释放立即刷新',
  refreshing: '正在刷新…',
  done: '刷新完成',
};

interface PullToRefreshProps {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
  disabled?: boolean;
}

/**
 * Pull down at the top of the page to refresh. Our own ~1 KB version rather than antd-mobile's
 * (which brings a gesture and a spring library) so that light pages such as home stay light.
 * Works on the window scroll, which is how every page here scrolls.
 */
export function PullToRefresh({ onRefresh, children, disabled = false }: PullToRefreshProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  }, [onRefresh]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root || disabled) return;
    let startY: number | null = null;
    let distance = 0;
    let busy = false;

    const handleStart = (event: TouchEvent) => {
      if (busy || window.scrollY > 0 || event.touches.length !== 1) return;
      startY = event.touches[0]?.clientY ?? null;
      distance = 0;
    };
    const handleMove = (event: TouchEvent) => {
      if (startY == null) return;
      const dy = (event.touches[0]?.clientY ?? startY) - startY;
      if (dy <= 0 || window.scrollY > 0) {
        if (distance > 0) setPull(0);
        distance = 0;
        return;
      }
      // Our own drag replaces the browser's overscroll bounce (and WeChat's "网页由…提供" pane).
      if (event.cancelable) event.preventDefault();
      distance = Math.min(MAX_PULL, dy * 0.5);
      setPull(distance);
      setPhase(distance >= THRESHOLD ? 'ready' : 'pulling');
    };
    const handleEnd = () => {
      if (startY == null) return;
      startY = null;
      if (distance < THRESHOLD) {
        distance = 0;
        setPull(0);
        setPhase('idle');
        return;
      }
      busy = true;
      setPull(44);
      setPhase('refreshing');
      void refreshRef
        .current()
        .catch(() => undefined)
        .finally(() => {
          setPhase('done');
          window.setTimeout(() => {
            busy = false;
            distance = 0;
            setPull(0);
            setPhase('idle');
          }, 400);
        });
    };
    return listen(
      root,
      { touchstart: handleStart, touchmove: handleMove, touchend: handleEnd, touchcancel: handleEnd },
      { touchstart: { passive: true }, touchmove: { passive: false } },
    );
  }, [disabled]);

  const dragging = phase === 'pulling' || phase === 'ready';
  return (
    <div ref={rootRef} className={styles.root}>
      <div className={dragging ? `${styles.indicator} ${styles.dragging}` : styles.indicator} style={{ height: pull }} aria-live="polite">
        {phase !== 'idle' && (
          <span className={styles.label}>
            {phase === 'refreshing' && <span className={styles.spinner} />}
            {LABELS[phase]}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
