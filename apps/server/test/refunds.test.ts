/**
 * Refunds done properly (decision 015): the refund row before the provider, PROCESSING refunds
 * ended by their REFUND.* notification or by the finisher's query, a crash between the provider
 * and our database finished by the sweep, the operator list, and what the learner sees.
 * After each scenario the paid ⇔ entitlement invariant is checked.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { signedInUser } from './support/factories.ts';
import { buildOrdersApp, expectEntitlementInvariant, grantsOf, notificationsOf, notify, orderRowOf, paidOrderOf, sandboxOf } from './orders-helpers.ts';
import { finishProcessingRefunds, refundNoOfOrder, refundNoOfTransaction, refundWholeOrder, REFUND_FINISH_AFTER_MS } from '../src/modules/orders/refund-service.ts';
import { processNeedsRefund, runOrderUpkeep } from '../src/modules/orders/reconcile-service.ts';
import { PayProviderError, type PaymentProvider } from '../src/adapters/pay/payment-provider.ts';
import { DEFAULT_OPS_TOKEN } from '../src/config.ts';

const OPS = { 'x-ops-token': DEFAULT_OPS_TOKEN };
const LATER = REFUND_FINISH_AFTER_MS + 1000;

/** The process dies right after the provider answered: the answer never reaches our database. */
class KilledError extends Error {}

