import { SkeletonBlock, SkeletonLines } from '../../../components/skeleton.tsx';
import card from './checkout-card.module.css';

/** What stands for an order's item (its large cover, then title, subtitle and price) while it loads. */
export function OrderItemSkeleton() {
  return (
    <div className={card.item}>
      <SkeletonBlock width={120} height={75} />
      <div style={{ flex: 1 }}>
        <SkeletonLines lines={3} />
      </div>
    </div>
  );
}
