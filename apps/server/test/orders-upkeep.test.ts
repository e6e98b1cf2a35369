/**
 * Order upkeep: reconciliation of lost notifications (sandbox and the real WeChat Pay client
 * against the fake), `POST /v1/orders/:id/refund` (operator) and the needs_refund payback.
 * Refund states, notifications and the finisher are in refunds*.test.ts; the lease in upkeep-lock.test.ts.
 * After each scenario the paid ⇔ exactly-one-entitlement invariant is checked.
 */
import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { signedInUser } from './support/factories.ts';
import { notify, notifyWechat, orderSuiteOf, post, sandboxOf, sandboxPaymentOf, useOrdersApp, useWechatPayRig, wechatPrepaidOrderOf } from './orders-helpers.ts';
import { processNeedsRefund, reconcilePendingOrders, refundNoOfOrder, RECONCILE_AFTER_MS, runOrderUpkeep } from '../src/modules/orders/reconcile-service.ts';
import { finishProcessingRefunds, REFUND_FINISH_AFTER_MS } from '../src/modules/orders/refund-service.ts';
import type { WechatPayClient } from '../src/adapters/pay/wechat-pay.ts';
import { PayProviderError } from '../src/adapters/pay/payment-provider.ts';
import type { FakeWechatPayServer } from './fakes/wechatpay-fake-server.ts';
import { DEFAULT_OPS_TOKEN } from '../src/config.ts';

const LATER = RECONCILE_AFTER_MS + 1000;
const OPS = { 'x-ops-token': DEFAULT_OPS_TOKEN };

