import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import type { Order } from '@jinfa/shared/schemas';
import { Link, useSearchParams } from '../../../lib/router.ts';
import { Page } from '../../../components/page.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { BookIcon } from '../../../components/icons/book-icon.tsx';
import { ChatIcon } from '../../../components/icons/chat-icon.tsx';
import { ColumnIcon } from '../../../components/icons/column-icon.tsx';
import { CrownIcon } from '../../../components/icons/crown-icon.tsx';
import { ExamIcon } from '../../../components/icons/exam-icon.tsx';
import { LiveIcon } from '../../../components/icons/live-icon.tsx';
import { PlayCircleIcon } from '../../../components/icons/play-circle-icon.tsx';
import { ReceiptIcon } from '../../../components/icons/receipt-icon.tsx';
import { ShieldIcon } from '../../../components/icons/shield-icon.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { getAccessToken, loginHref, startLogin } from '../../../lib/session.ts';
import { cx } from '../../../lib/cx.ts';
import { meQueryKey } from '../../user/index.ts';
import { createMembershipOrder } from '../api/create-membership-order.ts';
import { getMembershipOrder } from '../api/get-membership-order.ts';
import { useMembershipPlans, type BillingType, type MembershipPlan } from '../api/get-membership-plans.ts';
import { useVipInfo, VIP_INFO_KEY, type VipInfo } from '../api/get-vip-info.ts';
import { CheckoutLayer, PayBar, PayButton } from '../components/pay-bar.tsx';
import { useCheckout } from '../hooks/use-checkout.tsx';
import styles from './vip-page.module.css';

const TABS: readonly { type: BillingType; label: string }[] = [
  { type: 3, label: '月卡' },
  { type: 1, label: '年卡' },
];

/** Icon keys of membership rights (server seed) → glyphs; unknown keys get the crown. */
const RIGHT_ICONS: Record<string, ComponentType<{ size?: number }>> = {
  free: PlayCircleIcon,
  price: ReceiptIcon,
  download: BookIcon,
  column: ColumnIcon,
  certificate: ShieldIcon,
  live: LiveIcon,
  exam: ExamIcon,
  service: ChatIcon,
};

const pollMembershipOrder = (order: Order, signal?: AbortSignal) => getMembershipOrder(order.orderId, signal);

function StatusCard({ info, loggedIn, pending }: { info: VipInfo | undefined; loggedIn: boolean; pending: boolean }) {
  let title: string;
  let line: string;
  if (!loggedIn) {
    title = '开通金法课堂会员';
    line = '登录后查看您的会员状态';
  } else if (pending || !info) {
    title = '会员状态';
    line = '加载中…';
  } else if (info.member) {
    title = info.kindName;
    line = info.expireAt ? `有效期至 ${formatDate(info.expireAt)} · 剩余 ${info.daysLeft ?? 0} 天` : '长期有效';
  } else if (info.expired) {
    title = `${info.kindName}（已过期）`;
    line = `已于 ${formatDate(info.expireAt)} 到期，续费即可恢复会员权益`;
  } else {
    title = '您还不是会员';
    line = '开通会员，会员专区精品课免费学，付费课享会员价';
  }
  return (
    <section className={cx(styles.status, info?.member && styles.statusActive)} aria-label="会员状态" data-testid="vip-status">
      <div className={styles.statusIcon}>
        <CrownIcon size={26} />
      </div>
      <div className={styles.statusText}>
        <h2 className={styles.statusTitle} data-testid="vip-status-title">
          {title}
        </h2>
        <p className={styles.statusLine} data-testid="vip-status-line">
          {line}
        </p>
        {info && info.savedFen > 0 && <p className={styles.saved}>会员价已为您节省 ¥{info.savedYuan}</p>}
      </div>
      {!loggedIn && (
        <Link className={styles.statusLogin} to={loginHref(paths.vip.getHref())}>
          登录
        </Link>
      )}
    </section>
  );
}

function PlanCard({ plan, selected, onSelect }: { plan: MembershipPlan; selected: boolean; onSelect: () => void }) {
  const off = plan.originalPrice > plan.price;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className={cx(styles.plan, selected && styles.planSelected)}
      onClick={onSelect}
      data-testid="vip-plan"
      data-plan-code={plan.code}
    >
      {off && <span className={styles.planBadge}>省¥{Math.round((plan.originalPrice - plan.price) / 100)}</span>}
      <span className={styles.planName}>{plan.name}</span>
      <span className={styles.planPrice}>
        <small>¥</small>
        {plan.priceYuan.replace(/\.00$/, '')}
      </span>
      {off && <s className={styles.planOriginal}>¥{plan.originalPriceYuan.replace(/\.00$/, '')}</s>}
      <span className={styles.planSub}>{plan.subtitle}</span>
    </button>
  );
}

