import type { ColumnCard as ColumnCardData } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { resizeImage } from '../../../lib/image.ts';
import styles from './column-card.module.css';

/** One column in the list: cover, title, one-line intro, lecturer, course count and price. */
export function ColumnCard({ column }: { column: ColumnCardData }) {
  const lecturer = [column.lecturerName, column.lecturerPosition].filter(Boolean).join(' · ');
  return (
    <Link to={paths.columnDetail.getHref({ id: column.columnId })} className={styles.card} data-testid="column-card">
      <div className={styles.cover}>
        {column.cover ? (
          <img src={resizeImage(column.cover, { width: 240, height: 320 })} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className={styles.fallback} aria-hidden="true">
            专栏
          </span>
        )}
        <span className={styles.count}>{column.courseCount}门课</span>
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{column.title}</h3>
        {column.intro && <p className={styles.intro}>{column.intro}</p>}
        {lecturer && <p className={styles.lecturer}>{lecturer}</p>}
        <div className={styles.foot}>
          <span className={styles.price}>{column.price > 0 ? `¥${column.priceYuan}` : '免费'}</span>
          <span className={styles.learners}>{column.learnersCount}人在学</span>
        </div>
      </div>
    </Link>
  );
}
