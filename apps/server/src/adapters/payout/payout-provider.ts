/**
 * Paying money OUT to a learner (cash-back rewards, decision 014). Two implementations:
 * `sandbox` (the default, records the transfer in memory) and `wechatpay` (WeChat Pay v3
 * 商家转账到零钱, the merchant of PAY_PROVIDER=wechatpay). Every transfer carries OUR payout number
 * (`payoutNo`), the idempotency key: asking again with the same number never pays twice, it
 * answers the state of the one transfer. Failures throw PayProviderError (payment-provider.ts),
 * whose `retryable` says whether a later sweep should ask again. Money is integer fen.
 */

export interface PayoutInput {
  /** Our transfer number: [0-9A-Za-z], ≤ 32 characters. */
  payoutNo: string;
  userId: number;
  /** The payee's openid for the configured app; required by `wechatpay`. */
  openid?: string;
  /** Positive integer fen. */
  amountFen: number;
  /** What the payee sees (≤ 32 characters). */
  remark: string;
}

/** SUCCESS: in the payee's balance · PROCESSING: accepted, ask again later · FAILED: will not be paid (see reason). */
export type PayoutState = 'SUCCESS' | 'PROCESSING' | 'FAILED';

export interface PayoutResult {
  payoutNo: string;
  state: PayoutState;
  /** The provider's id of the transfer, once it has one. */
  transferId: string | null;
  failReason?: string;
}

export interface PayoutProvider {
  readonly name: 'sandbox' | 'wechatpay';
  /** Starts the transfer, or answers the state of the one already started under `payoutNo`. */
  transfer(input: PayoutInput): Promise<PayoutResult>;
}
