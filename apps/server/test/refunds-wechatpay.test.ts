/**
 * Refunds through the real WeChat Pay v3 client against the local fake: WeChat answers PROCESSING,
 * the REFUND.* notification (signed, AES-GCM encrypted like a payment's) or the finisher's
 * `GET /v3/refund/domestic/refunds/{out_refund_no}` ends it. Also H5 and Native pay parameters.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, signedInUser } from './support/factories.ts';
import { grantsOf, notifyWechat as notifyWechatIn, orderCourse, orderRowOf, post, useWechatPayRig, WECHAT_NOTIFY_URL, wechatPrepaidOrderOf } from './orders-helpers.ts';
import { reconcilePendingOrders, RECONCILE_AFTER_MS } from '../src/modules/orders/reconcile-service.ts';
import { finishProcessingRefunds, refundNoOfOrder, REFUND_FINISH_AFTER_MS } from '../src/modules/orders/refund-service.ts';
import type { WechatPayClient } from '../src/adapters/pay/wechat-pay.ts';
import type { FakeWechatPayServer } from './fakes/wechatpay-fake-server.ts';
import { DEFAULT_OPS_TOKEN } from '../src/config.ts';

const OPS = { 'x-ops-token': DEFAULT_OPS_TOKEN };

describe.each(dialectsUnderTest())('refunds and pay scenes, wechatpay against the fake (%s)', (dialect) => {
  let t: TestApp;
  let fake: FakeWechatPayServer;
  let client: WechatPayClient;
  useWechatPayRig(dialect, (rig) => ({ t, fake, client } = rig));

  const notifyWechat = (signed: { headers: Record<string, string>; body: string }) => notifyWechatIn(t, signed);
  const refund = (orderId: number) => t.app.inject({ method: 'POST', url: `/v1/orders/${orderId}/refund`, headers: OPS, payload: { reason: '学员申请' } });
  const refundRow = (orderNo: string) => t.app.db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNoOfOrder(orderNo)).executeTakeFirstOrThrow();

  /** Paid at the fake and reconciled: a paid order that owns its course. */
  async function paidOrder() {
    const s = await wechatPrepaidOrderOf({ t, client });
    fake.pay(s.order.order_no);
    await reconcilePendingOrders(t.app.db, client, Date.now() + RECONCILE_AFTER_MS + 1000);
    expect((await orderRowOf(t, s.order.id)).status).toBe('paid');
    return { ...s, order: await orderRowOf(t, s.order.id) };
  }

  it('POST /v1/orders/:id/refund: PROCESSING at WeChat keeps the course; REFUND.SUCCESS revokes it once', async () => {
    const s = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(s.order.id)));
    for (const r of answers) expect(r.json()).toMatchObject({ code: 0, data: { status: 'paid', refundStatus: 'processing' } });
    const refundNo = refundNoOfOrder(s.order.order_no);
    expect(fake.refunds.size).toBeGreaterThanOrEqual(1);
    expect(fake.refunds.get(refundNo)).toMatchObject({ out_trade_no: s.order.order_no, status: 'PROCESSING' });
    expect(fake.orders.get(s.order.order_no)?.refunded).toBe(s.order.amount_fen);
    const asked = fake.requests.filter((r) => r.path === '/v3/refund/domestic/refunds').map((r) => JSON.parse(r.body) as { out_refund_no: string; notify_url: string });
    expect(new Set(asked.map((b) => b.out_refund_no))).toEqual(new Set([refundNo]));
    expect(asked.every((b) => b.notify_url === WECHAT_NOTIFY_URL)).toBe(true);
    expect(await refundRow(s.order.order_no)).toMatchObject({ status: 'processing', provider_refund_id: fake.refunds.get(refundNo)?.refund_id });
    expect(await grantsOf(t, s.user.id)).toHaveLength(1);

    fake.settleRefund(refundNo, 'SUCCESS');
    const signed = fake.refundNotification(refundNo);
    expect(JSON.parse(signed.body).event_type).toBe('REFUND.SUCCESS');
    const acks = await Promise.all(Array.from({ length: 3 }, () => notifyWechat(signed)));
    expect(acks.map((a) => a.statusCode)).toEqual([204, 204, 204]);
    expect((await orderRowOf(t, s.order.id)).status).toBe('refunded');
    expect(await refundRow(s.order.order_no)).toMatchObject({ status: 'success' });
    expect(await grantsOf(t, s.user.id)).toEqual([]);
  });

  it('forged, stale or tampered refund notifications are refused and change nothing', async () => {
    const s = await paidOrder();
    await refund(s.order.id);
    const refundNo = refundNoOfOrder(s.order.order_no);
    fake.settleRefund(refundNo, 'SUCCESS');
    for (const knobs of [{ forgeSignature: true }, { timestampOffsetSec: 360 }, { tamperCiphertext: true }, { transaction: { amount: { refund: 1, total: 29900 } } }]) {
      const res = await notifyWechat(fake.refundNotification(refundNo, knobs));
      expect(res.statusCode, JSON.stringify(knobs)).toBe(400);
    }
    expect(await refundRow(s.order.order_no)).toMatchObject({ status: 'processing' });
    expect(await grantsOf(t, s.user.id)).toHaveLength(1);
  });

  it('a lost REFUND notification: the finisher asks GET /v3/refund/domestic/refunds/{no} and ends it', async () => {
    const s = await paidOrder();
    await refund(s.order.id);
    const refundNo = refundNoOfOrder(s.order.order_no);
    // Still processing at WeChat: asked about, left waiting.
    await finishProcessingRefunds(t.app.db, client, Date.now() + REFUND_FINISH_AFTER_MS + 1000);
    expect(await refundRow(s.order.order_no)).toMatchObject({ status: 'processing' });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v3/refund/domestic/refunds/${refundNo}`)).toBe(true);
    fake.settleRefund(refundNo, 'SUCCESS');
    await finishProcessingRefunds(t.app.db, client, Date.now() + 2 * (REFUND_FINISH_AFTER_MS + 1000));
    expect((await orderRowOf(t, s.order.id)).status).toBe('refunded');
    expect(await grantsOf(t, s.user.id)).toEqual([]);
    // The late notification is a replay.
    expect((await notifyWechat(fake.refundNotification(refundNo))).statusCode).toBe(204);
    expect(await grantsOf(t, s.user.id)).toEqual([]);
  });

  it('REFUND.ABNORMAL is listed for an operator and the learner keeps the course', async () => {
    const s = await paidOrder();
    await refund(s.order.id);
    const refundNo = refundNoOfOrder(s.order.order_no);
    fake.settleRefund(refundNo, 'ABNORMAL');
    expect((await notifyWechat(fake.refundNotification(refundNo))).statusCode).toBe(204);
    expect(await refundRow(s.order.order_no)).toMatchObject({ status: 'abnormal' });
    const list = (await t.app.inject({ method: 'GET', url: '/v1/ops/refunds?status=abnormal', headers: OPS })).json();
    expect(list.data.rows.map((r: { refundNo: string }) => r.refundNo)).toContain(refundNo);
    expect((await orderRowOf(t, s.order.id)).status).toBe('paid');
    expect(await grantsOf(t, s.user.id)).toHaveLength(1);
  });

  describe('POST /v1/orders/:id/order_web_wxpay?scene=', () => {
    async function pending() {
      const { user, headers } = await signedInUser(t);
      const course = await buildCourse(t.app.db, { price: 990 });
      return { user, headers, orderId: await orderCourse(t, course.id, headers) };
    }

    it('h5 answers WeChat\'s h5_url for a mobile browser; the order can then be reconciled', async () => {
      const s = await pending();
      const res = await post(t, `/v1/orders/${s.orderId}/order_web_wxpay?scene=h5`, s.headers);
      expect(res.json()).toMatchObject({ code: 0, data: { provider: 'wechatpay', scene: 'h5', h5Url: expect.stringMatching(/^https:\/\/wx\.tenpay\.com\//) } });
      const order = await orderRowOf(t, s.orderId);
      const sent = fake.requests.filter((r) => r.path === '/v3/pay/transactions/h5').map((r) => JSON.parse(r.body) as { out_trade_no: string; scene_info: unknown });
      expect(sent.find((b) => b.out_trade_no === order.order_no)?.scene_info).toMatchObject({ payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } });
      expect(order.prepay_id).not.toBeNull();
      fake.pay(order.order_no);
      expect((await reconcilePendingOrders(t.app.db, client, Date.now() + RECONCILE_AFTER_MS + 1000)).fulfilled).toBeGreaterThanOrEqual(1);
      expect((await orderRowOf(t, s.orderId)).status).toBe('paid');
    });

    it('native answers a weixin:// code_url to show as a QR code', async () => {
      const s = await pending();
      const res = await post(t, `/v1/orders/${s.orderId}/order_web_wxpay?scene=native`, s.headers);
      expect(res.json()).toMatchObject({ code: 0, data: { provider: 'wechatpay', scene: 'native', codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) } });
      expect(res.json().data.h5Url).toBeUndefined();
    });

    it('jsapi stays the default; an unknown scene answers a coded 400', async () => {
      const s = await pending();
      // Without an openid WeChat's JSAPI cannot be asked: a coded answer, not a 500.
      const jsapi = await post(t, `/v1/orders/${s.orderId}/order_web_wxpay`, s.headers);
      expect(jsapi.statusCode).toBeLessThan(500);
      const bad = await post(t, `/v1/orders/${s.orderId}/order_web_wxpay?scene=app`, s.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).not.toBe(0);
    });
  });
});
