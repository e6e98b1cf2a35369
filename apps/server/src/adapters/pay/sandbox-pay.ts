/**
 * The sandbox payment provider (PAY_PROVIDER=sandbox, the default). It simulates the messaging
 * app's pay bridge end to end without money: prepay answers a prepay id and bridge parameters
 * signed with HMAC-SHA256; the H5's cashier sheet confirms through `POST /v1/orders/{id}/sandbox_pay`,
 * which asks `simulatePayment` for a SIGNED notification and posts it to the same
 * `/v1/pay/notify/sandbox` route a real provider calls, so both share one fulfilment path.
 *
 * Notification wire format: body JSON `{id, orderNo, transactionId, tradeState, amountFen, paidAt,
 * appId?, mchId?, currency?}` (the last three checked like WeChat's when present, decision 019);
 * headers `x-sandbox-timestamp` (seconds), `x-sandbox-nonce`, `x-sandbox-signature` =
 * base64(HMAC-SHA256(secret, `${timestamp}\n${nonce}\n${body}\n`)) — WeChat Pay v3's message
 * layout with an HMAC instead of RSA. Timestamps more than 5 minutes off are refused.
 *
 * Refund notifications use the same signing; their body is
 * `{id, type: 'refund', orderNo, refundNo, refundId, status, amountFen}`. Refunds answer SUCCESS at
 * once by default (the money is simulated); `refundAnswer = 'PROCESSING'` makes them wait like
 * WeChat's usually do, until `settleRefund` ends them and answers the signed REFUND notification.
 *
 * State (what was paid, closed, refunded) lives in memory: it is the "provider's side", lost on
 * restart exactly like a sandbox account would be reset; orders themselves are in our database.
 */
import crypto from 'node:crypto';
import {
  PayNotificationError,
  PayProviderError,
  type NotifyAck,
  type PayNotification,
  type PayOrderStatus,
  type PaymentProvider,
  type PrepayInput,
  type ProviderEvent,
  type RefundStatus,
  type PrepayResult,
  type RefundInput,
  type RefundResult,
} from './payment-provider.ts';

export const SANDBOX_APP_ID = 'sandbox';
export const SANDBOX_MCH_ID = 'sandbox-mch';
const MAX_SKEW_SEC = 5 * 60;

interface SandboxTrade {
  amountFen: number;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId?: string;
  paidAt?: Date;
}

export interface SignedNotification {
  headers: Record<string, string>;
  body: string;
}

/**
 * Where a restarted sandbox finds a trade it took before it started: our own record of an order
 * paid through it. The real provider keeps its trades across our restarts; the sandbox keeps them
 * in memory, so without this an order paid yesterday (or seeded as paid) could not be refunded.
 */
