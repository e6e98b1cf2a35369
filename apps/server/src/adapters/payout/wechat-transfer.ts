/**
 * WeChat Pay v3 商家转账到零钱 (direct merchant), the published protocol:
 *   POST /v3/transfer/batches                                               start a batch (one detail here)
 *   GET  /v3/transfer/batches/out-batch-no/{no}/details/out-detail-no/{no}  one transfer's state
 * Our payout number is both out_batch_no and out_detail_no: one reward, one batch. WeChat treats
 * a repeated out_batch_no as the same batch (its documentation: retry with the ORIGINAL number,
 * never a new one), so asking again never pays twice. We still ask for the detail first: a
 * transfer that already exists is answered without starting anything.
 *
 * Requests are signed and answers verified by the pay client's transport (WechatV3Transport in
 * adapters/pay/wechat-pay.ts): Authorization WECHATPAY2-SHA256-RSA2048 with the merchant
 * key, answers signed by the platform key over `timestamp\nnonce\nbody\n` and refused unless that
 * verifies and the timestamp is within five minutes.
 */
import { PayProviderError } from '../pay/payment-provider.ts';
import { WechatV3Transport, type Answer, type WechatPayConfig, type WechatV3Settings } from '../pay/wechat-pay.ts';
import type { PayoutInput, PayoutProvider, PayoutResult, PayoutState } from './payout-provider.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Detail states: INIT, WAIT_PAY and PROCESSING are still on their way. */
function stateOf(detailStatus: unknown): PayoutState {
  if (detailStatus === 'SUCCESS') return 'SUCCESS';
  if (detailStatus === 'FAIL') return 'FAILED';
  return 'PROCESSING';
}

export class WechatTransferClient implements PayoutProvider {
  readonly name = 'wechatpay' as const;
  private readonly http: WechatV3Transport;

  constructor(
    private readonly cfg: WechatV3Settings & Pick<WechatPayConfig, 'appId'>,
    now: () => number = Date.now,
  ) {
    // Required by the transfer API (it may carry encrypted names): which platform key we trust.
    this.http = new WechatV3Transport(cfg, now, cfg.platformSerial ? { 'wechatpay-serial': cfg.platformSerial } : {});
  }

  async transfer(input: PayoutInput): Promise<PayoutResult> {
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new PayProviderError('api', 'amount must be positive fen', 'PARAM_ERROR');
    if (!/^[0-9A-Za-z]{5,32}$/.test(input.payoutNo)) throw new PayProviderError('api', 'payout number must be 5–32 letters or digits', 'PARAM_ERROR');
    if (!input.openid) throw new PayProviderError('api', 'the payee has no WeChat openid for this app', 'NO_OPENID');
    const known = await this.detail(input.payoutNo);
    if (known) return known;
    const remark = input.remark.slice(0, 32);
    const body: Json = {
      appid: this.cfg.appId,
      out_batch_no: input.payoutNo,
      batch_name: remark,
      batch_remark: remark,
      total_amount: input.amountFen,
      total_num: 1,
      transfer_detail_list: [{ out_detail_no: input.payoutNo, transfer_amount: input.amountFen, transfer_remark: remark, openid: input.openid }],
    };
    const { json } = await this.call('POST', '/v3/transfer/batches', body);
    const batchId = json?.batch_id;
    if (typeof batchId !== 'string' || json?.out_batch_no !== input.payoutNo) throw new PayProviderError('protocol', 'unexpected transfer answer');
    if (json.batch_status === 'CLOSED') return { payoutNo: input.payoutNo, state: 'FAILED', transferId: batchId, failReason: 'batch closed' };
    // Accepted: the detail settles within minutes; a later sweep asks again with the same number.
    return (await this.detail(input.payoutNo)) ?? { payoutNo: input.payoutNo, state: 'PROCESSING', transferId: batchId };
  }

  /** The transfer's state, or null when WeChat has no such transfer (yet). */
  private async detail(payoutNo: string): Promise<PayoutResult | null> {
    const no = encodeURIComponent(payoutNo);
    const { status, json } = await this.call('GET', `/v3/transfer/batches/out-batch-no/${no}/details/out-detail-no/${no}`, null, [404]);
    if (status === 404) return null;
    if (!isObject(json) || json.out_detail_no !== payoutNo) throw new PayProviderError('protocol', 'transfer detail for another number');
    const state = stateOf(json.detail_status);
    const result: PayoutResult = { payoutNo, state, transferId: typeof json.detail_id === 'string' ? json.detail_id : null };
    if (state === 'FAILED') result.failReason = typeof json.fail_reason === 'string' ? json.fail_reason : 'FAIL';
    return result;
  }

  private call(method: 'GET' | 'POST', pathWithQuery: string, body: Json | null, accept: number[] = []): Promise<Answer> {
    // Never retried here: a batch is only ever started again by a later sweep, after asking for it.
    return this.http.call(method, pathWithQuery, body, { idempotent: false, accept });
  }
}