describe.each(dialectsUnderTest())('order upkeep, sandbox (%s)', (dialect) => {
  let t: TestApp;
  const { orderRow, grantsOf, notificationsOf, prepaidOrder, paidOrder } = useOrdersApp(dialect, (app) => (t = app), { invariant: 'afterEach' });

  describe('reconciliation', () => {
    it('fulfils a paid order whose notification was lost, exactly once; the late notification changes nothing', async () => {
      const s = await prepaidOrder();
      const lost = sandboxOf(t).simulatePayment(s.order.order_no, s.order.amount_fen); // charged, never posted
      // Too young: left for its notification.
      expect(await reconcilePendingOrders(t.app.db, t.app.adapters.pay, Date.now())).toEqual({ fulfilled: 0, closed: 0 });
      expect((await orderRow(s.order.id)).status).toBe('pending');

      const [a, b] = await Promise.all([
        reconcilePendingOrders(t.app.db, t.app.adapters.pay, Date.now() + LATER),
        reconcilePendingOrders(t.app.db, t.app.adapters.pay, Date.now() + LATER),
      ]);
      expect(a.fulfilled + b.fulfilled).toBe(1);
      expect((await orderRow(s.order.id)).status).toBe('paid');
      expect(await grantsOf(s.user.id)).toHaveLength(1);

      expect((await notify(t, lost)).statusCode).toBe(200);
      expect(await reconcilePendingOrders(t.app.db, t.app.adapters.pay, Date.now() + LATER)).toEqual({ fulfilled: 0, closed: 0 });
      expect(await grantsOf(s.user.id)).toHaveLength(1);
      expect((await notificationsOf(s.order.order_no)).map((n) => n.outcome)).toEqual(['fulfilled']);
    });

    it('the sweep round never closes an expired order that was paid but not notified', async () => {
      const s = await prepaidOrder();
      sandboxOf(t).simulatePayment(s.order.order_no, s.order.amount_fen);
      await runOrderUpkeep(t.app.db, t.app.adapters.pay, s.order.expires_at + 1000);
      expect((await orderRow(s.order.id)).status).toBe('paid');
      expect(await grantsOf(s.user.id)).toHaveLength(1);
    });

    it('closes an unpaid order past expiry at the provider and here; paying afterwards is refused', async () => {
      const s = await prepaidOrder();
      expect(await reconcilePendingOrders(t.app.db, t.app.adapters.pay, s.order.expires_at + 1000)).toEqual({ fulfilled: 0, closed: 1 });
      expect((await orderRow(s.order.id)).status).toBe('closed');
      expect(() => sandboxOf(t).simulatePayment(s.order.order_no, s.order.amount_fen)).toThrow();
      expect(await grantsOf(s.user.id)).toEqual([]);
    });

    it('fulfils instead of closing when the provider answers ORDERPAID to the close', async () => {
      const s = await prepaidOrder();
      const pay = t.app.adapters.pay;
      const query = vi.spyOn(pay, 'queryOrder').mockResolvedValueOnce({ orderNo: s.order.order_no, tradeState: 'NOTPAY' });
      sandboxOf(t).simulatePayment(s.order.order_no, s.order.amount_fen); // paid between the query and the close
      try {
        expect(await reconcilePendingOrders(t.app.db, pay, s.order.expires_at + 1000)).toEqual({ fulfilled: 1, closed: 0 });
      } finally {
        query.mockRestore();
      }
      expect((await orderRow(s.order.id)).status).toBe('paid');
      expect(await grantsOf(s.user.id)).toHaveLength(1);
    });

    it('a wrong amount from the query is not believed and does not stop the round', async () => {
      const s = await prepaidOrder();
      const query = vi.spyOn(t.app.adapters.pay, 'queryOrder').mockResolvedValue({ orderNo: s.order.order_no, tradeState: 'SUCCESS', transactionId: 'txwrong1', amountFen: 1 });
      try {
        expect(await reconcilePendingOrders(t.app.db, t.app.adapters.pay, Date.now() + LATER)).toEqual({ fulfilled: 0, closed: 0 });
      } finally {
        query.mockRestore();
      }
      expect((await orderRow(s.order.id)).status).toBe('pending');
      expect(await notificationsOf(s.order.order_no)).toEqual([]);
    });
  });

  describe('POST /v1/orders/:id/refund', () => {
    it('refunds once and revokes the course once under 20 concurrent calls; again answers the same', async () => {
      const s = await paidOrder();
      expect(await grantsOf(s.user.id)).toHaveLength(1);
      const refund = vi.spyOn(t.app.adapters.pay, 'refund');
      try {
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: `/v1/orders/${s.order.id}/refund`, headers: OPS, payload: { reason: '学员申请' } })),
        );
        const expected = { orderId: s.order.id, status: 'refunded', refundNo: refundNoOfOrder(s.order.order_no) };
        for (const r of answers) expect(r.json()).toMatchObject({ code: 0, data: expected });
        expect(new Set(refund.mock.calls.map(([input]) => input.refundNo))).toEqual(new Set([expected.refundNo]));
        const again = await t.app.inject({ method: 'POST', url: `/v1/orders/${s.order.id}/refund`, headers: OPS, payload: {} });
        expect(again.json()).toMatchObject({ code: 0, data: expected });
      } finally {
        refund.mockRestore();
      }
      expect((await orderRow(s.order.id)).status).toBe('refunded');
      expect(await grantsOf(s.user.id)).toEqual([]);
      // The course can be bought again.
      expect((await post(t, `/v1/orders/${s.course.id}`, s.headers)).json().code).toBe(0);
    });

    it('keeps a grant that did not come from the order', async () => {
      const s = await paidOrder();
      await t.app.db.updateTable('user_courses').set({ source: 'corporate' }).where('user_id', '=', s.user.id).execute();
      const res = await t.app.inject({ method: 'POST', url: `/v1/orders/${s.order.id}/refund`, headers: OPS, payload: {} });
      expect(res.json().code).toBe(0);
      expect((await grantsOf(s.user.id)).map((g) => g.source)).toEqual(['corporate']);
    });

    it('needs the ops token: the learner (or anyone else) gets -10042 and nothing changes', async () => {
      const s = await paidOrder();
      const other = await signedInUser(t);
      for (const headers of [s.headers, other.headers, { 'x-ops-token': 'nope' }, {}]) {
        const res = await t.app.inject({ method: 'POST', url: `/v1/orders/${s.order.id}/refund`, headers, payload: {} });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(ErrorCodes.OPS_TOKEN_REQUIRED);
      }
      expect((await orderRow(s.order.id)).status).toBe('paid');
      expect(await grantsOf(s.user.id)).toHaveLength(1);
    });

    it('refuses an unpaid order (-10069), an unknown one (404) and bad input (coded 400)', async () => {
      const s = await prepaidOrder();
      const refund = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: OPS, payload: payload as object });
      expect((await refund(`/v1/orders/${s.order.id}/refund`, {})).json().code).toBe(ErrorCodes.ORDER_NOT_PAID);
      expect((await refund('/v1/orders/99999999/refund', {})).json().code).toBe(ErrorCodes.NOT_FOUND);
      for (const [url, body] of [
        ['/v1/orders/abc/refund', {}],
        [`/v1/orders/${s.order.id}/refund`, { reason: 42 }],
        [`/v1/orders/${s.order.id}/refund`, { reason: 'x'.repeat(81) }],
      ] as const) {
        const res = await refund(url, body);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.json().code).not.toBe(0);
      }
      expect((await orderRow(s.order.id)).status).toBe('pending');
    });

    it('a provider failure keeps the course and the refund waits for the finisher (refunds.test.ts has the rest)', async () => {
      const s = await paidOrder();
      const refund = vi.spyOn(t.app.adapters.pay, 'refund').mockRejectedValueOnce(new PayProviderError('network', 'down'));
      try {
        const res = await t.app.inject({ method: 'POST', url: `/v1/orders/${s.order.id}/refund`, headers: OPS, payload: {} });
        expect(res.json()).toMatchObject({ code: 0, data: { status: 'paid', refundStatus: 'processing' } });
      } finally {
        refund.mockRestore();
      }
      expect((await orderRow(s.order.id)).status).toBe('paid');
      expect(await grantsOf(s.user.id)).toHaveLength(1);
      await finishProcessingRefunds(t.app.db, t.app.adapters.pay, Date.now() + REFUND_FINISH_AFTER_MS + 1000);
      expect((await orderRow(s.order.id)).status).toBe('refunded');
    });
  });

  describe('needs_refund payback', () => {
    it('refunds a second payment once per notification, however often it runs', async () => {
      const s = await paidOrder();
      const second = sandboxOf(t).signNotification(sandboxPaymentOf(s.order, { transactionId: `tx2${crypto.randomBytes(6).toString('hex')}` }));
      expect((await notify(t, second)).statusCode).toBe(200);
      const outcomes = async () => (await notificationsOf(s.order.order_no)).map((n) => n.outcome).sort();
      expect(await outcomes()).toEqual(['fulfilled', 'needs_refund']);
      const refund = vi.spyOn(t.app.adapters.pay, 'refund');
      try {
        const settled = await Promise.all([processNeedsRefund(t.app.db, t.app.adapters.pay), processNeedsRefund(t.app.db, t.app.adapters.pay)]);
        expect(settled[0] + settled[1]).toBe(1);
        expect(await processNeedsRefund(t.app.db, t.app.adapters.pay)).toBe(0);
        const numbers = new Set(refund.mock.calls.map(([input]) => input.refundNo));
        expect(numbers.size).toBe(1);
        expect(refund.mock.calls.every(([input]) => input.amountFen === s.order.amount_fen)).toBe(true);
      } finally {
        refund.mockRestore();
      }
      expect(await outcomes()).toEqual(['fulfilled', 'refunded']);
      // The first payment still stands.
      expect((await orderRow(s.order.id)).status).toBe('paid');
      expect(await grantsOf(s.user.id)).toHaveLength(1);
    });

    it('marks refund_failed when the provider refuses for good, and keeps a retryable one for the next round', async () => {
      const s = await paidOrder();
      const mk = () => sandboxOf(t).signNotification(sandboxPaymentOf(s.order, { transactionId: `tx3${crypto.randomBytes(6).toString('hex')}` }));
      expect((await notify(t, mk())).statusCode).toBe(200);
      const refund = vi.spyOn(t.app.adapters.pay, 'refund').mockRejectedValueOnce(new PayProviderError('timeout', 'slow'));
      try {
        expect(await processNeedsRefund(t.app.db, t.app.adapters.pay)).toBe(0);
        // Written before the provider was asked: it waits as refunding for the finisher, not asked again by this loop.
        expect((await notificationsOf(s.order.order_no)).filter((n) => n.outcome === 'refunding')).toHaveLength(1);
        expect(await processNeedsRefund(t.app.db, t.app.adapters.pay)).toBe(0);
        refund.mockRejectedValueOnce(new PayProviderError('api', 'no', 'PARAM_ERROR'));
        await finishProcessingRefunds(t.app.db, t.app.adapters.pay, Date.now() + REFUND_FINISH_AFTER_MS + 1000);
      } finally {
        refund.mockRestore();
      }
      expect((await notificationsOf(s.order.order_no)).map((n) => n.outcome).sort()).toEqual(['fulfilled', 'refund_failed']);
    });
  });
});

