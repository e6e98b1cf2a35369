import Dialog from 'antd-mobile/es/components/dialog';
import type { Order } from '@jinfa/shared/schemas';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.ts';
import { InfiniteList } from '../../../components/infinite-list.tsx';
import { Page } from '../../../components/page.tsx';
import { LoginPrompt } from '../../../components/states.tsx';
import { TabStrip } from '../../../components/tab-strip.tsx';
import { paths } from '../../../config/paths.ts';
import { getAccessToken } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { isWechat } from '../../../lib/user-agent.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useOrders, type OrderType } from '../api/get-orders.ts';
import { useSendPay } from '../api/send-pay.ts';
import { OrderCard } from '../components/order-card.tsx';
import { useCheckout } from '../hooks/use-checkout.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { ORDER_TABS, parseOrderType } from '../lib/order-labels.ts';
import { copyPayForLink } from '../lib/pay-for-link.tsx';
import styles from './orders-pages.module.css';

function OrderTab({ type }: { type: OrderType }) {
  const orders = useOrders(type);
  const now = useNow();
  const cancel = useCancelOrder();
  const checkout = useCheckout();
  const sendPay = useSendPay();
  const navigate = useNavigate();
  const busy = cancel.isPending || sendPay.isPending || checkout.phase !== 'idle';

  const handleCancel = async (order: Order) => {
    const yes = await Dialog.confirm({ content: '确定取消这笔订单吗？取消后需重新下单。', confirmText: '取消订单', cancelText: '再想想' });
    if (!yes) return;
    cancel.mutate(order.orderId, { onSuccess: () => toast.success('订单已取消') });
  };

  /**
   * 找人代付: the order's 代付 link. Inside WeChat a page shares itself (top-right menu), so the
   * learner goes to the link's page, which says how; elsewhere the link is copied.
   */
  const handleAskFriend = async (order: Order) => {
    let link;
    try {
      link = await sendPay.mutateAsync(order.orderId);
    } catch {
      // The API client has shown the server's reason.
      return;
    }
    if (isWechat()) navigate(link.path);
    else await copyPayForLink(link.path);
  };

  return (
    <>
      <InfiniteList
        query={orders}
        itemKey={(order) => order.orderId}
        renderItem={(order) => (
          <OrderCard
            order={order}
            now={now}
            busy={busy}
            onCancel={(o) => void handleCancel(o)}
            onPay={(o) => void checkout.pay(o)}
            onAskFriend={(o) => void handleAskFriend(o)}
          />
        )}
        skeleton={<div className={styles.skeleton} aria-label="加载中" />}
        empty={{
          title: '暂无订单',
          description: '购买的课程订单会出现在这里',
          action: (
            <Link className={styles.emptyAction} to={paths.classification.getHref()}>
              去选课
            </Link>
          ),
        }}
        testId={`orders-${type}`}
        className={styles.orderList}
      />
      {checkout.sheet}
    </>
  );
}

/** /userCenter/myOrder: orders by type (tabs), pay again or cancel a pending one. */
export function MyOrderPage() {
  const [params, setParams] = useSearchParams();
  const type = parseOrderType(params.get('type'));
  const loggedIn = getAccessToken() != null;
  return (
    <Page title="我的订单">
      {!loggedIn ? (
        <LoginPrompt description="登录后即可查看您的订单" />
      ) : (
        <>
          <TabStrip
            tabs={ORDER_TABS.map((tab) => ({ key: tab.type, label: tab.label }))}
            active={type}
            onChange={(next) => setParams(next === 0 ? {} : { type: String(next) }, { replace: true })}
            label="订单类型"
          />
          <OrderTab key={type} type={type} />
        </>
      )}
    </Page>
  );
}
