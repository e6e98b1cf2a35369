import type { ReactNode } from 'react';
import type { CourseCard } from '@jinfa/shared/schemas';
import { resizeImage } from '../../../lib/image.ts';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import styles from './activities.module.css';

/** The promoted course: cover, badge and title (a link to the course page), then the page's price row. */
export function CourseHero({ course, badge, sub, children }: { course: CourseCard; badge: string; sub?: ReactNode; children?: ReactNode }) {
  return (
    <section className={styles.hero}>
      <Link to={paths.courseDetail.getHref({ courseId: course.courseId })}>
        {course.cover ? <img className={styles.cover} src={resizeImage(course.cover, { width: 750, height: 422 })} alt="" /> : <div className={styles.cover} />}
      </Link>
      <div className={styles.heroBody}>
        <h2 className={styles.title}>
          <span className={styles.badge}>{badge}</span>
          {course.name}
        </h2>
        {sub && <p className={styles.sub}>{sub}</p>}
        {children}
      </div>
    </section>
  );
}

/** The hero's price row: what the learner pays, the price struck through, and what they save. */
export function PriceRow({ price, original, save }: { price: string; original?: string | null; save?: string | null }) {
  return (
    <div className={styles.priceRow}>
      <span className={styles.price}>
        <small>¥</small>
        {price}
      </span>
      {original && <s className={styles.original}>¥{original}</s>}
      {save && <span className={styles.save}>{save}</span>}
    </div>
  );
}
