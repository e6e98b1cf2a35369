import type { LiveCard as LiveCardData } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { resizeImage } from '../../../lib/image.ts';
import { liveBadge, startLabel } from '../lib/live-status.ts';
import styles from './live-card.module.css';

/** One live: cover with its status badge, title, lecturer and when it starts (or started). */
export function LiveCard({ live, now }: { live: LiveCardData; now: number }) {
  const badge = liveBadge(live.status);
  const lecturer = [live.lecturerName, live.lecturerPosition].filter(Boolean).join(' · ');
  const when = badge.tone === 'upcoming' || badge.tone === 'living' ? startLabel(live.startAt, now) : formatDate(live.startAt, 'YYYY-MM-DD HH:mm');
  return (
    <Link to={paths.liveCourse.getHref({ id: live.liveId })} className={styles.card} data-testid="live-card">
      <div className={styles.cover}>
        {live.cover ? (
          <img src={resizeImage(live.cover, { width: 256, height: 160 })} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className={styles.fallback} aria-hidden="true">
            LIVE
          </span>
        )}
        <span className={`${styles.badge} ${styles[badge.tone]}`} data-testid="live-badge">
          {badge.tone === 'living' && <span className={styles.pulse} aria-hidden="true" />}
          {badge.label}
        </span>
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{live.title}</h3>
        {lecturer && <p className={styles.lecturer}>{lecturer}</p>}
        <p className={styles.when}>
          <span className={badge.tone === 'upcoming' ? styles.whenStrong : undefined}>{when}</span>
          {badge.tone === 'replay' && <span className={styles.replay}>回放</span>}
        </p>
        <div className={styles.foot}>
          <span className={styles.price}>{live.price > 0 ? `¥${live.priceYuan}` : '免费'}</span>
          <span className={styles.count}>{live.signupCount}人报名</span>
        </div>
      </div>
    </Link>
  );
}
