import { useState } from 'react';
import { resizeImage } from '../../../lib/image.ts';
import styles from './avatar.module.css';

/** A small round picture, or the first character of the name when there is none. */
export function Avatar({ name, src, size = 32 }: { name: string; src?: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const initial = /^[\p{Script=Han}A-Za-z]/u.test(name) ? name.slice(0, 1) : '学';
  if (src && !broken) {
    return (
      <img
        className={styles.avatar}
        src={resizeImage(src, { width: size * 2, height: size * 2 })}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.fallback}`} style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
      {initial}
    </span>
  );
}