export type SandboxLedger = (orderNo: string) => Promise<{ amountFen: number; transactionId: string; paidAt: number } | undefined>;

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly merchant = { appId: SANDBOX_APP_ID, mchId: SANDBOX_MCH_ID } as const;
  private readonly trades = new Map<string, SandboxTrade>();
  private readonly refunds = new Map<string, RefundResult>();
  private readonly refundOrders = new Map<string, string>();
  private readonly secret: Buffer;
  private readonly now: () => number;
  private ledger: SandboxLedger | null = null;
  /** What a new refund answers: SUCCESS (default) or PROCESSING until `settleRefund`. */
  refundAnswer: 'SUCCESS' | 'PROCESSING' = 'SUCCESS';

  /** `secret`: the server secret the notifications are signed with (derived from TOKEN_SECRET). */
  constructor(opts: { secret: string; now?: () => number }) {
    this.secret = crypto.createHmac('sha256', opts.secret).update('sandbox-pay-notify').digest();
    this.now = opts.now ?? Date.now;
  }

  /** Set at start-up (app.ts) once the database is open. */
  useLedger(ledger: SandboxLedger): void {
    this.ledger = ledger;
  }

  /** The trade of an order: this process's, else a paid one from the ledger (adopted as SUCCESS). */
  private async tradeOf(orderNo: string): Promise<SandboxTrade | undefined> {
    const known = this.trades.get(orderNo);
    if (known || !this.ledger) return known;
    const paid = await this.ledger(orderNo);
    if (!paid) return undefined;
    const trade: SandboxTrade = { amountFen: paid.amountFen, state: 'SUCCESS', transactionId: paid.transactionId, paidAt: new Date(paid.paidAt) };
    this.trades.set(orderNo, trade);
    return trade;
  }

  async prepay(input: PrepayInput): Promise<PrepayResult> {
    if (!Number.isInteger(input.amountFen) || input.amountFen <= 0) throw new PayProviderError('api', 'amount must be positive fen', 'PARAM_ERROR');
    const existing = this.trades.get(input.orderNo);
    if (existing?.state === 'SUCCESS') throw new PayProviderError('api', 'order already paid', 'ORDERPAID');
    if (existing?.state === 'CLOSED') throw new PayProviderError('api', 'order closed', 'ORDER_CLOSED');
    if (!existing) this.trades.set(input.orderNo, { amountFen: input.amountFen, state: 'NOTPAY' });
    const prepayId = `sbx_${crypto.randomBytes(12).toString('hex')}`;
    const timeStamp = String(Math.floor(this.now() / 1000));
    const nonceStr = crypto.randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    const paySign = this.hmac(`${SANDBOX_APP_ID}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
    return {
      scene: input.scene,
      prepayId,
      bridge: { appId: SANDBOX_APP_ID, timeStamp, nonceStr, package: pkg, signType: 'HMAC-SHA256', paySign },
    };
  }

  /**
   * The cashier sheet's confirm: the sandbox "charges" the order (once: asking again answers the
   * same transaction) and returns the signed notification it would post.
   */
  simulatePayment(orderNo: string, amountFen: number): SignedNotification {
    let trade = this.trades.get(orderNo);
    if (!trade) {
      trade = { amountFen, state: 'NOTPAY' };
      this.trades.set(orderNo, trade);
    }
    if (trade.state === 'CLOSED') throw new PayProviderError('api', 'order closed', 'ORDER_CLOSED');
    if (trade.state === 'NOTPAY') {
      trade.state = 'SUCCESS';
      trade.transactionId = `sbx${Date.now()}${crypto.randomBytes(8).toString('hex')}`;
      trade.paidAt = new Date(this.now());
    }
    return this.signNotification({
      id: crypto.randomUUID(),
      orderNo,
      transactionId: trade.transactionId as string,
      tradeState: 'SUCCESS',
      amountFen: trade.amountFen,
      paidAt: (trade.paidAt as Date).toISOString(),
      appId: SANDBOX_APP_ID,
      mchId: SANDBOX_MCH_ID,
      currency: 'CNY',
    });
  }

  /** Signs any notification body (tests use it to build forged or wrong-amount ones). */
  signNotification(payload: Record<string, unknown>, at: number = this.now()): SignedNotification {
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(at / 1000));
    const nonce = crypto.randomBytes(16).toString('hex');
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-nonce': nonce,
        'x-sandbox-signature': this.hmac(`${timestamp}\n${nonce}\n${body}\n`),
      },
    };
  }

  async parseNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PayNotification> {
    const event = await this.parseEvent(headers, rawBody);
    if (event.type !== 'payment') throw new PayNotificationError('malformed', 'not a payment notification');
    return event.payment;
  }

  async parseEvent(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<ProviderEvent> {
    const timestamp = header(headers, 'x-sandbox-timestamp');
    const nonce = header(headers, 'x-sandbox-nonce');
    const signature = header(headers, 'x-sandbox-signature');
    if (!timestamp || !nonce || !signature) throw new PayNotificationError('signature', 'missing signature headers');
    const expected = Buffer.from(this.hmac(`${timestamp}\n${nonce}\n${rawBody}\n`));
    const given = Buffer.from(signature);
    // Verify before parsing: nothing in an unsigned body is read.
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      throw new PayNotificationError('signature', 'signature does not verify');
    }
    const ts = Number(timestamp);
    if (!Number.isInteger(ts) || Math.abs(this.now() / 1000 - ts) > MAX_SKEW_SEC) throw new PayNotificationError('stale', 'timestamp out of range');
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new PayNotificationError('malformed', 'body is not JSON');
    }
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const fen = typeof b.amountFen === 'number' && Number.isInteger(b.amountFen);
    if (b.type === 'refund') {
      if (typeof b.id !== 'string' || typeof b.orderNo !== 'string' || typeof b.refundNo !== 'string' || typeof b.refundId !== 'string' || !fen) {
        throw new PayNotificationError('malformed', 'missing fields');
      }
      if (b.status !== 'SUCCESS' && b.status !== 'CLOSED' && b.status !== 'ABNORMAL') throw new PayNotificationError('malformed', 'bad refund status');
      return {
        type: 'refund',
        refund: { eventId: b.id, orderNo: b.orderNo, refundNo: b.refundNo, refundId: b.refundId, status: b.status, amountFen: b.amountFen as number },
      };
    }
    if (typeof b.id !== 'string' || typeof b.orderNo !== 'string' || typeof b.transactionId !== 'string' || typeof b.tradeState !== 'string' || !fen) {
      throw new PayNotificationError('malformed', 'missing fields');
    }
    const paidAt = typeof b.paidAt === 'string' && !Number.isNaN(Date.parse(b.paidAt)) ? new Date(b.paidAt) : null;
    return {
      type: 'payment',
      payment: {
        eventId: b.id,
        orderNo: b.orderNo,
        transactionId: b.transactionId,
        tradeState: b.tradeState as PayNotification['tradeState'],
        amountFen: b.amountFen as number,
        paidAt,
        ...(typeof b.appId === 'string' ? { appId: b.appId } : {}),
        ...(typeof b.mchId === 'string' ? { mchId: b.mchId } : {}),
        ...(typeof b.currency === 'string' ? { currency: b.currency } : {}),
      },
    };
  }

  async queryOrder(orderNo: string): Promise<PayOrderStatus> {
    const trade = this.trades.get(orderNo);
    if (!trade) return { orderNo, tradeState: 'NOTFOUND' };
    return { orderNo, tradeState: trade.state, transactionId: trade.transactionId, amountFen: trade.amountFen, paidAt: trade.paidAt };
  }

  async closeOrder(orderNo: string): Promise<void> {
    const trade = this.trades.get(orderNo);
    if (!trade) return;
    if (trade.state === 'SUCCESS' || trade.state === 'REFUND') throw new PayProviderError('api', 'order already paid', 'ORDERPAID');
    trade.state = 'CLOSED';
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const done = this.refunds.get(input.refundNo);
    if (done) return { ...done };
    const trade = await this.tradeOf(input.orderNo);
    if (!trade || (trade.state !== 'SUCCESS' && trade.state !== 'REFUND')) throw new PayProviderError('api', 'order not paid', 'ORDER_NOT_EXIST');
    if (input.amountFen <= 0 || input.amountFen > trade.amountFen) throw new PayProviderError('api', 'bad refund amount', 'PARAM_ERROR');
    trade.state = 'REFUND';
    const result: RefundResult = { refundNo: input.refundNo, refundId: `sbxr_${crypto.randomBytes(8).toString('hex')}`, status: this.refundAnswer, amountFen: input.amountFen };
    this.refunds.set(input.refundNo, result);
    this.refundOrders.set(input.refundNo, input.orderNo);
    return { ...result };
  }

  async queryRefund(refundNo: string): Promise<RefundResult | null> {
    const r = this.refunds.get(refundNo);
    return r ? { ...r } : null;
  }

  /** Ends a PROCESSING refund (the bank answered) and answers the signed refund notification it would post. */
  settleRefund(refundNo: string, status: Exclude<RefundStatus, 'PROCESSING'> = 'SUCCESS'): SignedNotification {
    const r = this.refunds.get(refundNo);
    if (!r) throw new PayProviderError('api', 'no such refund', 'RESOURCE_NOT_EXISTS');
    if (r.status === 'PROCESSING') r.status = status;
    return this.signNotification({
      id: crypto.randomUUID(),
      type: 'refund',
      orderNo: this.refundOrders.get(refundNo) ?? '',
      refundNo,
      refundId: r.refundId,
      status: r.status,
      amountFen: r.amountFen,
    });
  }

  notifyAck(ok: boolean): NotifyAck {
    return ok ? { status: 200, body: { code: 'SUCCESS', message: '成功' } } : { status: 400, body: { code: 'FAIL', message: '失败' } };
  }

  private hmac(message: string): string {
    return crypto.createHmac('sha256', this.secret).update(message).digest('base64');
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
