import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { checkOrderProgress } from '../api/check-order-progress.ts';
import { ORDERS_KEY } from '../api/get-orders.ts';
import { waitUntilPaid, type PaidOutcome } from '../lib/wait-until-paid.ts';
import styles from '../components/result-panel.module.css';

function parseId(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /order/payResult?orderId=&courseId= — where WeChat Pay's H5 cashier sends a mobile browser
 * back (its redirect_url). Coming back says nothing about the payment, so the page asks the
 * server until the order is paid (about 20 s), then offers the course; otherwise it says the
 * result is still being confirmed and lets the learner ask again.
 */
export function PayResultPage() {
  const [params] = useSearchParams();
  const courseId = parseId(params.get('courseId'));
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<PaidOutcome | 'checking'>('checking');
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (courseId == null) return;
    const controller = new AbortController();
    void waitUntilPaid((signal) => checkOrderProgress(courseId, signal), { signal: controller.signal }).then(async (result) => {
      if (result === 'aborted') return;
      if (result === 'paid') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
          queryClient.invalidateQueries({ queryKey: ['courses', courseId] }),
          queryClient.invalidateQueries({ queryKey: ['courses', 'mine'] }),
        ]);
      }
      setOutcome(result);
    });
    return () => controller.abort();
  }, [courseId, round, queryClient]);

  let body;
  if (courseId == null) {
    body = (
      <EmptyState
        title="支付结果"
        description="请在“我的订单”中查看订单状态"
        action={
          <Link className={styles.secondary} to={paths.myOrder.getHref()} replace>
            查看我的订单
          </Link>
        }
      />
    );
  } else if (outcome === 'checking') {
    body = (
      <div className={styles.panel} data-testid="pay-result-checking">
        <span className={styles.spinner} role="progressbar" aria-label="支付结果确认中" />
        <p className={styles.title}>支付结果确认中…</p>
        <p className={styles.note}>请稍候，不要关闭页面</p>
      </div>
    );
  } else if (outcome === 'paid') {
    body = (
      <div className={styles.panel} data-testid="pay-result-paid">
        <span className={styles.ok} aria-hidden="true">
          ✓
        </span>
        <p className={styles.title}>支付成功</p>
        <p className={styles.note}>课程已解锁，现在就可以开始学习</p>
        <Link className={styles.primary} to={paths.courseDetail.getHref({ courseId })} replace>
          去学习
        </Link>
      </div>
    );
  } else {
    body = (
      <div className={styles.panel} data-testid="pay-result-pending">
        <p className={styles.title}>暂未确认到支付结果</p>
        <p className={styles.note}>若已完成支付，请稍后刷新；未支付的订单可在“我的订单”中继续支付</p>
        <button
          type="button"
          className={styles.primary}
          onClick={() => {
            setOutcome('checking');
            setRound((n) => n + 1);
          }}
        >
          重新查询
        </button>
        <Link className={styles.secondary} to={paths.myOrder.getHref()} replace>
          查看我的订单
        </Link>
      </div>
    );
  }
  return <Page title="支付结果">{body}</Page>;
}
