import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

interface BlockProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  style?: CSSProperties;
}

/** A shimmering placeholder shape. */
export function SkeletonBlock({ width = '100%', height = 14, radius = 6, style }: BlockProps) {
  return <span className={styles.block} style={{ width, height, borderRadius: radius, ...style }} />;
}

/** Paragraph placeholder: `lines` bars, the last one shorter. */
export function SkeletonLines({ lines = 3 }: { lines?: number }) {
  return (
    <div className={styles.lines}>
      {Array.from({ length: lines }, (_, i) => (
        <SkeletonBlock key={i} width={i === lines - 1 ? '62%' : '100%'} />
      ))}
    </div>
  );
}

/** A card of placeholder content, the default loading state of data pages. */
export function SkeletonCard({ lines = 3, avatar = false }: { lines?: number; avatar?: boolean }) {
  return (
    <div className={styles.card} aria-busy="true" aria-label="加载中">
      {avatar && <SkeletonBlock width={56} height={56} radius="50%" style={{ flex: '0 0 56px' }} />}
      <div className={styles.body}>
        <SkeletonLines lines={lines} />
      </div>
    </div>
  );
}
