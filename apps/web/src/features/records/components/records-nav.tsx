import type { ReactNode } from 'react';
import { Page } from '../../../components/page.tsx';
import { LoginPrompt } from '../../../components/states.tsx';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { cx } from '../../../lib/cx.ts';
import { getAccessToken } from '../../../lib/session.ts';
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

/** A /record page (an open route): titled after its tab, the tabs, then `content` once signed in. */
export function RecordsPage({ current, content }: { current: RecordsNavKey; content: ReactNode }) {
  const { label } = ITEMS.find((item) => item.key === current)!;
  return (
    <Page title={label}>
      <RecordsNav current={current} />
      {getAccessToken() != null ? content : <LoginPrompt description={`登录后即可查看您的${label}`} />}
    </Page>
  );
}
