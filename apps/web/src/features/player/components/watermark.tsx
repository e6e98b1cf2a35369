import { useEffect, useState } from 'react';
import styles from './video-player.module.css';

const MOVE_MS = 4000;

/** Spots within the frame, clear of the title along the top and the control bar along the bottom; the mark hops between them. */
function nextSpot(previous: { x: number; y: number }): { x: number; y: number } {
  for (;;) {
    const spot = { x: 6 + Math.random() * 58, y: 22 + Math.random() * 46 };
    if (Math.abs(spot.x - previous.x) + Math.abs(spot.y - previous.y) > 20) return spot;
  }
}

/** The learner's masked phone number, running over the video (a leak carries its source). */
export function Watermark({ text }: { text: string }) {
  const [spot, setSpot] = useState({ x: 8, y: 24 });
  useEffect(() => {
    const id = setInterval(() => setSpot((s) => nextSpot(s)), MOVE_MS);
    return () => clearInterval(id);
  }, []);
  if (!text) return null;
  return (
    <span className={styles.watermark} style={{ left: `${spot.x}%`, top: `${spot.y}%` }} data-testid="video-watermark" aria-hidden="true">
      {text}
    </span>
  );
}
