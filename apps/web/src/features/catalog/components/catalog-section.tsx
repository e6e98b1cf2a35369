import type { ReactNode } from 'react';
import styles from './catalog-section.module.css';

/** A white block with a heading, the building unit of the discovery page. */
export function CatalogSection({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <header className={styles.head}>
        <h2 className={styles.title}>{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}
