import { resizeImage } from '../../../lib/image.ts';
import styles from './order-cover.module.css';

/** A course cover at order size, with the house fallback when the course has none. */
export function OrderCover({ cover, size = 'md' }: { cover: string | null | undefined; size?: 'md' | 'lg' }) {
  const width = size === 'lg' ? 240 : 192;
  const src = cover ? resizeImage(cover, { width, height: Math.round((width * 10) / 16) }) : '';
  return (
    <div className={size === 'lg' ? `${styles.cover} ${styles.lg}` : styles.cover}>
      {src ? (
        <img src={src} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className={styles.fallback} aria-hidden="true">
          金法
        </span>
      )}
    </div>
  );
}
