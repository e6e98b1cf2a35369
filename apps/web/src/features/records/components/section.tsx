import type { ReactNode } from 'react';
import styles from './section.module.css';

/** A white card with a title, the building block of the record pages. */
export function Section({ title, extra, children, testId }: { title: string; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.section} data-testid={testId}>
      <header className={styles.head}>
        <h2>{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}
