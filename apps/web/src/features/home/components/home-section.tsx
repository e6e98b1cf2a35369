import type { ReactNode } from 'react';
import { Link } from '../../../lib/router.ts';
import { ChevronRightIcon } from '../../../components/icons/chevron-right-icon.tsx';
import styles from './home-section.module.css';

interface HomeSectionProps {
  title: string;
  /** A short line beside the title. */
  hint?: string;
  moreHref?: string;
  moreLabel?: string;
  /** Replaces the "more" link (e.g. 换一批). */
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}

export function HomeSection({ title, hint, moreHref, moreLabel = '更多', action, children, testId }: HomeSectionProps) {
  return (
    <section className={styles.section} data-testid={testId} aria-label={title}>
      <header className={styles.head}>
        <h2 className={styles.title}>{title}</h2>
        {hint && <span className={styles.hint}>{hint}</span>}
        <span className={styles.spacer} />
        {action ??
          (moreHref && (
            <Link to={moreHref} className={styles.more}>
              {moreLabel}
              <ChevronRightIcon size={14} />
            </Link>
          ))}
      </header>
      {children}
    </section>
  );
}

/** Inline retry inside a section whose list failed while the rest of home is fine. */
export function SectionRetry({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.retry} role="alert">
      <span>内容加载失败</span>
      <button type="button" className={styles.retryButton} onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
