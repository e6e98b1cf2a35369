import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorCodes } from '@jinfa/shared/errors';
import type { Order, OrderProgress } from '@jinfa/shared/schemas';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { SkeletonLines } from '../../../components/skeleton.tsx';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { cx } from '../../../lib/cx.ts';
import { isWechat } from '../../../lib/user-agent.ts';
import { useShare } from '../../share/index.ts';
import { getPayFor, payForQueryOptions, usePayFor, type PayForSummary } from '../api/get-pay-for.ts';
import { getPayForPayParams } from '../api/get-pay-for-pay-params.ts';
import { payForSandboxPay } from '../api/pay-for-sandbox-pay.ts';
import { OrderCover } from '../components/order-cover.tsx';
import { OrderItemSkeleton } from '../components/order-item-skeleton.tsx';
import { CheckoutLayer, PayBar, PayButton } from '../components/pay-bar.tsx';
import { useCheckout, type PayChannel } from '../hooks/use-checkout.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { copyPayForLink } from '../lib/pay-for-link.tsx';
import { effectiveStatus, timeLeft } from '../lib/order-labels.ts';
import { waitUntilPaid } from '../lib/wait-until-paid.ts';
import panel from '../components/result-panel.module.css';
import styles from './pay-for-page.module.css';

/** What send_pay answers (`{orderId}.{base64url MAC}`); anything else is not worth asking the server about. */
const TOKEN_PATTERN = /^[0-9]+\.[A-Za-z0-9_-]+$/;

/**
 * The order as the checkout hook pays it. It carries no course on purpose: the profile-review
 * gate is the owner's and was passed when the order was made; whoever pays for it is not enrolled.
 */
function payableOrder(s: PayForSummary): Order {
  return {
    orderId: s.orderId,
    orderNo: '',
    type: 1,
    kind: 1,
    status: s.status,
    totalPrice: s.totalPrice,
    orderPrice: s.orderPrice,
    course: null,
    item: s.item,
    createdAt: '',
    paidAt: null,
    expiresAt: s.expiresAt,
  };
}

function payChannel(token: string): PayChannel {
  return {
    payParams: (_order, scene) => getPayForPayParams(token, scene),
    sandboxPay: () => payForSandboxPay(token),
    // WeChat's H5 cashier comes back here, and the page confirms the payment before anything else.
    returnTo: () => paths.payFor.getHref({ token, back: 1 }),
  };
}

/** "Paid yet?" for the payer: the link's own summary (check_order_progress would ask about the payer's orders). */
async function confirmByLink(token: string, signal?: AbortSignal): Promise<OrderProgress> {
  const s = await getPayFor(token, signal);
  return { orderId: s.orderId, status: s.status, paid: s.status === 'paid', owned: false };
}

function PayForSkeleton() {
  return (
    <div className={styles.card} aria-busy="true" aria-label="加载中">
      <SkeletonLines lines={1} />
      <OrderItemSkeleton />
    </div>
  );
}

function Avatar({ name }: { name: string }) {
  return (
    <span className={styles.avatar} aria-hidden="true">
      {Array.from(name.trim())[0] ?? '学'}
    </span>
  );
}

function ResultPanel({ tone, title, note, testId, children }: { tone: 'ok' | 'off'; title: string; note: string; testId: string; children?: ReactNode }) {
  return (
    <div className={panel.panel} data-testid={testId} role="status">
      <span className={tone === 'ok' ? panel.ok : panel.off} aria-hidden="true">
        {tone === 'ok' ? '✓' : '!'}
      </span>
      <p className={panel.title}>{title}</p>
      <p className={cx(panel.note, styles.balanced)}>{note}</p>
      {children}
    </div>
  );
}

