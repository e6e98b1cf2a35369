import styles from './rich-text.module.css';

/**
 * The course introduction. The server sanitises it to a small tag allowlist (spec §7.3); the
 * container still clamps widths and strips positioning so a stray style can't break the page.
 */
export function RichText({ html }: { html: string }) {
  if (!html.trim()) return <p className={styles.empty}>暂无课程介绍</p>;
  return <div className={styles.rich} data-testid="course-intro" dangerouslySetInnerHTML={{ __html: html }} />;
}
