import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { cx } from '../../../lib/cx.ts';
import styles from './records-nav.module.css';

const ITEMS = [
  { key: 'record', label: '学习记录', href: paths.studyRecord.getHref() },
  { key: 'stats', label: '学习统计', href: paths.studyStats.getHref() },
  { key: 'share', label: '分享统计', href: paths.shareStats.getHref() },
] as const;

export type RecordsNavKey = (typeof ITEMS)[number]['key'];

/** Switches between the three /record pages. */
export function RecordsNav({ current }: { current: RecordsNavKey }) {
  return (
    <nav className={styles.nav} aria-label="学习记录">
      {ITEMS.map((item) => (
        <Link key={item.key} to={item.href} replace className={cx(styles.item, item.key === current && styles.active)} aria-current={item.key === current ? 'page' : undefined}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