function PayForBody({ token, returning }: { token: string; returning: boolean }) {
  const queryClient = useQueryClient();
  const summary = usePayFor(token);
  const now = useNow();
  const [justPaid, setJustPaid] = useState(false);
  // Back from WeChat's H5 cashier: the notification may still be on its way, so wait for it
  // rather than offer 帮TA付款 again for an order that is being paid.
  const [checking, setChecking] = useState(returning);
  useEffect(() => {
    if (!returning) return;
    const controller = new AbortController();
    void waitUntilPaid((signal) => confirmByLink(token, signal), { signal: controller.signal }).then((outcome) => {
      if (outcome === 'aborted') return;
      if (outcome === 'paid') setJustPaid(true);
      setChecking(false);
      void queryClient.invalidateQueries({ queryKey: payForQueryOptions(token).queryKey });
    });
    return () => controller.abort();
  }, [returning, token, queryClient]);
  const checkout = useCheckout({
    channel: payChannel(token),
    confirm: (_order, signal) => confirmByLink(token, signal),
    onPaid: () => {
      setJustPaid(true);
      void queryClient.invalidateQueries({ queryKey: payForQueryOptions(token).queryKey });
    },
  });
  const s = summary.data;
  const status = s ? effectiveStatus(s, now) : null;
  useShare(
    s && status === 'pending'
      ? { title: `${s.requesterName}请你帮忙支付`, desc: `「${s.item.title}」¥${s.orderPrice}`, image: s.item.cover || null, link: paths.payFor.getHref({ token }) }
      : null,
  );

  if (summary.isPending) return <PayForSkeleton />;
  if (checking && (summary.data?.status === 'pending' || summary.data?.status === 'paid')) {
    return (
      <div className={panel.panel} data-testid="pay-for-checking" role="status">
        <span className={panel.spinner} aria-hidden="true" />
        <p className={panel.title}>支付结果确认中…</p>
        <p className={cx(panel.note, styles.balanced)}>请稍候，不要关闭页面</p>
      </div>
    );
  }
  if (summary.isError) {
    if (summary.error instanceof ApiError && summary.error.code === ErrorCodes.PAY_FOR_LINK_INVALID) {
      return <EmptyState title="代付链接无效" description="链接不完整或已失效，请让好友重新发送" />;
    }
    return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  }
  const order = s!;
  const name = order.requesterName;

  if (order.status === 'paid') {
    if (justPaid) {
      return (
        <ResultPanel tone="ok" title="付款成功" note={`已帮 ${name} 付款 ¥${order.orderPrice}，课程已开通到 TA 的账户`} testId="pay-for-paid">
          <Link className={panel.secondary} to={paths.home.getHref()} replace>
            去首页看看
          </Link>
        </ResultPanel>
      );
    }
    return order.isOwner ? (
      <ResultPanel tone="ok" title="好友已帮你付款" note="订单已支付，课程已开通，现在就可以学习" testId="pay-for-done">
        <Link className={panel.secondary} to={paths.myOrder.getHref()} replace>
          查看我的订单
        </Link>
      </ResultPanel>
    ) : (
      <ResultPanel tone="ok" title="该订单已支付" note={`${name} 的这笔订单已经付过款了，无需再付`} testId="pay-for-done" />
    );
  }
  if (status !== 'pending') {
    const refunded = status === 'refunded';
    return (
      <ResultPanel
        tone="off"
        title={refunded ? '订单已退款' : '订单已关闭'}
        note={refunded ? '这笔订单已退款，无需付款' : order.isOwner ? '订单已超时或已取消，请重新下单后再找人代付' : `订单已超时或已取消，无需付款；如仍需代付，请让 ${name} 重新发送链接`}
        testId="pay-for-closed"
      >
        {order.isOwner && (
          <Link className={panel.secondary} to={paths.myOrder.getHref()} replace>
            查看我的订单
          </Link>
        )}
      </ResultPanel>
    );
  }

  const left = timeLeft(order.expiresAt, now);
  const busy = checkout.phase !== 'idle';
  const handlePay = async () => {
    if (busy) return;
    const outcome = await checkout.pay(payableOrder(order));
    // Refused (someone else paid, it closed) or cancelled: show what the order is now.
    if (!outcome || outcome.confirmed !== 'paid') void summary.refetch();
  };
  const inWechat = isWechat();
  return (
    <>
      <section className={styles.card} aria-label="代付订单">
        <div className={styles.who}>
          <Avatar name={name} />
          <div>
            <p className={styles.whoName} data-testid="pay-for-requester">
              {order.isOwner ? '找人帮你付款' : `${name} 请你帮忙付款`}
            </p>
            <p className={styles.whoNote}>{order.isOwner ? '把这个页面发给帮你付款的人' : '付款后，课程将开通到 TA 的账户'}</p>
          </div>
        </div>
        <div className={styles.item}>
          <OrderCover cover={order.item.cover || null} size="lg" />
          <div className={styles.info}>
            <h2 className={styles.title}>{order.item.title}</h2>
            <span className={styles.kind}>{order.item.kindLabel}</span>
            <p className={styles.price} data-testid="pay-for-price">
              <small>¥</small>
              {order.orderPrice}
            </p>
          </div>
        </div>
        <p className={styles.countdown} data-testid="pay-for-countdown">
          {left ? (
            <>
              订单将在 <strong>{left}</strong> 后关闭，请尽快付款
            </>
          ) : (
            '订单即将关闭'
          )}
        </p>
      </section>
      {order.isOwner && (
        <section className={styles.card} aria-label="如何发送">
          <h2 className={styles.cardTitle}>发送给好友</h2>
          <p className={styles.hint} data-testid="pay-for-share-hint">
            {inWechat ? '点击右上角「···」，选择“发送给朋友”，把这个页面发给帮你付款的人。' : '复制链接，通过微信发给帮你付款的人；对方打开链接即可付款。'}
          </p>
        </section>
      )}
      <PayBar
        total={
          <>
            {order.isOwner ? '待付' : '需付'} <strong className={styles.figure}>¥{order.orderPrice}</strong>
          </>
        }
      >
        {order.isOwner ? (
          <PayButton data-testid="pay-for-copy" onClick={() => void copyPayForLink(paths.payFor.getHref({ token }))}>
            {inWechat ? '复制链接' : '复制代付链接'}
          </PayButton>
        ) : (
          <PayButton data-testid="pay-for-pay" disabled={busy} onClick={() => void handlePay()}>
            {checkout.phase === 'confirming' ? '支付确认中…' : checkout.phase === 'paying' ? '请稍候…' : '帮TA付款'}
          </PayButton>
        )}
      </PayBar>
      <CheckoutLayer checkout={checkout} confirming="支付确认中…" />
    </>
  );
}

/**
 * /order/payFor?token= (login required): a 代付 link (decision 013). A friend sees who asks, the
 * item, the price and how long the order stays open, and pays it through the same pay bridge as
 * checkout; the owner gets the course. Paid, closed and refunded orders say so; the owner opening
 * their own link is told how to send it.
 */
export function PayForPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = token.length <= 80 && TOKEN_PATTERN.test(token);
  return (
    <Page title="好友代付">
      {valid ? <PayForBody key={token} token={token} returning={params.get('back') === '1'} /> : <EmptyState title="代付链接无效" description="链接不完整或已失效，请让好友重新发送" />}
    </Page>
  );
}
