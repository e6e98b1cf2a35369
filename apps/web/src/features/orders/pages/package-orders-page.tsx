import { Page } from '../../../components/page.tsx';
import { LoginPrompt } from '../../../components/states.tsx';
import { getAccessToken } from '../../../lib/session.ts';
import { PaidOrdersByMonth } from './my-bill-page.tsx';

/**
 * /userCenter/packageOrders: paid orders of bundles (orders of a kind other than a single course).
 * An open route (spec §2.2): a visitor who is not logged in is asked to log in, as on my orders,
 * rather than waiting on a list the server will not give (issue 11 §10).
 * TODO(issue 4): memberships and columns bought through orders land here once the server sells them.
 */
export function PackageOrdersPage() {
  const loggedIn = getAccessToken() != null;
  return (
    <Page title="套餐订单">
      {loggedIn ? (
        <PaidOrdersByMonth filter={(order) => order.kind !== 1} emptyTitle="暂无套餐订单" />
      ) : (
        <LoginPrompt description="登录后即可查看您的套餐订单" />
      )}
    </Page>
  );
}
