import type { ReactNode } from 'react';
import styles from './section.module.css';

interface SectionProps {
  /** Names the title (`<id>-title`, the section's accessible name) and, for an anchor, the section. */
  id: string;
  /** The anchor nav scrolls to this section (it carries `id`). */
  anchor?: boolean;
  title: string;
  /** Beside the title (a count); nothing when empty. */
  extra?: string | null | false;
  children: ReactNode;
}

/** A titled section of the course page (简介, 目录, 评价, 讨论, 相关推荐). */
export function Section({ id, anchor = false, title, extra, children }: SectionProps) {
  return (
    <section className={styles.section} id={anchor ? id : undefined} aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        <h3 className={styles.title} id={`${id}-title`}>
          {title}
        </h3>
        {extra && <span className={styles.extra}>{extra}</span>}
      </div>
      {children}
    </section>
  );
}
