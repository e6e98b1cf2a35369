import type { Order } from '@jinfa/shared/schemas';
import { Link } from '../../../lib/router.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { ORDER_STATUS_LABELS, REFUND_LABELS, effectiveStatus, timeLeft } from '../lib/order-labels.ts';
import { OrderCover } from './order-cover.tsx';
import styles from './order-card.module.css';

interface OrderCardProps {
  order: Order;
  /** Epoch ms, ticking once a second on the page (one timer for every card). */
  now: number;
  /** Pending orders only; omit to show a read-only card. */
  onCancel?: (order: Order) => void;
  onPay?: (order: Order) => void;
  /** 找人代付: ask someone else to pay it (send_pay, decision 013). */
  onAskFriend?: (order: Order) => void;
  busy?: boolean;
}

/** One order: course, amount, status (待支付 counts down to its expiry) and, when pending, 取消订单 / 找人代付 / 去支付. */
export function OrderCard({ order, now, onCancel, onPay, onAskFriend, busy = false }: OrderCardProps) {
  const status = effectiveStatus(order, now);
  const left = status === 'pending' ? timeLeft(order.expiresAt, now) : null;
  const course = order.course;
  // Every kind has an item (course, chapter, column, live…, decision 013); older answers only a course.
  const title = order.item?.title || course?.name || `订单 ${order.orderNo}`;
  return (
    <article className={styles.card} data-testid="order-card" data-order-id={order.orderId} data-status={status}>
      <header className={styles.head}>
        <span className={styles.time}>{formatDate(order.createdAt, 'YYYY-MM-DD HH:mm')}</span>
        <span className={`${styles.status} ${styles[status]}`} data-testid="order-status">
          {ORDER_STATUS_LABELS[status]}
          {left && <span className={styles.left}> · 剩余 {left}</span>}
          {status === 'paid' && order.refundStatus && REFUND_LABELS[order.refundStatus] && (
            <span className={styles.left} data-testid="order-refund-status"> · {REFUND_LABELS[order.refundStatus]}</span>
          )}
        </span>
      </header>
      {course ? (
        <Link to={paths.courseDetail.getHref({ courseId: course.courseId })} className={styles.body}>
          <OrderCover cover={course.cover} />
          <div className={styles.info}>
            <h3 className={styles.title}>{title}</h3>
            {course.lecturerName && <p className={styles.lecturer}>{course.lecturerName}</p>}
          </div>
        </Link>
      ) : (
        <div className={styles.body}>
          <OrderCover cover={order.item?.cover || null} />
          <div className={styles.info}>
            <h3 className={styles.title}>{title}</h3>
            {order.item && <p className={styles.lecturer}>{order.item.kindLabel}</p>}
          </div>
        </div>
      )}
      <footer className={styles.foot}>
        <span className={styles.amount}>
          实付 <strong data-testid="order-price">¥{order.orderPrice}</strong>
        </span>
        {status === 'pending' && (onCancel || onPay || onAskFriend) && (
          <span className={styles.actions}>
            {onCancel && (
              <button type="button" className={styles.text} disabled={busy} onClick={() => onCancel(order)}>
                取消订单
              </button>
            )}
            {onAskFriend && (
              <button type="button" className={styles.friend} disabled={busy} onClick={() => onAskFriend(order)}>
                找人代付
              </button>
            )}
            {onPay && (
              <button type="button" className={styles.primary} disabled={busy} onClick={() => onPay(order)}>
                去支付
              </button>
            )}
          </span>
        )}
      </footer>
    </article>
  );
}
