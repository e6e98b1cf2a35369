import { cx } from '../../../lib/cx.ts';
import styles from './activities.module.css';

/** A member's avatar (or the first character of their name), or an empty slot. */
export function Face({ nickname, avatar, empty, leader }: { nickname?: string; avatar?: string; empty?: boolean; leader?: boolean }) {
  return (
    <span className={styles.slotWrap}>
      {empty ? (
        <span className={cx(styles.avatar, styles.slot)} aria-label="空位">
          ?
        </span>
      ) : avatar ? (
        <img className={styles.avatar} src={avatar} alt={nickname ?? ''} />
      ) : (
        <span className={styles.avatar} aria-label={nickname}>
          {(nickname ?? '学').slice(0, 1)}
        </span>
      )}
      {leader && <span className={styles.leaderMark}>团长</span>}
    </span>
  );
}
