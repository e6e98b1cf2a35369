import { Page } from '../../../components/page.tsx';
import { PaidOrdersByMonth } from './my-bill-page.tsx';

/**
 * /userCenter/packageOrders: paid orders of bundles (orders of a kind other than a single course).
 * TODO(issue 4): memberships and columns bought through orders land here once the server sells them.
 */
export function PackageOrdersPage() {
  return (
    <Page title="套餐订单">
      <PaidOrdersByMonth filter={(order) => order.kind !== 1} emptyTitle="暂无套餐订单" />
    </Page>
  );
}