describe.each(dialectsUnderTest())('refunds, sandbox (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildOrdersApp(dialect);
  });
  beforeEach(() => {
    sandboxOf(t).refundAnswer = 'SUCCESS';
  });
  afterEach(() => expectEntitlementInvariant(t.app.db));
  afterAll(() => t.close());

  const refundOf = (orderNo: string) => t.app.db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNoOfOrder(orderNo)).executeTakeFirstOrThrow();
  const refund = (orderId: number, payload: object = {}) => t.app.inject({ method: 'POST', url: `/v1/orders/${orderId}/refund`, headers: OPS, payload });
  const myOrders = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/v1/orders/list/0', headers })).json().data.rows as { orderId: number; status: string; refundStatus: string | null }[];
  const adminList = async (query: string) => (await t.app.inject({ method: 'GET', url: `/v1/ops/refunds${query}`, headers: OPS })).json();

  describe('POST /v1/orders/:id/refund', () => {
    it('a SUCCESS refund writes its row, refunds once under 10 concurrent calls, revokes once, and the learner sees 已退款', async () => {
      const s = await paidOrderOf(t);
      const answers = await Promise.all(Array.from({ length: 10 }, () => refund(s.order.id, { reason: '学员申请' })));
      for (const r of answers) {
        expect(r.json()).toMatchObject({ code: 0, data: { orderId: s.order.id, status: 'refunded', refundStatus: 'success', refundNo: refundNoOfOrder(s.order.order_no), amountFen: 19900 } });
      }
      expect(await refundOf(s.order.order_no)).toMatchObject({ status: 'success', source: 'operator', reason: '学员申请', amount_fen: 19900 });
      expect(await grantsOf(t, s.user.id)).toEqual([]);
      expect((await myOrders(s.headers)).find((o) => o.orderId === s.order.id)).toMatchObject({ status: 'refunded', refundStatus: 'success' });
    });

    it('a PROCESSING refund keeps the course until the REFUND.SUCCESS notification; replays change nothing', async () => {
      const s = await paidOrderOf(t);
      sandboxOf(t).refundAnswer = 'PROCESSING';
      expect((await refund(s.order.id)).json()).toMatchObject({ code: 0, data: { status: 'paid', refundStatus: 'processing' } });
      // The money has not gone back yet: the learner still learns, and sees 退款中.
      expect(await grantsOf(t, s.user.id)).toHaveLength(1);
      expect((await myOrders(s.headers)).find((o) => o.orderId === s.order.id)).toMatchObject({ status: 'paid', refundStatus: 'processing' });
      // Asking again does not refund twice.
      expect((await refund(s.order.id)).json().data.refundStatus).toBe('processing');

      const done = sandboxOf(t).settleRefund(refundNoOfOrder(s.order.order_no), 'SUCCESS');
      const answers = await Promise.all(Array.from({ length: 5 }, () => notify(t, done)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect((await orderRowOf(t, s.order.id)).status).toBe('refunded');
      expect(await grantsOf(t, s.user.id)).toEqual([]);
      expect(await refundOf(s.order.order_no)).toMatchObject({ status: 'success' });
      expect((await refundOf(s.order.order_no)).finished_at).not.toBeNull();
      expect((await refund(s.order.id)).json()).toMatchObject({ code: 0, data: { status: 'refunded', refundStatus: 'success' } });
    });

    it('REFUND.ABNORMAL and REFUND.CLOSED leave the order paid with its course and list the refund for an operator', async () => {
      sandboxOf(t).refundAnswer = 'PROCESSING';
      const a = await paidOrderOf(t);
      const b = await paidOrderOf(t);
      await refund(a.order.id);
      await refund(b.order.id);
      expect((await notify(t, sandboxOf(t).settleRefund(refundNoOfOrder(a.order.order_no), 'ABNORMAL'))).statusCode).toBe(200);
      expect((await notify(t, sandboxOf(t).settleRefund(refundNoOfOrder(b.order.order_no), 'CLOSED'))).statusCode).toBe(200);
      for (const s of [a, b]) {
        expect((await orderRowOf(t, s.order.id)).status).toBe('paid');
        expect(await grantsOf(t, s.user.id)).toHaveLength(1);
      }
      const abnormal = await adminList('?status=abnormal');
      expect(abnormal.code).toBe(0);
      expect(abnormal.data.rows.map((r: { orderId: number }) => r.orderId)).toContain(a.order.id);
      const failed = await adminList('?status=failed&pageSize=100');
      expect(failed.data.rows.find((r: { orderId: number }) => r.orderId === b.order.id)).toMatchObject({
        refundNo: refundNoOfOrder(b.order.order_no),
        userId: b.user.id,
        status: 'failed',
        source: 'operator',
        amountFen: 19900,
        amountText: '199.00',
      });
      expect(failed.data.rows.every((r: { status: string }) => r.status === 'failed')).toBe(true);
      expect((await myOrders(b.headers)).find((o) => o.orderId === b.order.id)?.refundStatus).toBe('failed');
    });

    it('a refund notification with a wrong amount is not believed; one for a refund we never made is acknowledged and ignored', async () => {
      const s = await paidOrderOf(t);
      sandboxOf(t).refundAnswer = 'PROCESSING';
      await refund(s.order.id);
      const refundNo = refundNoOfOrder(s.order.order_no);
      const good = JSON.parse(sandboxOf(t).settleRefund(refundNo, 'SUCCESS').body) as Record<string, unknown>;
      const wrong = sandboxOf(t).signNotification({ ...good, id: crypto.randomUUID(), amountFen: 1 });
      expect((await notify(t, wrong)).statusCode).toBe(400);
      const forged = { ...sandboxOf(t).signNotification(good), body: JSON.stringify({ ...good, id: 'x' }) };
      expect((await notify(t, forged)).statusCode).toBe(400);
      const stranger = sandboxOf(t).signNotification({ ...good, id: crypto.randomUUID(), refundNo: 'Rsomeoneelse' });
      expect((await notify(t, stranger)).statusCode).toBe(200);
      expect((await orderRowOf(t, s.order.id)).status).toBe('paid');
      expect((await refundOf(s.order.order_no)).status).toBe('processing');
      expect(await grantsOf(t, s.user.id)).toHaveLength(1);
    });

    it('a network failure leaves the refund processing (code 0) and the finisher ends it', async () => {
      const s = await paidOrderOf(t);
      const spy = vi.spyOn(t.app.adapters.pay, 'refund').mockRejectedValueOnce(new PayProviderError('network', 'down'));
      try {
        expect((await refund(s.order.id)).json()).toMatchObject({ code: 0, data: { status: 'paid', refundStatus: 'processing' } });
      } finally {
        spy.mockRestore();
      }
      expect(await refundOf(s.order.order_no)).toMatchObject({ status: 'processing', last_error: expect.stringContaining('down') });
      expect(await grantsOf(t, s.user.id)).toHaveLength(1);
      // Too young: the finisher leaves it to the call that may still be on its way.
      await finishProcessingRefunds(t.app.db, t.app.adapters.pay, Date.now());
      expect(await refundOf(s.order.order_no)).toMatchObject({ status: 'processing' });
      expect((await finishProcessingRefunds(t.app.db, t.app.adapters.pay, Date.now() + LATER)).ended).toBeGreaterThanOrEqual(1);
      expect(await refundOf(s.order.order_no)).toMatchObject({ status: 'success' });
      expect((await orderRowOf(t, s.order.id)).status).toBe('refunded');
      expect(await grantsOf(t, s.user.id)).toEqual([]);
    });

    it('a refusal answers -10062 and lists the refund as failed; asking again retries with the same number', async () => {
      const s = await paidOrderOf(t);
      const spy = vi.spyOn(t.app.adapters.pay, 'refund').mockRejectedValueOnce(new PayProviderError('api', 'not enough', 'NOT_ENOUGH'));
      try {
        expect((await refund(s.order.id)).json().code).toBe(ErrorCodes.PAY_UNAVAILABLE);
        expect(await refundOf(s.order.order_no)).toMatchObject({ status: 'failed' });
        expect((await adminList('?status=failed&pageSize=100')).data.rows.map((r: { orderId: number }) => r.orderId)).toContain(s.order.id);
        expect((await refund(s.order.id)).json()).toMatchObject({ code: 0, data: { status: 'refunded', refundStatus: 'success' } });
        expect(new Set(spy.mock.calls.map(([input]) => input.refundNo))).toEqual(new Set([refundNoOfOrder(s.order.order_no)]));
      } finally {
        spy.mockRestore();
      }
      expect(await grantsOf(t, s.user.id)).toEqual([]);
    });
  });

  describe('a crash between the provider and our database', () => {
    /** The provider refunds, then the process "dies" before our database hears the answer. */
    function dyingAfterProvider(): PaymentProvider {
      const real = t.app.adapters.pay;
      return Object.assign(Object.create(real) as PaymentProvider, {
        refund: async (input: Parameters<PaymentProvider['refund']>[0]) => {
          await real.refund(input);
          throw new KilledError('SIGKILL');
        },
      });
    }

    it('the refund row was written first; the finisher (twice, concurrently) ends it and revokes once', async () => {
      const s = await paidOrderOf(t);
      await expect(refundWholeOrder(t.app.db, dyingAfterProvider(), s.order, { source: 'operator', now: Date.now() })).rejects.toThrow(KilledError);
      expect(await refundOf(s.order.order_no)).toMatchObject({ status: 'processing' });
      expect((await orderRowOf(t, s.order.id)).status).toBe('paid');
      expect(await grantsOf(t, s.user.id)).toHaveLength(1);
      const refundSpy = vi.spyOn(t.app.adapters.pay, 'refund');
      try {
        const reports = await Promise.all([
          finishProcessingRefunds(t.app.db, t.app.adapters.pay, Date.now() + LATER),
          finishProcessingRefunds(t.app.db, t.app.adapters.pay, Date.now() + LATER),
        ]);
        expect(reports.reduce((n, r) => n + r.ended, 0)).toBeGreaterThanOrEqual(1);
        // The provider already had it: asked about, never asked for again.
        expect(refundSpy).not.toHaveBeenCalled();
      } finally {
        refundSpy.mockRestore();
      }
      expect((await orderRowOf(t, s.order.id)).status).toBe('refunded');
      expect(await grantsOf(t, s.user.id)).toEqual([]);
    });

    it('a crash before the provider heard of it: the sweep asks for the refund with the same number', async () => {
      const s = await paidOrderOf(t);
      const dead = Object.assign(Object.create(t.app.adapters.pay) as PaymentProvider, {
        refund: async () => {
          throw new KilledError('SIGKILL');
        },
      });
      await expect(refundWholeOrder(t.app.db, dead, s.order, { source: 'operator', now: Date.now() })).rejects.toThrow(KilledError);
      expect(await sandboxOf(t).queryRefund(refundNoOfOrder(s.order.order_no))).toBeNull();
      await runOrderUpkeep(t.app.db, t.app.adapters.pay, Date.now() + LATER);
      expect(await sandboxOf(t).queryRefund(refundNoOfOrder(s.order.order_no))).toMatchObject({ status: 'SUCCESS' });
      expect((await orderRowOf(t, s.order.id)).status).toBe('refunded');
      expect(await grantsOf(t, s.user.id)).toEqual([]);
    });
  });

  describe('needs_refund payback', () => {
    async function secondPayment() {
      const s = await paidOrderOf(t);
      const transactionId = `tx2${crypto.randomBytes(6).toString('hex')}`;
      const signed = sandboxOf(t).signNotification({
        id: crypto.randomUUID(),
        orderNo: s.order.order_no,
        transactionId,
        tradeState: 'SUCCESS',
        amountFen: s.order.amount_fen,
        paidAt: new Date().toISOString(),
      });
      expect((await notify(t, signed)).statusCode).toBe(200);
      return { ...s, transactionId };
    }
    const outcomes = async (orderNo: string) => (await notificationsOf(t, orderNo)).map((n) => n.outcome);

    it('a PROCESSING payback waits as refunding, then the notification ends it; the first payment stands', async () => {
      const s = await secondPayment();
      sandboxOf(t).refundAnswer = 'PROCESSING';
      expect(await processNeedsRefund(t.app.db, t.app.adapters.pay)).toBe(0);
      expect(await outcomes(s.order.order_no)).toEqual(['fulfilled', 'refunding']);
      expect(await processNeedsRefund(t.app.db, t.app.adapters.pay)).toBe(0);
      const refundNo = refundNoOfTransaction(s.transactionId);
      expect((await notify(t, sandboxOf(t).settleRefund(refundNo, 'SUCCESS'))).statusCode).toBe(200);
      expect(await outcomes(s.order.order_no)).toEqual(['fulfilled', 'refunded']);
      const row = await t.app.db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'success', source: 'needs_refund', transaction_id: s.transactionId });
      expect((await orderRowOf(t, s.order.id)).status).toBe('paid');
      expect(await grantsOf(t, s.user.id)).toHaveLength(1);
      // The learner's order shows no refund: the payback was of the extra payment, not the order.
      expect((await myOrders(s.headers)).find((o) => o.orderId === s.order.id)?.refundStatus).toBeNull();
    });

    it('a refusal for good ends refund_failed and is listed with its transaction', async () => {
      const s = await secondPayment();
      const spy = vi.spyOn(t.app.adapters.pay, 'refund').mockRejectedValueOnce(new PayProviderError('api', 'no', 'PARAM_ERROR'));
      try {
        expect(await processNeedsRefund(t.app.db, t.app.adapters.pay)).toBe(0);
      } finally {
        spy.mockRestore();
      }
      expect(await outcomes(s.order.order_no)).toEqual(['fulfilled', 'refund_failed']);
      const failed = await adminList('?status=failed&pageSize=100');
      expect(failed.data.rows.find((r: { transactionId: string | null }) => r.transactionId === s.transactionId)).toMatchObject({ source: 'needs_refund', orderId: s.order.id });
    });
  });

  describe('GET /v1/ops/refunds', () => {
    it('needs the ops token; bad filters answer a coded 400; pages newest first', async () => {
      const learner = await signedInUser(t);
      for (const headers of [learner.headers, { 'x-ops-token': 'nope' }, {}]) {
        const res = await t.app.inject({ method: 'GET', url: '/v1/ops/refunds?status=failed', headers });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(ErrorCodes.OPS_TOKEN_REQUIRED);
      }
      for (const q of ['?status=nope', '?pageSize=0', '?pageSize=101', '?pageIndex=abc']) {
        const res = await t.app.inject({ method: 'GET', url: `/v1/ops/refunds${q}`, headers: OPS });
        expect(res.statusCode, q).toBe(400);
        expect(res.json().code, q).not.toBe(0);
      }
      await paidOrderOf(t).then((s) => refund(s.order.id));
      const page = await adminList('?pageSize=2');
      expect(page.data.rows).toHaveLength(2);
      expect(page.data.total).toBeGreaterThanOrEqual(2);
      expect(Date.parse(page.data.rows[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(page.data.rows[1].createdAt));
    });
  });
});
