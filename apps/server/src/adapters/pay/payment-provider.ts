/**
 * The payment provider behind orders (decision 009). Two implementations share this interface and
 * one notify handler: `sandbox` (the default; simulates the pay bridge end to end) and `wechatpay`
 * (WeChat Pay v3). The order service never sees provider wire formats: it asks for pay parameters,
 * hands the notify route's headers and RAW body to `parseNotification` (signatures are computed over
 * the exact bytes, so the route must not re-serialise the JSON), asks `queryOrder` when a
 * notification never came, and closes or refunds by our own numbers. Money is integer fen.
 */

/** How the learner pays: the bridge inside WeChat, the mobile-browser H5 page, or a QR code. */
export type PayScene = 'jsapi' | 'h5' | 'native';

/** The provider's view of one order (WeChat's trade_state, plus NOTFOUND when it never heard of it). */
export type TradeState = 'SUCCESS' | 'NOTPAY' | 'CLOSED' | 'REFUND' | 'USERPAYING' | 'PAYERROR' | 'REVOKED' | 'NOTFOUND';

export interface PrepayInput {
  /** Our order number (WeChat's out_trade_no: 6–32 of [0-9A-Za-z_*-]). */
  orderNo: string;
  /** What the learner sees on the pay sheet and the bill (≤ 127 chars). */
  description: string;
  /** Positive integer fen. */
  amountFen: number;
  scene: PayScene;
  /** The payer's openid for this app; required for `jsapi`. */
  openid?: string;
  /** The payer's IP; required for `h5`. */
  clientIp?: string;
  /** Where the provider posts the notification; defaults to the configured one. */
  notifyUrl?: string;
  /** After this the provider refuses payment (the order closes on our side as well). */
  expiresAt: Date;
}

/** Everything the H5 needs to open the pay sheet (WeixinJSBridge `getBrandWCPayRequest` for jsapi). */
export interface PrepayResult {
  scene: PayScene;
  prepayId: string;
  /** Parameters of `getBrandWCPayRequest`, exactly as the bridge wants them (jsapi and sandbox). */
  bridge?: {
    appId: string;
    /** Seconds since the epoch, as a string (the bridge's own spelling is `timeStamp`). */
    timeStamp: string;
    nonceStr: string;
    /** `prepay_id=…` */
    package: string;
    signType: 'RSA' | 'HMAC-SHA256';
    paySign: string;
  };
  /** The cashier page to send a mobile browser to (h5). */
  h5Url?: string;
  /** The weixin:// link to render as a QR code (native). */
  codeUrl?: string;
}

/** A verified, decrypted payment notification. */
export interface PayNotification {
  /** The provider's id of this notification; the same event may arrive many times. */
  eventId: string;
  orderNo: string;
  transactionId: string;
  tradeState: TradeState;
  /** The order total the provider charged (amount.total), to be checked against our order. */
  amountFen: number;
  paidAt: Date | null;
  /** openid of the payer when the provider reports it. */
  payerId?: string;
  /**
   * Whom the money went to and in what, as the notification says (WeChat's appid, mchid,
   * amount.currency). Checked against `PaymentProvider.merchant` and 'CNY' by the notify route
   * (decision 019); absent when the provider's notification does not carry them.
   */
  appId?: string;
  mchId?: string;
  currency?: string;
}

export interface PayOrderStatus {
  orderNo: string;
  tradeState: TradeState;
  transactionId?: string;
  amountFen?: number;
  paidAt?: Date;
}

export interface RefundInput {
  orderNo: string;
  /** Our refund number: the idempotency key. Asking again with the same number never refunds twice. */
  refundNo: string;
  amountFen: number;
  /** The original order total in fen. */
  totalFen: number;
  reason?: string;
  notifyUrl?: string;
}

export type RefundStatus = 'SUCCESS' | 'PROCESSING' | 'CLOSED' | 'ABNORMAL';

export interface RefundResult {
  refundNo: string;
  refundId: string;
  status: RefundStatus;
  amountFen: number;
}

/** A verified, decrypted refund notification (WeChat's REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED). */
export interface RefundNotification {
  eventId: string;
  orderNo: string;
  refundNo: string;
  refundId: string;
  /** SUCCESS, CLOSED or ABNORMAL: a notification only comes once the refund has ended. */
  status: RefundStatus;
  amountFen: number;
}

/** What the notify route received: a payment or a refund, told apart by the provider's event type. */
export type ProviderEvent = { type: 'payment'; payment: PayNotification } | { type: 'refund'; refund: RefundNotification };

/** What the notify route answers so that the provider stops (ok) or retries (not ok). */
export interface NotifyAck {
  status: number;
  body: unknown;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'wechatpay';
  /** The configured app id and merchant id a notification must name to be believed (decision 019). */
  readonly merchant: { readonly appId: string; readonly mchId: string };
  prepay(input: PrepayInput): Promise<PrepayResult>;
  /**
   * Verifies the signature BEFORE parsing, then decrypts. Throws PayNotificationError on a bad or
   * missing signature, a timestamp more than 5 minutes off, or an undecryptable/malformed resource.
   * `headers` as Node gives them (lower-case names).
   */
  parseNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PayNotification>;
  /** Like parseNotification (same checks), for every event the notify URL receives: payments and refunds. */
  parseEvent(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<ProviderEvent>;
  queryOrder(orderNo: string): Promise<PayOrderStatus>;
  /** Closes an unpaid order; closing an already-closed one is fine. Throws PayProviderError code ORDERPAID when it was paid. */
  closeOrder(orderNo: string): Promise<void>;
  /** Asks for a refund; the same refundNo never refunds twice and answers the same refund. */
  refund(input: RefundInput): Promise<RefundResult>;
  /** The provider's state of one refund by our number; null when it never heard of it. */
  queryRefund(refundNo: string): Promise<RefundResult | null>;
  notifyAck(ok: boolean): NotifyAck;
}

export type PayNotificationFault = 'signature' | 'stale' | 'decrypt' | 'malformed';

/** A notification that must not be believed. The notify route answers notifyAck(false) and changes nothing. */
export class PayNotificationError extends Error {
  constructor(
    readonly fault: PayNotificationFault,
    message: string,
  ) {
    super(message);
    this.name = 'PayNotificationError';
  }
}

/**
 * A failed call to the provider. `kind` says whether it is worth retrying later ('network',
 * 'timeout', 'upstream' = a 5xx) or not ('api' = the provider refused, with its `code`;
 * 'signature' = the answer's signature did not verify; 'protocol' = an answer we cannot read).
 */
export class PayProviderError extends Error {
  constructor(
    readonly kind: 'api' | 'network' | 'timeout' | 'upstream' | 'signature' | 'protocol',
    message: string,
    /** The provider's error code, e.g. ORDERPAID, ORDER_NOT_EXIST, PARAM_ERROR, SIGN_ERROR. */
    readonly code: string | null = null,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'PayProviderError';
  }

  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'upstream';
  }
}
