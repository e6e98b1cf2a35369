/**
 * WeChat Pay API v3 (直连商户), the published protocol:
 *   POST /v3/pay/transactions/{jsapi|h5|native}         prepay (prepay_id | h5_url | code_url)
 *   GET  /v3/pay/transactions/out-trade-no/{no}?mchid   query (reconciliation when no notification came)
 *   POST /v3/pay/transactions/out-trade-no/{no}/close   close an unpaid order (204)
 *   POST /v3/refund/domestic/refunds                    refund, idempotent by out_refund_no
 *   GET  /v3/refund/domestic/refunds/{out_refund_no}    the refund's state (the finisher's question)
 * Notifications of payments (TRANSACTION.*) and refunds (REFUND.SUCCESS|ABNORMAL|CLOSED) come to one
 * notify URL, encrypted alike; `parseEvent` tells them apart by event_type.
 * Every request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid,nonce_str,signature,
 * timestamp,serial_no`, the signature RSA-SHA256 (PKCS#1 v1.5) with the merchant key over
 * `METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n`. Every 2xx answer and every notification is signed
 * by WeChat's platform key over `timestamp\nnonce\nbody\n` (headers Wechatpay-*) and is verified
 * before it is parsed; notification resources are AES-256-GCM encrypted with the API v3 key.
 * Calls that are safe to repeat (query, close, refund by refund number) are retried once after a
 * connection failure or timeout; nothing is retried after WeChat answered.
 */
import crypto from 'node:crypto';
import {
  PayNotificationError,
  PayProviderError,
  type NotifyAck,
  type PaymentProvider,
  type PayNotification,
  type PayOrderStatus,
  type PrepayInput,
  type PrepayResult,
  type ProviderEvent,
  type RefundInput,
  type RefundNotification,
  type RefundResult,
  type RefundStatus,
  type TradeState,
} from './payment-provider.ts';

export interface WechatPayConfig {
  /** App id of the official account the payer's openid belongs to. */
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** Merchant API private key, PEM. */
  privateKey: string;
  /** API v3 key: 32 bytes, decrypts notification resources. */
  apiV3Key: string;
  /** WeChat Pay platform public key (or the public key of the platform certificate), PEM. */
  platformPublicKey: string;
  /** Serial (certificate serial or public key id) WeChat signs with; when set, others are refused. */
  platformSerial?: string;
  notifyUrl: string;
  /** https://api.mch.weixin.qq.com (tests point it at a local fake). */
  apiBase: string;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
}

