import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createAdapters } from '../src/adapters/create-adapters.ts';
import { PayNotificationError, PayProviderError } from '../src/adapters/pay/payment-provider.ts';
import { buildAuthorization, decryptResource, encryptResource, toWechatTime, WechatPayClient, type WechatPayConfig } from '../src/adapters/pay/wechat-pay.ts';
import { startWechatPayFake, type FakeWechatPayServer } from './fakes/wechatpay-fake-server.ts';

const APP_ID = 'wx1111111111mp0001';
const MCH_ID = '1900000109';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const API_V3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';

const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchantPem = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let orderSeq = 0;
const orderNo = () => `JF${Date.now()}${String(++orderSeq).padStart(4, '0')}`;

/** Catches one notification as the notify route would see it: lower-case headers and the raw body. */
async function startCatcher() {
  const caught: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      caught.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/pay/notify`, caught, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('WechatPayClient signing (pure)', () => {
  it('builds the Authorization header an independent RSA-SHA256 computation agrees with', () => {
    const body = '{"mchid":"1900000109"}';
    const header = buildAuthorization({ mchId: MCH_ID, serialNo: SERIAL, privateKey: merchant.privateKey }, 'POST', '/v3/pay/transactions/out-trade-no/JF1/close', body, 1554208460, 'NONCE123');
    const expected = crypto.createSign('RSA-SHA256').update(`POST\n/v3/pay/transactions/out-trade-no/JF1/close\n1554208460\nNONCE123\n${body}\n`).sign(merchantPem, 'base64');
    expect(header).toBe(
      `WECHATPAY2-SHA256-RSA2048 mchid="${MCH_ID}",nonce_str="NONCE123",signature="${expected}",timestamp="1554208460",serial_no="${SERIAL}"`,
    );
  });

  it('round-trips the AES-256-GCM resource and refuses a tampered one', () => {
    const ct = encryptResource(API_V3_KEY, 'fdasflkja484', 'transaction', '{"a":1}');
    expect(decryptResource(API_V3_KEY, 'fdasflkja484', 'transaction', ct)).toBe('{"a":1}');
    expect(() => decryptResource(API_V3_KEY, 'fdasflkja484', 'refund', ct)).toThrow();
  });

  it('writes time_expire in China time', () => {
    expect(toWechatTime(new Date('2018-06-08T02:34:56.789Z'))).toBe('2018-06-08T10:34:56+08:00');
  });
});

describe('WechatPayClient against the fake WeChat Pay v3 API', () => {
  let fake: FakeWechatPayServer;
  let catcher: Awaited<ReturnType<typeof startCatcher>>;
  let clock: number;
  let cfg: WechatPayConfig;
  let client: WechatPayClient;
  const newClient = (over: Partial<WechatPayConfig> = {}) => new WechatPayClient({ ...cfg, ...over }, () => clock);
  const expires = () => new Date(clock + 30 * 60_000);

  async function paidOrder(amountFen = 19900) {
    const no = orderNo();
    await client.prepay({ orderNo: no, description: '商业银行法实务', amountFen, scene: 'jsapi', openid: 'o-learner-1', expiresAt: expires() });
    fake.pay(no);
    return no;
  }

  async function caughtNotification(no: string, knobs?: Parameters<FakeWechatPayServer['notification']>[1]) {
    expect(await fake.deliver(no, catcher.url, knobs)).toBe(204);
    return catcher.caught.at(-1)!;
  }

  async function notificationFault(no: string, knobs: Parameters<FakeWechatPayServer['notification']>[1], tamper?: (n: { headers: http.IncomingHttpHeaders; body: string }) => void) {
    const n = await caughtNotification(no, knobs);
    tamper?.(n);
    const err = await client.parseNotification(n.headers, n.body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayNotificationError);
    return (err as PayNotificationError).fault;
  }

  beforeAll(async () => {
    fake = await startWechatPayFake({ mchId: MCH_ID, appId: APP_ID, serialNo: SERIAL, publicKey: merchant.publicKey, apiV3Key: API_V3_KEY });
    catcher = await startCatcher();
    cfg = {
      appId: APP_ID,
      mchId: MCH_ID,
      serialNo: SERIAL,
      privateKey: merchantPem,
      apiV3Key: API_V3_KEY,
      platformPublicKey: fake.platformPublicKeyPem,
      platformSerial: fake.platformSerial,
      notifyUrl: catcher.url,
      apiBase: fake.baseUrl,
      timeoutMs: 400,
    };
  });
  afterAll(async () => {
    await fake.close();
    await catcher.close();
  });
  beforeEach(() => {
    clock = Date.now();
    fake.requests.length = 0;
    fake.forgeAnswers(false);
    client = newClient();
  });

  describe('prepay', () => {
    it('signs a JSAPI prepay the server accepts and returns bridge parameters whose paySign verifies', async () => {
      const no = orderNo();
      const r = await client.prepay({ orderNo: no, description: '商业银行法实务', amountFen: 19900, scene: 'jsapi', openid: 'o-learner-1', expiresAt: expires() });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/jsapi', signatureOk: true });
      const sent = JSON.parse(fake.requests[0]!.body) as Record<string, unknown>;
      expect(sent).toMatchObject({ appid: APP_ID, mchid: MCH_ID, out_trade_no: no, amount: { total: 19900, currency: 'CNY' }, payer: { openid: 'o-learner-1' }, notify_url: catcher.url });
      expect(sent.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);

      expect(r.prepayId).toBe(fake.orders.get(no)!.prepayId);
      const b = r.bridge!;
      expect(b).toMatchObject({ appId: APP_ID, package: `prepay_id=${r.prepayId}`, signType: 'RSA', timeStamp: String(Math.floor(clock / 1000)) });
      const ok = crypto.createVerify('RSA-SHA256').update(`${APP_ID}\n${b.timeStamp}\n${b.nonceStr}\n${b.package}\n`).verify(merchant.publicKey, b.paySign, 'base64');
      expect(ok).toBe(true);
    });

    it('returns the cashier URL for H5 and the QR link for Native', async () => {
      const h5 = await client.prepay({ orderNo: orderNo(), description: '票据法', amountFen: 100, scene: 'h5', clientIp: '203.0.113.7', expiresAt: expires() });
      expect(h5.h5Url).toMatch(/^https:\/\/wx\.tenpay\.com\//);
      expect(JSON.parse(fake.requests[0]!.body)).toMatchObject({ scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } } });
      const native = await client.prepay({ orderNo: orderNo(), description: '票据法', amountFen: 100, scene: 'native', expiresAt: expires() });
      expect(native.codeUrl).toMatch(/^weixin:\/\/wxpay\//);
    });

    it('is refused with SIGN_ERROR when signed with a key WeChat does not know', async () => {
      const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const err = await newClient({ privateKey: other })
        .prepay({ orderNo: orderNo(), description: 'x', amountFen: 100, scene: 'native', expiresAt: expires() })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PayProviderError);
      expect(err).toMatchObject({ kind: 'api', code: 'SIGN_ERROR', httpStatus: 401 });
    });

    it('refuses fractional or non-positive amounts before calling WeChat', async () => {
      for (const amountFen of [0, -1, 19.9]) {
        await expect(client.prepay({ orderNo: orderNo(), description: 'x', amountFen, scene: 'native', expiresAt: expires() })).rejects.toMatchObject({ code: 'PARAM_ERROR' });
      }
      await expect(client.prepay({ orderNo: orderNo(), description: 'x', amountFen: 100, scene: 'jsapi', expiresAt: expires() })).rejects.toMatchObject({ code: 'PARAM_ERROR' });
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('parseNotification', () => {
    it('verifies and decrypts a notification posted to the notify URL', async () => {
      const no = await paidOrder(19900);
      const n = await caughtNotification(no);
      const parsed = await client.parseNotification(n.headers, n.body);
      const o = fake.orders.get(no)!;
      expect(parsed).toMatchObject({ orderNo: no, transactionId: o.transactionId, tradeState: 'SUCCESS', amountFen: 19900, payerId: 'o-learner-1' });
      expect(parsed.paidAt?.toISOString()).toBe(new Date(o.successTime!).toISOString());
      expect(parsed.eventId).toBeTruthy();
      // The amount is what WeChat says was charged; the order service compares it to the order.
      const cheap = await caughtNotification(no, { transaction: { amount: { total: 1, payer_total: 1, currency: 'CNY' } } });
      expect((await client.parseNotification(cheap.headers, cheap.body)).amountFen).toBe(1);
    });

    it('refuses a forged signature, a tampered ciphertext and a timestamp six minutes off', async () => {
      const no = await paidOrder();
      expect(await notificationFault(no, { forgeSignature: true })).toBe('signature');
      expect(await notificationFault(no, { tamperCiphertext: true })).toBe('decrypt');
      expect(await notificationFault(no, { timestampOffsetSec: 360 })).toBe('stale');
      expect(await notificationFault(no, { timestampOffsetSec: -360 })).toBe('stale');
      // Within five minutes is fine (clocks drift).
      const n = await caughtNotification(no, { timestampOffsetSec: -240 });
      await expect(client.parseNotification(n.headers, n.body)).resolves.toMatchObject({ orderNo: no });
    });

    it('checks the signature before reading the body: an edited body, missing headers or another serial are refused', async () => {
      const no = await paidOrder();
      expect(await notificationFault(no, {}, (n) => (n.body = n.body.replace('"summary":"支付成功"', '"summary":"x"')))).toBe('signature');
      expect(await notificationFault(no, {}, (n) => delete n.headers['wechatpay-signature'])).toBe('signature');
      expect(await notificationFault(no, {}, (n) => (n.headers['wechatpay-serial'] = 'PUB_KEY_ID_OTHER'))).toBe('signature');
      expect(await notificationFault(no, {}, (n) => (n.body = 'not json'))).toBe('signature');
    });

    it('reads a correctly signed notification for another merchant, app or currency as it is: the notify route screens it (decision 019)', async () => {
      const no = await paidOrder();
      const n = await caughtNotification(no, { transaction: { mchid: '1900000999', appid: 'wx9999999999other', amount: { total: 19900, currency: 'USD' } } });
      expect(await client.parseNotification(n.headers, n.body)).toMatchObject({ orderNo: no, mchId: '1900000999', appId: 'wx9999999999other', currency: 'USD', amountFen: 19900 });
      const plain = await caughtNotification(no);
      expect(await client.parseNotification(plain.headers, plain.body)).toMatchObject({ mchId: cfg.mchId, appId: cfg.appId, currency: 'CNY' });
      // Without an order number it stays malformed.
      expect(await notificationFault(no, { transaction: { out_trade_no: 42 } })).toBe('malformed');
    });
  });

  describe('queryOrder', () => {
    it('reports SUCCESS with the transaction after a lost notification (reconciliation input)', async () => {
      const no = orderNo();
      await client.prepay({ orderNo: no, description: '信托法', amountFen: 9900, scene: 'jsapi', openid: 'o-learner-2', expiresAt: expires() });
      expect(await client.queryOrder(no)).toMatchObject({ orderNo: no, tradeState: 'NOTPAY' });
      fake.pay(no); // paid, but the notification never arrives
      const q = await client.queryOrder(no);
      expect(q).toMatchObject({ orderNo: no, tradeState: 'SUCCESS', amountFen: 9900, transactionId: fake.orders.get(no)!.transactionId });
      expect(q.paidAt).toBeInstanceOf(Date);
      expect(fake.requests.filter((r) => r.method === 'GET').every((r) => r.signatureOk && r.path.endsWith(`?mchid=${MCH_ID}`))).toBe(true);
    });

    it('reports NOTFOUND for an order WeChat never saw', async () => {
      expect(await client.queryOrder('JFNEVERSEEN0001')).toEqual({ orderNo: 'JFNEVERSEEN0001', tradeState: 'NOTFOUND' });
    });

    it('does not believe an answer with a forged signature', async () => {
      const no = await paidOrder();
      fake.forgeAnswers(true);
      await expect(client.queryOrder(no)).rejects.toMatchObject({ kind: 'signature' });
    });
  });

  describe('closeOrder', () => {
    it('closes an unpaid order (twice is fine) and refuses to close a paid one', async () => {
      const no = orderNo();
      await client.prepay({ orderNo: no, description: '保险法', amountFen: 500, scene: 'native', expiresAt: expires() });
      await client.closeOrder(no);
      await client.closeOrder(no);
      expect(fake.orders.get(no)!.state).toBe('CLOSED');
      expect((await client.queryOrder(no)).tradeState).toBe('CLOSED');
      const paid = await paidOrder();
      await expect(client.closeOrder(paid)).rejects.toMatchObject({ kind: 'api', code: 'ORDERPAID' });
    });
  });

  describe('refund', () => {
    it('refunds once per refund number, however often it is asked', async () => {
      const no = await paidOrder(19900);
      const input = { orderNo: no, refundNo: `RF${no}`, amountFen: 19900, totalFen: 19900, reason: '用户申请退款' };
      const first = await client.refund(input);
      const again = await client.refund(input);
      expect(first).toMatchObject({ refundNo: input.refundNo, status: 'PROCESSING', amountFen: 19900 });
      expect(again.refundId).toBe(first.refundId);
      expect(fake.orders.get(no)!.refunded).toBe(19900);
      // A new refund number is a new refund, and there is nothing left to give back.
      await expect(client.refund({ ...input, refundNo: `RF2${no}`, amountFen: 1 })).rejects.toMatchObject({ kind: 'api', code: 'NOT_ENOUGH' });
      await expect(client.refund({ ...input, amountFen: 20000 })).rejects.toMatchObject({ code: 'PARAM_ERROR' });
    });

    it('is retried once after a dropped connection and still refunds once', async () => {
      const no = await paidOrder(300);
      fake.requests.length = 0;
      fake.failNext(1, 'reset');
      const r = await client.refund({ orderNo: no, refundNo: `RF${no}`, amountFen: 100, totalFen: 300 });
      expect(r.amountFen).toBe(100);
      expect(fake.requests).toHaveLength(2);
      expect(fake.orders.get(no)!.refunded).toBe(100);
    });
  });

  describe('upstream failures', () => {
    it('turns a 5xx into a retryable PayProviderError and does not retry it', async () => {
      fake.failNext(1, '5xx');
      const err = await client.queryOrder('JFANY00000001').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PayProviderError);
      expect(err).toMatchObject({ kind: 'upstream', code: 'SYSTEM_ERROR', httpStatus: 500, retryable: true });
      expect(fake.requests).toHaveLength(1);
    });

    it('retries an idempotent query once after a timeout, and never retries a prepay', async () => {
      const no = await paidOrder();
      fake.requests.length = 0;
      fake.failNext(1, 'hang');
      expect((await client.queryOrder(no)).tradeState).toBe('SUCCESS');
      expect(fake.requests).toHaveLength(2);

      fake.requests.length = 0;
      fake.failNext(1, 'reset');
      const err = await client.prepay({ orderNo: orderNo(), description: 'x', amountFen: 100, scene: 'native', expiresAt: expires() }).catch((e: unknown) => e);
      expect(err).toMatchObject({ kind: 'network', retryable: true });
      expect(fake.requests).toHaveLength(1);

      fake.failNext(2, 'hang');
      await expect(client.queryOrder(no)).rejects.toMatchObject({ kind: 'timeout' });
    });
  });

  describe('notifyAck', () => {
    it('answers 204 to stop WeChat and a FAIL body to make it retry', () => {
      expect(client.notifyAck(true)).toEqual({ status: 204, body: null });
      expect(client.notifyAck(false)).toEqual({ status: 400, body: { code: 'FAIL', message: '失败' } });
    });
  });
});

describe('loadConfig (PAY_PROVIDER=wechatpay)', () => {
  const full = {
    PAY_PROVIDER: 'wechatpay',
    WECHAT_APP_ID: APP_ID,
    WECHATPAY_MCH_ID: MCH_ID,
    WECHATPAY_SERIAL_NO: SERIAL,
    WECHATPAY_API_V3_KEY: API_V3_KEY,
    WECHATPAY_PLATFORM_PUBLIC_KEY: 'inline\\npem',
    WECHATPAY_NOTIFY_URL: 'https://h5.example.com/v1/pay/notify',
  };

  it('names every missing setting, and needs none of them for the sandbox', () => {
    expect(loadConfig({}).wechatpay).toBeNull();
    expect(() => loadConfig({ PAY_PROVIDER: 'wechatpay' })).toThrow(/WECHATPAY_MCH_ID.*WECHATPAY_SERIAL_NO.*WECHATPAY_PRIVATE_KEY.*WECHATPAY_API_V3_KEY.*WECHATPAY_PLATFORM.*WECHATPAY_NOTIFY_URL/);
    expect(() => loadConfig({ ...full, WECHATPAY_PRIVATE_KEY: 'x', WECHATPAY_API_V3_KEY: 'short' })).toThrow(ConfigError);
  });

  it('builds the real client from it', () => {
    const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const config = loadConfig({ ...full, WECHATPAY_PRIVATE_KEY: merchantPem.replace(/\n/g, '\\n'), WECHATPAY_PLATFORM_PUBLIC_KEY: platform });
    expect(createAdapters(config).pay).toBeInstanceOf(WechatPayClient);
    expect(createAdapters(loadConfig({})).pay.name).toBe('sandbox');
  });

  it('reads the private key from a file and unescapes inline PEMs', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wxpay-')), 'apiclient_key.pem');
    fs.writeFileSync(file, merchantPem);
    const c = loadConfig({ ...full, WECHATPAY_PRIVATE_KEY_PATH: file }).wechatpay!;
    expect(c).toMatchObject({ appId: APP_ID, mchId: MCH_ID, privateKey: merchantPem, platformPublicKey: 'inline\npem', apiBase: 'https://api.mch.weixin.qq.com' });
    expect(() => loadConfig({ ...full, WECHATPAY_PRIVATE_KEY_PATH: `${file}.missing` })).toThrow(/WECHATPAY_PRIVATE_KEY_PATH/);
    const { WECHATPAY_NOTIFY_URL: _unused, ...withoutNotify } = full;
    expect(loadConfig({ ...withoutNotify, WECHATPAY_PRIVATE_KEY_PATH: file, PUBLIC_URL: 'https://h5.example.com/' }).wechatpay!.notifyUrl).toBe(
      'https://h5.example.com/v1/pay/notify/wechatpay',
    );
  });
});
