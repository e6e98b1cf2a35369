import type { LiveCard as LiveCardData } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { RowCardCover, RowCardFoot } from '../../../components/row-card.tsx';
import { liveBadge, startLabel } from '../lib/live-status.ts';
import styles from './live-card.module.css';

/** One live: cover with its status badge, title, lecturer and when it starts (or started). */
export function LiveCard({ live, now }: { live: LiveCardData; now: number }) {
  const badge = liveBadge(live.status);
  const lecturer = [live.lecturerName, live.lecturerPosition].filter(Boolean).join(' · ');
  const when = badge.tone === 'upcoming' || badge.tone === 'living' ? startLabel(live.startAt, now) : formatDate(live.startAt, 'YYYY-MM-DD HH:mm');
  return (
    <Link to={paths.liveCourse.getHref({ id: live.liveId })} className={styles.card} data-testid="live-card">
      <RowCardCover className={styles.cover} fallbackClassName={styles.fallback} src={live.cover} size={{ width: 256, height: 160 }} fallback="LIVE">
        <span className={`${styles.badge} ${styles[badge.tone]}`} data-testid="live-badge">
          {badge.tone === 'living' && <span className={styles.pulse} aria-hidden="true" />}
          {badge.label}
        </span>
      </RowCardCover>
      <div className={styles.body}>
        <h3 className={styles.title}>{live.title}</h3>
        {lecturer && <p className={styles.lecturer}>{lecturer}</p>}
        <p className={styles.when}>
          <span className={badge.tone === 'upcoming' ? styles.whenStrong : undefined}>{when}</span>
          {badge.tone === 'replay' && <span className={styles.replay}>回放</span>}
        </p>
        <RowCardFoot price={live.price} priceYuan={live.priceYuan} note={`${live.signupCount}人报名`} />
      </div>
    </Link>
  );
}
