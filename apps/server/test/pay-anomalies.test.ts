/**
 * Payment notifications that are correctly signed but name another app, merchant, currency or
 * amount (issue 11 §9, decision 019): nothing is granted, the anomaly is recorded once however
 * often it is replayed, the provider gets its 2xx so it stops retrying, and an operator lists them.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import {
  grantsOf,
  notificationsOf,
  notify,
  notifyWechat as notifyWechatIn,
  orderRowOf,
  pendingOrderOf,
  sandboxOf,
  sandboxPaymentOf,
  useOrdersApp,
  useWechatPayRig,
  wechatPrepaidOrderOf,
} from './orders-helpers.ts';
import type { WechatPayClient } from '../src/adapters/pay/wechat-pay.ts';
import type { FakeWechatPayServer, NotificationKnobs } from './fakes/wechatpay-fake-server.ts';
import { DEFAULT_OPS_TOKEN } from '../src/config.ts';
import { SANDBOX_APP_ID, SANDBOX_MCH_ID } from '../src/adapters/pay/sandbox-pay.ts';

const OPS = { 'x-ops-token': DEFAULT_OPS_TOKEN };

const anomaliesOf = (t: TestApp, orderNo: string) =>
  t.app.db.selectFrom('pay_anomalies').select(['kind', 'order_id', 'provider', 'summary']).where('order_no', '=', orderNo).orderBy('id').execute();

describe.each(dialectsUnderTest())('POST /v1/pay/notify/wechatpay: mismatched notifications (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeWechatPayServer;
  let client: WechatPayClient;
  useWechatPayRig(dialect, (rig) => ({ t, fake, client } = rig));
  const notifyWechat = (signed: { headers: Record<string, string>; body: string }) => notifyWechatIn(t, signed);

  const cases: { kind: string; knobs: (total: number) => NotificationKnobs }[] = [
    { kind: 'appid', knobs: () => ({ transaction: { appid: 'wx9999999999other' } }) },
    { kind: 'mchid', knobs: () => ({ transaction: { mchid: '1900000999' } }) },
    { kind: 'currency', knobs: (total) => ({ transaction: { amount: { total, payer_total: total, currency: 'USD', payer_currency: 'USD' } } }) },
    { kind: 'amount', knobs: (total) => ({ transaction: { amount: { total: total - 100, payer_total: total - 100, currency: 'CNY', payer_currency: 'CNY' } } }) },
  ];

  for (const c of cases) {
    it(`a signed notification with the wrong ${c.kind}: 204, nothing granted, one anomaly even when replayed`, async () => {
      const s = await wechatPrepaidOrderOf({ t, client });
      fake.pay(s.order.order_no);
      const signed = fake.notification(s.order.order_no, c.knobs(s.order.amount_fen));
      const acks = await Promise.all([notifyWechat(signed), notifyWechat(signed), notifyWechat(signed)]);
      // WeChat delivers again with a new notification id: still the same anomaly.
      acks.push(await notifyWechat(fake.notification(s.order.order_no, c.knobs(s.order.amount_fen))));
      expect(acks.map((a) => a.statusCode)).toEqual([204, 204, 204, 204]);
      expect((await orderRowOf(t, s.order.id)).status).toBe('pending');
      expect(await grantsOf(t, s.user.id)).toEqual([]);
      expect(await notificationsOf(t, s.order.order_no)).toEqual([]);
      const rows = await anomaliesOf(t, s.order.order_no);
      expect(rows.map((r) => r.kind)).toEqual([c.kind]);
      expect(rows[0]).toMatchObject({ order_id: s.order.id, provider: 'wechatpay' });
      // The summary names what came and what was expected, never the payer or a key.
      expect(rows[0]!.summary).not.toContain(`o-${s.user.id}`);
      expect(JSON.parse(rows[0]!.summary).expected).toMatchObject({ appid: client.merchant.appId, mchid: client.merchant.mchId, currency: 'CNY', amountFen: s.order.amount_fen });
    });
  }

  it('the matching notification after an anomaly still pays the order once', async () => {
    const s = await wechatPrepaidOrderOf({ t, client });
    fake.pay(s.order.order_no);
    expect((await notifyWechat(fake.notification(s.order.order_no, { transaction: { appid: 'wx9999999999other' } }))).statusCode).toBe(204);
    expect((await notifyWechat(fake.notification(s.order.order_no))).statusCode).toBe(204);
    expect((await orderRowOf(t, s.order.id)).status).toBe('paid');
    expect(await grantsOf(t, s.user.id)).toHaveLength(1);
  });

  it('GET /v1/admin/pay_anomalies lists them for the operator only', async () => {
    const s = await wechatPrepaidOrderOf({ t, client });
    fake.pay(s.order.order_no);
    await notifyWechat(fake.notification(s.order.order_no, { transaction: { mchid: '1900000999', appid: 'wx9999999999other' } }));
    const denied = await t.app.inject({ method: 'GET', url: '/v1/admin/pay_anomalies' });
    expect(denied.json().code).toBe(ErrorCodes.OPS_TOKEN_REQUIRED);
    const wrongToken = await t.app.inject({ method: 'GET', url: '/v1/admin/pay_anomalies', headers: { 'x-ops-token': 'guess' } });
    expect(wrongToken.json().code).toBe(ErrorCodes.OPS_TOKEN_REQUIRED);
    const res = await t.app.inject({ method: 'GET', url: '/v1/admin/pay_anomalies?pageSize=100', headers: OPS });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    const mine = body.data.rows.filter((r: { orderNo: string }) => r.orderNo === s.order.order_no);
    expect(mine.map((r: { kind: string }) => r.kind).sort()).toEqual(['appid', 'mchid']);
    expect(mine[0]).toMatchObject({ provider: 'wechatpay', orderId: s.order.id, received: { mchid: '1900000999', appid: 'wx9999999999other', currency: 'CNY' } });
    expect(body.data.total).toBeGreaterThanOrEqual(2);
  });
});

describe.each(dialectsUnderTest())('POST /v1/pay/notify/sandbox: mismatched notifications (%s)', (dialect) => {
  let t: TestApp;
  useOrdersApp(dialect, (app) => (t = app));

  /** A sandbox payment that names the merchant, as a real one does. */
  const paymentOf = (order: { order_no: string; amount_fen: number }, overrides: Record<string, unknown> = {}) =>
    sandboxPaymentOf(order, { appId: SANDBOX_APP_ID, mchId: SANDBOX_MCH_ID, currency: 'CNY', ...overrides });

  it('a sandbox notification in another currency or for another merchant is acknowledged and grants nothing', async () => {
    for (const over of [{ currency: 'USD' }, { mchId: 'other-mch' }, { appId: 'other-app' }]) {
      const s = await pendingOrderOf(t);
      const signed = sandboxOf(t).signNotification(paymentOf(s.order, over));
      expect((await notify(t, signed)).statusCode).toBe(200);
      expect((await notify(t, signed)).statusCode).toBe(200);
      expect((await orderRowOf(t, s.order.id)).status).toBe('pending');
      expect(await grantsOf(t, s.user.id)).toEqual([]);
      expect(await anomaliesOf(t, s.order.order_no)).toHaveLength(1);
    }
  });

  it('a matching sandbox notification with the merchant fields pays the order', async () => {
    const s = await pendingOrderOf(t);
    expect((await notify(t, sandboxOf(t).signNotification(paymentOf(s.order)))).statusCode).toBe(200);
    expect((await orderRowOf(t, s.order.id)).status).toBe('paid');
    expect(await anomaliesOf(t, s.order.order_no)).toEqual([]);
  });
});
