import type { ReactNode } from 'react';
import { resizeImage } from '../lib/image.ts';
import styles from './row-card.module.css';

interface RowCardCoverProps {
  /** The card's own cover and fallback classes (they compose row-card.module.css's and add size and colour). */
  className: string | undefined;
  fallbackClassName: string | undefined;
  src: string | null | undefined;
  /** The size the cover shows at, for the image service. */
  size: { width: number; height: number };
  /** The word shown on the cover's colour when there is no image. */
  fallback: string;
  /** What sits on the cover (a course count, a status badge). */
  children?: ReactNode;
}

/** A row card's cover (column and live cards): the image, or a word on the cover's colour. */
export function RowCardCover({ className, fallbackClassName, src, size, fallback, children }: RowCardCoverProps) {
  return (
    <div className={className}>
      {src ? (
        <img src={resizeImage(src, size)} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className={fallbackClassName} aria-hidden="true">
          {fallback}
        </span>
      )}
      {children}
    </div>
  );
}

/** A row card's foot: the price (免费 when there is none) and a count of people. */
export function RowCardFoot({ price, priceYuan, note }: { price: number; priceYuan: string; note: string }) {
  return (
    <div className={styles.foot}>
      <span className={styles.price}>{price > 0 ? `¥${priceYuan}` : '免费'}</span>
      <span className={styles.note}>{note}</span>
    </div>
  );
}
