import type { PayForSummary } from '@jinfa/shared/order-kind-schemas';
import type { Order, OrderProgress, OrderStatus, PayParams } from '@jinfa/shared/schemas';
import { courseCard } from './course-fixtures.ts';
import { envelope, type Call } from './fetch-mock.ts';

/** A fresh pending order 501 of course 12 as `POST /v1/orders/12` answers it; override what the test is about. */
export function pendingOrder(overrides: Partial<Order> = {}): Order {
  return {
    orderId: 501,
    orderNo: 'JF501',
    type: 1,
    kind: 1,
    status: 'pending',
    totalPrice: 29900,
    orderPrice: '299.00',
    course: courseCard(12, { name: '商业银行授信业务合规要点' }),
    createdAt: new Date().toISOString(),
    paidAt: null,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    ...overrides,
  };
}

/** Pay parameters of the sandbox provider: the checkout opens the sandbox cashier. */
export const sandboxPayParams: PayParams = { provider: 'sandbox', timestamp: '1', nonceStr: 'n', prepayId: 'sbx_1', signType: 'RSA', sign: 's' };

/**
 * Paying order 501 of course 12: the pay parameters answer `params`, sandbox_pay pays it, and
 * check_order_progress says paid (and owned) once `state.paid`.
 */
export function payRoutes(state: { paid: boolean }, params: PayParams = sandboxPayParams): Record<string, (call: Call) => Response> {
  return {
    'POST /v1/orders/501/order_web_wxpay': () => envelope(params),
    'POST /v1/orders/501/sandbox_pay': () => {
      state.paid = true;
      return envelope({ status: 'paid' });
    },
    '/v1/courses/12/check_order_progress': () =>
      envelope({ orderId: 501, status: state.paid ? 'paid' : 'pending', paid: state.paid, owned: state.paid } satisfies OrderProgress),
  };
}

/** A 代付 link's summary (`GET /v1/orders/pay_for/{token}`) as a friend sees it; override what the test is about. */
export function payForSummary(status: OrderStatus, overrides: Partial<PayForSummary> = {}): PayForSummary {
  return {
    orderId: 41,
    status,
    totalPrice: 29900,
    orderPrice: '299.00',
    item: { targetId: 12, title: '商业银行授信业务合规要点', cover: '', kindLabel: '课程', typeLabel: '普通' },
    requesterName: '学员张',
    isOwner: false,
    expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    ...overrides,
  };
}