function PlansSkeleton() {
  return (
    <div className={styles.plans} aria-busy="true" aria-label="加载中">
      {[0, 1, 2].map((i) => (
        <SkeletonBlock key={i} height={138} radius={12} />
      ))}
    </div>
  );
}

function buyLabel(info: VipInfo | undefined, plan: MembershipPlan): string {
  if (info?.member && info.userType === plan.userType) return '立即续费';
  if (info?.member) return '立即升级';
  return info?.expired ? '续费开通' : '立即开通';
}

/** /userCenter/vip (open route): my membership, the plans by month or year, their rights, and buying one. */
export function VipPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const type: BillingType = params.get('type') === '1' ? 1 : 3;
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [creating, setCreating] = useState(false);
  const loggedIn = getAccessToken() != null;
  const plans = useMembershipPlans(type);
  const info = useVipInfo();
  const checkout = useCheckout({
    confirm: pollMembershipOrder,
    onPaid: () => {
      void queryClient.invalidateQueries({ queryKey: VIP_INFO_KEY });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });

  const list = plans.data?.plans ?? [];
  const plan = list.find((p) => p.planId === picked[type]) ?? list[0];
  const busy = creating || checkout.phase !== 'idle';

  const handleBuy = async () => {
    if (!plan || busy) return;
    if (!loggedIn) {
      startLogin();
      return;
    }
    setCreating(true);
    let order: Order;
    try {
      order = (await createMembershipOrder(plan.planId)).order;
    } catch {
      // The API client has shown the server's reason (a higher membership, a plan off sale …).
      return;
    } finally {
      setCreating(false);
    }
    await checkout.pay(order);
  };

  let body;
  if (plans.isPending) body = <PlansSkeleton />;
  else if (plans.isError) body = <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  else if (!plan) body = <EmptyState title="暂无可购买的会员套餐" description="请稍后再来看看" compact />;
  else {
    body = (
      <>
        <div className={styles.plans} role="radiogroup" aria-label="会员套餐">
          {list.map((p) => (
            <PlanCard key={p.planId} plan={p} selected={p.planId === plan.planId} onSelect={() => setPicked((m) => ({ ...m, [type]: p.planId }))} />
          ))}
        </div>
        <section className={styles.card} aria-label="会员权益">
          <h2 className={styles.cardTitle}>
            {plan.userTypeLabel}权益<span className={styles.cardHint}>{plan.durationDays}天有效</span>
          </h2>
          <ul className={styles.rights} data-testid="vip-rights">
            {plan.rights.map((r) => {
              const Icon = RIGHT_ICONS[r.icon] ?? CrownIcon;
              return (
                <li key={r.title} className={styles.right}>
                  <span className={styles.rightIcon}>
                    <Icon size={20} />
                  </span>
                  <span className={styles.rightText}>
                    <strong>{r.title}</strong>
                    <small>{r.description}</small>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      </>
    );
  }

  return (
    <Page title="会员中心">
      <StatusCard info={info.data} loggedIn={loggedIn} pending={info.isPending} />
      <div className={styles.tabs} role="tablist" aria-label="计费方式">
        {TABS.map((tab) => (
          <button
            key={tab.type}
            type="button"
            role="tab"
            aria-selected={tab.type === type}
            className={cx(styles.tab, tab.type === type && styles.tabActive)}
            onClick={() => setParams(tab.type === 3 ? {} : { type: String(tab.type) }, { replace: true })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {body}
      <section className={cx(styles.card, styles.notes)} aria-label="购买说明">
        <h2 className={styles.cardTitle}>购买说明</h2>
        <ol>
          <li>续费同等级会员，有效期自当前到期日起顺延。</li>
          <li>升级到更高等级立即生效，剩余时长按新等级顺延。</li>
          <li>企业会员由所在单位统一开通，无需个人购买，详见“企业会员”。</li>
          <li>
            会员为虚拟服务，开通后如需退款请<Link to={paths.contact.getHref()}>联系客服</Link>。
          </li>
        </ol>
      </section>
      {plan && (
        <PayBar
          total={
            <>
              实付 <strong data-testid="vip-total">¥{plan.priceYuan}</strong>
              {plan.originalPrice > plan.price && <s>¥{plan.originalPriceYuan}</s>}
            </>
          }
        >
          <PayButton data-testid="vip-buy" disabled={busy} onClick={() => void handleBuy()}>
            {checkout.phase === 'confirming' ? '开通确认中…' : busy ? '请稍候…' : buyLabel(info.data, plan)}
          </PayButton>
        </PayBar>
      )}
      <CheckoutLayer checkout={checkout} confirming="开通确认中…" />
    </Page>
  );
}
