import { useState } from 'react';
import { resizeImage } from '../../../lib/image.ts';
import { getSurname } from '../../../lib/name.ts';
import styles from './user-avatar.module.css';

/** The learner's picture, or a circle with their surname when there is none (or it fails to load). */
export function UserAvatar({ name, avatar, size = 64 }: { name: string; avatar?: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  // A name that is really a masked phone ("139****5678") has no surname to show.
  const surname = (/^[\p{Script=Han}A-Za-z]/u.test(name) && getSurname(name)) || '学';
  if (avatar && !broken) {
    return (
      <img
        className={styles.avatar}
        src={resizeImage(avatar, { width: size * 2, height: size * 2 })}
        alt={`${name || '用户'}的头像`}
        width={size}
        height={size}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      className={`${styles.avatar} ${styles.fallback}`}
      style={{ width: size, height: size, fontSize: surname.length > 1 ? size * 0.32 : size * 0.42 }}
      role="img"
      aria-label={`${name || '用户'}的头像`}
    >
      {surname}
    </span>
  );
}
