import { useEffect } from 'react';
import type { Order } from '@jinfa/shared/schemas';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { fenToYuan } from '../../../components/course-card.tsx';
import { formatDate } from '../../../lib/date.ts';
import { captureAppToken } from '../../../lib/session.ts';
import { useOrders } from '../api/get-orders.ts';
import { groupByMonth } from '../lib/order-labels.ts';
import styles from './orders-pages.module.css';

/** Paid orders of one list (the server answers newest first), shown by month with each month's total. */
export function PaidOrdersByMonth({ filter = () => true, emptyTitle }: { filter?: (order: Order) => boolean; emptyTitle: string }) {
  // Every paid order counts in the bill, whatever its type (type 0 = all).
  const orders = useOrders(0);
  if (orders.isPending) return <Spinner />;
  if (orders.isError) return <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  const rows = orders.data.pages.flatMap((page) => page.rows).filter((o) => o.status === 'paid' && filter(o));
  return (
    <>
      {rows.length === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        groupByMonth(rows).map((group) => (
          <section key={group.month} aria-label={group.month} data-testid="bill-month">
            <h2 className={styles.month}>
              {group.month}
              <span>
                支出 <strong>¥{fenToYuan(group.totalFen)}</strong>
              </span>
            </h2>
            {group.orders.map((order) => (
              <div key={order.orderId} className={styles.bill} data-testid="bill-row">
                <span className={styles.billName}>
                  {order.course?.name ?? `订单 ${order.orderNo}`}
                  <span className={styles.billDate}>{formatDate(order.paidAt ?? order.createdAt, 'MM-DD HH:mm')}</span>
                </span>
                <span className={styles.billAmount}>-{order.orderPrice}</span>
              </div>
            ))}
          </section>
        ))
      )}
      {orders.hasNextPage && (
        <p style={{ textAlign: 'center' }}>
          <button type="button" className={styles.emptyAction} disabled={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
            {orders.isFetchingNextPage ? '加载中…' : '加载更多'}
          </button>
        </p>
      )}
    </>
  );
}

/** /userCenter/myBill (login, or an apptoken from the native app): what the learner paid, by month. */
export function MyBillPage() {
  // An apptoken that came with an in-app navigation leaves the address bar too (decision 017).
  useEffect(() => captureAppToken(), []);
  return (
    <Page title="我的账单">
      <PaidOrdersByMonth emptyTitle="暂无账单" />
    </Page>
  );
}