/** Notifications and answers whose timestamp is further than this from our clock are refused. */
export const MAX_CLOCK_SKEW_SEC = 5 * 60;

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** The string a v3 request signature covers. `pathWithQuery` is the URL without scheme and host. */
export function requestSignMessage(method: string, pathWithQuery: string, timestamp: number, nonce: string, body: string): string {
  return `${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function rsaSign(message: string, privateKey: crypto.KeyLike): string {
  return crypto.sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');
}

export function rsaVerify(message: string, signature: string, publicKey: crypto.KeyLike): boolean {
  try {
    return crypto.verify('sha256', Buffer.from(message, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export function buildAuthorization(
  m: { mchId: string; serialNo: string; privateKey: crypto.KeyLike },
  method: string,
  pathWithQuery: string,
  body: string,
  timestamp: number,
  nonce: string,
): string {
  const signature = rsaSign(requestSignMessage(method, pathWithQuery, timestamp, nonce, body), m.privateKey);
  return `${AUTH_SCHEMA} mchid="${m.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${m.serialNo}"`;
}

/** paySign of `getBrandWCPayRequest`: RSA-SHA256 over `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function buildPaySign(appId: string, timeStamp: string, nonceStr: string, pkg: string, privateKey: crypto.KeyLike): string {
  return rsaSign(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, privateKey);
}

/** AEAD_AES_256_GCM of the v3 notification `resource`: the 16-byte tag is the tail of the ciphertext. */
export function decryptResource(apiV3Key: string, nonce: string, associatedData: string, ciphertextB64: string): string {
  const data = Buffer.from(ciphertextB64, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

export function encryptResource(apiV3Key: string, nonce: string, associatedData: string, plaintext: string): string {
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

/** RFC 3339 in China time, the form WeChat wants for time_expire: 2018-06-08T10:34:56+08:00. */
export function toWechatTime(d: Date): string {
  const shifted = new Date(d.getTime() + 8 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

const TRADE_STATES = new Set<TradeState>(['SUCCESS', 'NOTPAY', 'CLOSED', 'REFUND', 'USERPAYING', 'PAYERROR', 'REVOKED']);
const REFUND_STATES = new Set<RefundStatus>(['SUCCESS', 'PROCESSING', 'CLOSED', 'ABNORMAL']);

type Json = Record<string, unknown>;
type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isFen = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function nonce(): string {
  return crypto.randomBytes(16).toString('hex');
}

export interface CallOptions {
  /** Safe to send twice: retried once after a connection failure or timeout. */
  idempotent: boolean;
  /** HTTP statuses that are answers rather than failures (404 of query). */
  accept?: number[];
}

export interface Answer {
  status: number;
  json: Json | null;
}

/** What the v3 transport needs of the merchant's settings. */
export type WechatV3Settings = Pick<WechatPayConfig, 'mchId' | 'serialNo' | 'privateKey' | 'platformPublicKey' | 'platformSerial' | 'apiBase' | 'timeoutMs'>;

/**
 * The v3 transport of every merchant client (this one and payout/wechat-transfer.ts): requests
 * signed with the merchant key, answers and notifications believed only when the platform key's
 * signature verifies and their timestamp is within five minutes.
 */
export class WechatV3Transport {
  readonly privateKey: crypto.KeyObject;
  private readonly platformKey: crypto.KeyObject;
  private readonly timeoutMs: number;

  constructor(
    private readonly cfg: WechatV3Settings,
    private readonly now: () => number = Date.now,
    /** Sent with every request (the transfer API wants `wechatpay-serial`). */
    private readonly extraHeaders: Record<string, string> = {},
  ) {
    this.privateKey = crypto.createPrivateKey(cfg.privateKey);
    this.platformKey = crypto.createPublicKey(cfg.platformPublicKey);
    this.timeoutMs = cfg.timeoutMs ?? 10_000;
  }

  /** Platform signature over `timestamp\nnonce\nbody\n`, and the timestamp within five minutes. */
  checkSignature(headers: Headers, body: string): { kind: 'signature' | 'stale'; message: string } | null {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonceStr = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!timestamp || !nonceStr || !signature || !serial) return { kind: 'signature', message: 'missing Wechatpay-* signature headers' };
    if (this.cfg.platformSerial && serial !== this.cfg.platformSerial) return { kind: 'signature', message: `signed with unknown platform serial ${serial}` };
    if (!rsaVerify(`${timestamp}\n${nonceStr}\n${body}\n`, signature, this.platformKey)) return { kind: 'signature', message: 'platform signature does not verify' };
    const ts = Number(timestamp);
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(this.now() / 1000 - ts) > MAX_CLOCK_SKEW_SEC) return { kind: 'stale', message: `timestamp ${timestamp} is more than 5 minutes off` };
    return null;
  }

  async call(method: 'GET' | 'POST', pathWithQuery: string, body: Json | null, opts: CallOptions): Promise<Answer> {
    try {
      return await this.once(method, pathWithQuery, body, opts);
    } catch (err) {
      if (!opts.idempotent || !(err instanceof PayProviderError) || (err.kind !== 'network' && err.kind !== 'timeout')) throw err;
      return this.once(method, pathWithQuery, body, opts);
    }
  }

  private async once(method: 'GET' | 'POST', pathWithQuery: string, body: Json | null, opts: CallOptions): Promise<Answer> {
    const payload = body === null ? '' : JSON.stringify(body);
    const authorization = buildAuthorization(
      { mchId: this.cfg.mchId, serialNo: this.cfg.serialNo, privateKey: this.privateKey },
      method,
      pathWithQuery,
      payload,
      Math.floor(this.now() / 1000),
      nonce(),
    );
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.cfg.apiBase}${pathWithQuery}`, {
        method,
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { authorization, accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'jinfa-server/1 (node)', ...this.extraHeaders },
        body: body === null ? undefined : payload,
      });
      text = await res.text();
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new PayProviderError('timeout', `WeChat Pay did not answer ${method} ${pathWithQuery} within ${this.timeoutMs} ms`);
      throw new PayProviderError('network', `WeChat Pay unreachable: ${(err as Error)?.message ?? String(err)}`);
    }
    const json = parseJson(text);
    const accepted = res.ok || (opts.accept ?? []).includes(res.status);
    if (!accepted) {
      const code = typeof json?.code === 'string' ? json.code : null;
      const message = typeof json?.message === 'string' ? json.message : `HTTP ${res.status}`;
      throw new PayProviderError(res.status >= 500 ? 'upstream' : 'api', `${method} ${pathWithQuery}: ${res.status} ${code ?? ''} ${message}`.trim(), code, res.status);
    }
    if (!res.ok) return { status: res.status, json };
    // Only verified answers are believed: a forged "SUCCESS" must never unlock a course. (An
    // accepted error status such as query's 404 is not believed for anything that grants access.)
    const headers: Headers = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    const fault = this.checkSignature(headers, text);
    if (fault) throw new PayProviderError('signature', `${method} ${pathWithQuery}: answer ${fault.message}`, null, res.status);
    if (res.status !== 204 && json === null) throw new PayProviderError('protocol', `${method} ${pathWithQuery}: non-JSON answer`, null, res.status);
    return { status: res.status, json };
  }
}

export class WechatPayClient implements PaymentProvider {
  readonly name = 'wechatpay' as const;
  readonly merchant: { readonly appId: string; readonly mchId: string };
  private readonly http: WechatV3Transport;

  constructor(
    private readonly cfg: WechatPayConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.merchant = { appId: cfg.appId, mchId: cfg.mchId };
    this.http = new WechatV3Transport(cfg, now);
    if (Buffer.byteLength(cfg.apiV3Key, 'utf8') !== 32) throw new Error('WECHATPAY_API_V3_KEY must be 32 bytes');
  }

  async prepay(input: PrepayInput): Promise<PrepayResult> {
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new PayProviderError('api', 'amount must be a positive integer of fen', 'PARAM_ERROR');
    const body: Json = {
      appid: this.cfg.appId,
      mchid: this.cfg.mchId,
      description: input.description.slice(0, 127),
      out_trade_no: input.orderNo,
      time_expire: toWechatTime(input.expiresAt),
      notify_url: input.notifyUrl ?? this.cfg.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    };
    if (input.scene === 'jsapi') {
      if (!input.openid) throw new PayProviderError('api', 'jsapi prepay needs the payer openid', 'PARAM_ERROR');
      body.payer = { openid: input.openid };
    } else if (input.scene === 'h5') {
      if (!input.clientIp) throw new PayProviderError('api', 'h5 prepay needs the payer ip', 'PARAM_ERROR');
      body.scene_info = { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } };
    }
    // WeChat answers a repeated out_trade_no with identical parameters with the same prepay_id,
    // but a changed one is refused; the order service asks once per order and keeps the answer.
    const { json } = await this.http.call('POST', `/v3/pay/transactions/${input.scene}`, body, { idempotent: false });
    if (input.scene === 'jsapi') {
      const prepayId = json?.prepay_id;
      if (typeof prepayId !== 'string' || !prepayId) throw new PayProviderError('protocol', 'prepay answer without prepay_id');
      const timeStamp = String(Math.floor(this.now() / 1000));
      const nonceStr = nonce();
      const pkg = `prepay_id=${prepayId}`;
      return {
        scene: 'jsapi',
        prepayId,
        bridge: { appId: this.cfg.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign: buildPaySign(this.cfg.appId, timeStamp, nonceStr, pkg, this.http.privateKey) },
      };
    }
    const field = input.scene === 'h5' ? 'h5_url' : 'code_url';
    const url = json?.[field];
    if (typeof url !== 'string' || !url) throw new PayProviderError('protocol', `prepay answer without ${field}`);
    // H5 and Native have no prepay id: the learner is sent to h5_url or shown code_url as a QR.
    return input.scene === 'h5' ? { scene: 'h5', prepayId: '', h5Url: url } : { scene: 'native', prepayId: '', codeUrl: url };
  }

  async parseNotification(headers: Headers, rawBody: string): Promise<PayNotification> {
    const event = await this.parseEvent(headers, rawBody);
    if (event.type !== 'payment') throw new PayNotificationError('malformed', 'not a payment notification');
    return event.payment;
  }

  async parseEvent(headers: Headers, rawBody: string): Promise<ProviderEvent> {
    const fault = this.http.checkSignature(headers, rawBody);
    if (fault) throw new PayNotificationError(fault.kind, fault.message);
    let envelope: unknown;
    try {
      envelope = JSON.parse(rawBody);
    } catch {
      throw new PayNotificationError('malformed', 'notification body is not JSON');
    }
    if (!isObject(envelope) || !isObject(envelope.resource) || typeof envelope.id !== 'string') throw new PayNotificationError('malformed', 'notification without resource');
    const r = envelope.resource;
    if (r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') {
      throw new PayNotificationError('malformed', 'unsupported notification resource');
    }
    let plain: string;
    try {
      plain = decryptResource(this.cfg.apiV3Key, r.nonce, typeof r.associated_data === 'string' ? r.associated_data : '', r.ciphertext);
    } catch {
      throw new PayNotificationError('decrypt', 'notification resource does not decrypt');
    }
    let tx: unknown;
    try {
      tx = JSON.parse(plain);
    } catch {
      throw new PayNotificationError('malformed', 'decrypted resource is not JSON');
    }
    // The event type is signed but sits outside the encrypted resource; the resource decides.
    if (typeof envelope.event_type === 'string' && envelope.event_type.startsWith('REFUND.')) {
      const refund = this.refundOf(tx, envelope.id);
      if (!refund) throw new PayNotificationError('malformed', 'refund notification for another merchant or without a refund');
      return { type: 'refund', refund };
    }
    // Another merchant's or app's notification, or one in another currency, is well formed: the
    // notify route records it as an anomaly and acknowledges it (decision 019), so it is read here
    // without the merchant check that queries keep.
    const status = this.transaction(tx, { anyMerchant: true });
    if (!status) throw new PayNotificationError('malformed', 'notification without an order');
    if (!status.transactionId) throw new PayNotificationError('malformed', 'notification without transaction_id');
    return {
      type: 'payment',
      payment: {
        eventId: envelope.id,
        orderNo: status.orderNo,
        transactionId: status.transactionId,
        tradeState: status.tradeState,
        amountFen: status.amountFen ?? -1,
        paidAt: status.paidAt ?? null,
        payerId: isObject(tx) && isObject(tx.payer) && typeof tx.payer.openid === 'string' ? tx.payer.openid : undefined,
        appId: isObject(tx) && typeof tx.appid === 'string' ? tx.appid : '',
        mchId: isObject(tx) && typeof tx.mchid === 'string' ? tx.mchid : '',
        currency: isObject(tx) && isObject(tx.amount) && typeof tx.amount.currency === 'string' ? tx.amount.currency : '',
      },
    };
  }

  /** The decrypted refund resource, if it is ours and well formed (refund_status SUCCESS | CLOSED | ABNORMAL). */
  private refundOf(r: unknown, eventId: string): RefundNotification | null {
    if (!isObject(r) || r.mchid !== this.cfg.mchId) return null;
    const status = r.refund_status;
    const amount = isObject(r.amount) ? r.amount.refund : undefined;
    if (typeof r.out_trade_no !== 'string' || typeof r.out_refund_no !== 'string' || typeof r.refund_id !== 'string' || !isFen(amount)) return null;
    if (status !== 'SUCCESS' && status !== 'CLOSED' && status !== 'ABNORMAL') return null;
    return { eventId, orderNo: r.out_trade_no, refundNo: r.out_refund_no, refundId: r.refund_id, status, amountFen: amount };
  }

  async queryOrder(orderNo: string): Promise<PayOrderStatus> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.cfg.mchId)}`;
    const { status, json } = await this.http.call('GET', path, null, { idempotent: true, accept: [404] });
    if (status === 404) return { orderNo, tradeState: 'NOTFOUND' };
    const parsed = this.transaction(json);
    if (!parsed || parsed.orderNo !== orderNo) throw new PayProviderError('protocol', 'query answer for another order');
    return parsed;
  }

  async closeOrder(orderNo: string): Promise<void> {
    await this.http.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, { mchid: this.cfg.mchId }, { idempotent: true });
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    if (!isFen(input.amountFen) || input.amountFen <= 0 || !isFen(input.totalFen) || input.amountFen > input.totalFen) {
      throw new PayProviderError('api', 'refund amount must be positive integer fen, at most the total', 'PARAM_ERROR');
    }
    const body: Json = {
      out_trade_no: input.orderNo,
      out_refund_no: input.refundNo,
      amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
    };
    if (input.reason) body.reason = input.reason.slice(0, 80);
    // The refund's end (REFUND.SUCCESS/ABNORMAL/CLOSED) comes to the same notify route as payments.
    body.notify_url = input.notifyUrl ?? this.cfg.notifyUrl;
    const { json } = await this.http.call('POST', '/v3/refund/domestic/refunds', body, { idempotent: true });
    return this.refundAnswer(json, input.refundNo);
  }

  async queryRefund(refundNo: string): Promise<RefundResult | null> {
    const path = `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`;
    const { status, json } = await this.http.call('GET', path, null, { idempotent: true, accept: [404] });
    if (status === 404) return null;
    return this.refundAnswer(json, refundNo);
  }

  private refundAnswer(json: Json | null, refundNo: string): RefundResult {
    const refundId = json?.refund_id;
    const status = json?.status;
    const amount = isObject(json?.amount) ? json.amount.refund : undefined;
    if (typeof refundId !== 'string' || typeof status !== 'string' || !REFUND_STATES.has(status as RefundStatus) || !isFen(amount)) {
      throw new PayProviderError('protocol', 'unexpected refund answer');
    }
    if (typeof json?.out_refund_no === 'string' && json.out_refund_no !== refundNo) throw new PayProviderError('protocol', 'refund answer for another refund');
    return { refundNo, refundId, status: status as RefundStatus, amountFen: amount };
  }

  /** v3: 2xx with no body means received; anything else with {code: FAIL} makes WeChat retry. */
  notifyAck(ok: boolean): NotifyAck {
    return ok ? { status: 204, body: null } : { status: 400, body: { code: 'FAIL', message: '失败' } };
  }

  /** The decrypted or queried transaction, if it is ours and well formed. */
  private transaction(tx: unknown, opts: { anyMerchant?: boolean } = {}): PayOrderStatus | null {
    if (!isObject(tx) || (!opts.anyMerchant && tx.mchid !== this.cfg.mchId) || typeof tx.out_trade_no !== 'string') return null;
    const state = tx.trade_state;
    if (typeof state !== 'string' || !TRADE_STATES.has(state as TradeState)) return null;
    const total = isObject(tx.amount) ? tx.amount.total : undefined;
    const paidAt = typeof tx.success_time === 'string' ? new Date(tx.success_time) : undefined;
    return {
      orderNo: tx.out_trade_no,
      tradeState: state as TradeState,
      transactionId: typeof tx.transaction_id === 'string' && tx.transaction_id ? tx.transaction_id : undefined,
      amountFen: isFen(total) ? total : undefined,
      paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : undefined,
    };
  }
}

function parseJson(text: string): Json | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : null;
  } catch {
    return null;
  }
}
