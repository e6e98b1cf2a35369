/**
 * Exactly-once under pressure: concurrent buys, replayed notifications, forged and wrong ones.
 * After each scenario the paid ⇔ exactly-one-entitlement invariant is checked.
 */
import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { ErrorCodes } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import { notify, post, sandboxOf, sandboxPaymentOf as paymentOf, useOrdersApp } from './orders-helpers.ts';

describe.each(dialectsUnderTest())('orders reliability (%s)', (dialect) => {
  let t: TestApp;
  const { orderRow, grantsOf, notificationsOf, pendingOrder } = useOrdersApp(dialect, (app) => (t = app), { invariant: 'afterEach' });

  async function expectUnchanged(s: Awaited<ReturnType<typeof pendingOrder>>) {
    expect((await orderRow(s.order.id)).status).toBe('pending');
    expect(await grantsOf(s.user.id)).toEqual([]);
    expect(await notificationsOf(s.order.order_no)).toEqual([]);
  }

  it('POST /v1/orders/:id — 50 concurrent buys by one user of one course give one order', async () => {
    const { user, headers } = await signedInUser(t);
    const course = await buildCourse(t.app.db);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(t, `/v1/orders/${course.id}`, headers)));
    const bodies = answers.map((r) => r.json());
    expect(bodies.every((b) => b.code === 0)).toBe(true);
    expect(new Set(bodies.map((b) => b.data.order.orderId)).size).toBe(1);
    expect(bodies.filter((b) => b.data.created)).toHaveLength(1);
    const rows = await t.app.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('POST /v1/pay/notify/sandbox — one notification replayed 100× concurrently pays once and grants once', async () => {
    const s = await pendingOrder();
    const signed = sandboxOf(t).simulatePayment(s.order.order_no, s.order.amount_fen);
    const answers = await Promise.all(Array.from({ length: 100 }, () => notify(t, signed)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(answers[0]?.json()).toEqual({ code: 'SUCCESS', message: '成功' });
    const paid = await orderRow(s.order.id);
    expect(paid.status).toBe('paid');
    expect(paid.transaction_id).toBe(JSON.parse(signed.body).transactionId);
    expect(await grantsOf(s.user.id)).toMatchObject([{ course_id: s.course.id, source: 'order' }]);
    expect(await notificationsOf(s.order.order_no)).toMatchObject([{ outcome: 'fulfilled' }]);
    // And once more after the storm, as a provider retry days later would.
    expect((await notify(t, signed)).statusCode).toBe(200);
    expect(await grantsOf(s.user.id)).toHaveLength(1);
  });

  it('concurrent sandbox confirms and replays of the cashier give one paid order', async () => {
    const s = await pendingOrder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(t, `/v1/orders/${s.order.id}/sandbox_pay`, s.headers)));
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 0 || c === ErrorCodes.ORDER_NOT_PENDING)).toBe(true);
    expect((await orderRow(s.order.id)).status).toBe('paid');
    expect(await grantsOf(s.user.id)).toHaveLength(1);
    expect(await notificationsOf(s.order.order_no)).toHaveLength(1);
  });

  it('a forged signature is refused and changes nothing', async () => {
    const s = await pendingOrder();
    const signed = sandboxOf(t).signNotification(paymentOf(s.order));
    const forged = { ...signed, headers: { ...signed.headers, 'x-sandbox-signature': crypto.randomBytes(32).toString('base64') } };
    const res = await notify(t, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'FAIL', message: '失败' });
    // A body altered after signing (a cheaper amount, another order) fails the same way.
    const tampered = { ...signed, body: signed.body.replace(`"amountFen":${s.order.amount_fen}`, '"amountFen":1') };
    expect((await notify(t, tampered)).statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/v1/pay/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: signed.body });
    expect(unsigned.statusCode).toBe(400);
    await expectUnchanged(s);
  });

  it('a notification timestamped 6 minutes off is refused and changes nothing', async () => {
    const s = await pendingOrder();
    const sandbox = sandboxOf(t);
    for (const skew of [-6 * 60_000, 6 * 60_000]) {
      const stale = sandbox.signNotification(paymentOf(s.order), Date.now() + skew);
      expect((await notify(t, stale)).statusCode).toBe(400);
    }
    await expectUnchanged(s);
  });

  it('a correctly signed notification with the wrong amount grants nothing (an acknowledged anomaly, decision 019); an unknown order is refused', async () => {
    const s = await pendingOrder();
    const wrong = sandboxOf(t).signNotification(paymentOf(s.order, { amountFen: s.order.amount_fen - 1 }));
    expect((await notify(t, wrong)).statusCode).toBe(200);
    await expectUnchanged(s);
    expect(await t.app.db.selectFrom('pay_anomalies').select('kind').where('order_id', '=', s.order.id).execute()).toEqual([{ kind: 'amount' }]);
    const unknown = sandboxOf(t).signNotification(paymentOf({ order_no: 'nosuchorder', amount_fen: 100 }));
    expect((await notify(t, unknown)).statusCode).toBe(400);
  });

  it('malformed bodies and other providers’ paths never answer a 500', async () => {
    const sandbox = sandboxOf(t);
    const garbage = sandbox.signNotification({ hello: 'world' });
    expect((await notify(t, garbage)).statusCode).toBe(400);
    const notJson = await t.app.inject({ method: 'POST', url: '/v1/pay/notify/sandbox', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(notJson.statusCode).toBe(400);
    const other = await t.app.inject({ method: 'POST', url: '/v1/pay/notify/wechatpay', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(ErrorCodes.NOT_FOUND);
    const unknownProvider = await t.app.inject({ method: 'POST', url: '/v1/pay/notify/alipay', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(unknownProvider.statusCode).toBe(400);
  });

  it('money for an order already closed is recorded for refund, not fulfilled', async () => {
    const s = await pendingOrder();
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/orders/${s.order.id}`, headers: s.headers })).json().code).toBe(0);
    const late = sandboxOf(t).signNotification(paymentOf(s.order));
    expect((await notify(t, late)).statusCode).toBe(200);
    expect((await orderRow(s.order.id)).status).toBe('closed');
    expect(await grantsOf(s.user.id)).toEqual([]);
    expect(await notificationsOf(s.order.order_no)).toMatchObject([{ outcome: 'needs_refund' }]);
  });

  it('a second, different transaction for a paid order is recorded for refund and grants nothing more', async () => {
    const s = await pendingOrder();
    expect((await post(t, `/v1/orders/${s.order.id}/sandbox_pay`, s.headers)).json().code).toBe(0);
    const second = sandboxOf(t).signNotification(paymentOf(s.order));
    expect((await notify(t, second)).statusCode).toBe(200);
    expect(await grantsOf(s.user.id)).toHaveLength(1);
    const outcomes = (await notificationsOf(s.order.order_no)).map((n) => n.outcome).sort();
    expect(outcomes).toEqual(['fulfilled', 'needs_refund']);
  });
});
