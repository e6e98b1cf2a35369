import type { ReactNode } from 'react';
import { useLocation, useNavigate } from '../lib/router.ts';
import { paths } from '../config/paths.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { cx } from '../lib/cx.ts';
import { BackIcon } from './icons/back-icon.tsx';
import styles from './page.module.css';

interface PageHeaderProps {
  title: string;
  /** Show the back button (default true). */
  back?: boolean;
  right?: ReactNode;
  tone?: 'light' | 'brand';
}

export function PageHeader({ title, back = true, right, tone = 'light' }: PageHeaderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const handleBack = () => {
    // A deep link opened fresh has no in-app history; "back" then means home.
    if (location.key === 'default') navigate(paths.home.path, { replace: true });
    else navigate(-1);
  };
  return (
    <header className={cx(styles.header, tone === 'brand' && styles.brand)}>
      <div className={styles.side}>
        {back && (
          <button type="button" className={styles.back} onClick={handleBack} aria-label="返回">
            <BackIcon size={24} />
          </button>
        )}
      </div>
      <h1 className={styles.title}>{title}</h1>
      <div className={cx(styles.side, styles.right)}>{right}</div>
    </header>
  );
}

interface PageProps extends PageHeaderProps {
  children: ReactNode;
  /** Hide the header (pages with their own hero). */
  header?: boolean;
  className?: string;
  /** Page background: grey (default) or white. */
  background?: 'grey' | 'white';
}

/** A standard sub-page: header with back button, document title, content. */
export function Page({ children, header = true, className, background = 'grey', ...headerProps }: PageProps) {
  usePageTitle(headerProps.title);
  return (
    <div className={cx(styles.page, background === 'white' && styles.white, className)}>
      {header && <PageHeader {...headerProps} />}
      <main className={styles.main}>{children}</main>
    </div>
  );
}
