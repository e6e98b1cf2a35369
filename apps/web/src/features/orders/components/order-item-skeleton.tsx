import { SkeletonBlock, SkeletonLines } from '../../../components/skeleton.tsx';
import styles from './order-item-skeleton.module.css';

/** What stands for an order's item (its large cover, then title, subtitle and price) while it loads. */
export function OrderItemSkeleton() {
  return (
    <div className={styles.row}>
      <SkeletonBlock width={120} height={75} />
      <div className={styles.lines}>
        <SkeletonLines lines={3} />
      </div>
    </div>
  );
}