describe.each(dialectsUnderTest())('order upkeep, wechatpay against the fake (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeWechatPayServer;
  let client: WechatPayClient;
  useWechatPayRig(dialect, (rig) => ({ t, fake, client } = rig));

  const { orderRow, grantsOf } = orderSuiteOf(() => t);
  const prepaidOrder = () => wechatPrepaidOrderOf({ t, client });

  it('a payment whose notification never came is reconciled: paid, one entitlement; the late notification is a replay', async () => {
    const s = await prepaidOrder();
    fake.pay(s.order.order_no);
    expect(await reconcilePendingOrders(t.app.db, client, Date.now() + LATER)).toEqual({ fulfilled: 1, closed: 0 });
    expect(await reconcilePendingOrders(t.app.db, client, Date.now() + LATER)).toEqual({ fulfilled: 0, closed: 0 });
    const row = await orderRow(s.order.id);
    expect(row.status).toBe('paid');
    expect(row.transaction_id).toBe(fake.orders.get(s.order.order_no)?.transactionId);
    expect(await grantsOf(s.user.id)).toHaveLength(1);

    const late = fake.notification(s.order.order_no);
    const res = await notifyWechat(t, late);
    expect(res.statusCode).toBeLessThan(300);
    expect(await grantsOf(s.user.id)).toHaveLength(1);
    const outcomes = await t.app.db.selectFrom('pay_notifications').select('outcome').where('order_no', '=', s.order.order_no).execute();
    expect(outcomes.map((o) => o.outcome)).toEqual(['fulfilled']);
  });

  it('an unpaid order past expiry is closed at WeChat and here', async () => {
    const s = await prepaidOrder();
    expect(await runOrderUpkeep(t.app.db, client, s.order.expires_at + 1000)).toBeUndefined();
    expect((await orderRow(s.order.id)).status).toBe('closed');
    expect(fake.orders.get(s.order.order_no)?.state).toBe('CLOSED');
  });

  it('POST /v1/orders/:id/refund asks WeChat once with the derived number; the course stays until WeChat says SUCCESS', async () => {
    const s = await prepaidOrder();
    fake.pay(s.order.order_no);
    await reconcilePendingOrders(t.app.db, client, Date.now() + LATER);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: `/v1/orders/${s.order.id}/refund`, headers: OPS, payload: {} })));
    for (const r of answers) expect(r.json()).toMatchObject({ code: 0, data: { refundNo: refundNoOfOrder(s.order.order_no), refundStatus: 'processing' } });
    expect(fake.orders.get(s.order.order_no)?.refunded).toBe(s.order.amount_fen);
    expect((await orderRow(s.order.id)).status).toBe('paid');
    expect(await grantsOf(s.user.id)).toHaveLength(1);
    fake.settleRefund(refundNoOfOrder(s.order.order_no));
    const done = fake.refundNotification(refundNoOfOrder(s.order.order_no));
    expect((await notifyWechat(t, done)).statusCode).toBe(204);
    expect((await orderRow(s.order.id)).status).toBe('refunded');
    expect(await grantsOf(s.user.id)).toEqual([]);
  });
});
