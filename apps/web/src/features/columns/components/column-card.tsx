import type { ColumnCard as ColumnCardData } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { RowCardCover, RowCardFoot } from '../../../components/row-card.tsx';
import styles from './column-card.module.css';

/** One column in the list: cover, title, one-line intro, lecturer, course count and price. */
export function ColumnCard({ column }: { column: ColumnCardData }) {
  const lecturer = [column.lecturerName, column.lecturerPosition].filter(Boolean).join(' · ');
  return (
    <Link to={paths.columnDetail.getHref({ id: column.columnId })} className={styles.card} data-testid="column-card">
      <RowCardCover className={styles.cover} fallbackClassName={styles.fallback} src={column.cover} size={{ width: 240, height: 320 }} fallback="专栏">
        <span className={styles.count}>{column.courseCount}门课</span>
      </RowCardCover>
      <div className={styles.body}>
        <h3 className={styles.title}>{column.title}</h3>
        {column.intro && <p className={styles.intro}>{column.intro}</p>}
        {lecturer && <p className={styles.lecturer}>{lecturer}</p>}
        <RowCardFoot price={column.price} priceYuan={column.priceYuan} note={`${column.learnersCount}人在学`} />
      </div>
    </Link>
  );
}
