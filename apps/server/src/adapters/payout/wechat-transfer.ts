/**
 * WeChat Pay v3 商家转账到零钱 (direct merchant), the published protocol:
 *   POST /v3/transfer/batches                                               start a batch (one detail here)
 *   GET  /v3/transfer/batches/out-batch-no/{no}/details/out-detail-no/{no}  one transfer's state
 * Our payout number is both out_batch_no and out_detail_no: one reward, one batch. WeChat treats
 * a repeated out_batch_no as the same batch (its documentation: retry with the ORIGINAL number,
 * never a new one), so asking again never pays twice. We still ask for the detail first: a
 * transfer that already exists is answered without starting anything.
 *
 * Requests are signed and answers verified exactly like the pay client (adapters/pay/wechat-pay.ts,
 * whose signing helpers this imports): Authorization WECHATPAY2-SHA256-RSA2048 with the merchant
 * key, answers signed by the platform key over `timestamp\nnonce\nbody\n` and refused unless that
 * verifies and the timestamp is within five minutes.
 */
import crypto from 'node:crypto';
import { PayProviderError } from '../pay/payment-provider.ts';
import { buildAuthorization, MAX_CLOCK_SKEW_SEC, rsaVerify, type WechatPayConfig } from '../pay/wechat-pay.ts';
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
  private readonly privateKey: crypto.KeyObject;
  private readonly platformKey: crypto.KeyObject;
  private readonly timeoutMs: number;

  constructor(
    private readonly cfg: Pick<WechatPayConfig, 'appId' | 'mchId' | 'serialNo' | 'privateKey' | 'platformPublicKey' | 'platformSerial' | 'apiBase' | 'timeoutMs'>,
    private readonly now: () => number = Date.now,
  ) {
    this.privateKey = crypto.createPrivateKey(cfg.privateKey);
    this.platformKey = crypto.createPublicKey(cfg.platformPublicKey);
    this.timeoutMs = cfg.timeoutMs ?? 10_000;
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

  private async call(method: 'GET' | 'POST', pathWithQuery: string, body: Json | null, accept: number[] = []): Promise<{ status: number; json: Json | null }> {
    const payload = body === null ? '' : JSON.stringify(body);
    const authorization = buildAuthorization(
      { mchId: this.cfg.mchId, serialNo: this.cfg.serialNo, privateKey: this.privateKey },
      method,
      pathWithQuery,
      payload,
      Math.floor(this.now() / 1000),
      crypto.randomBytes(16).toString('hex'),
    );
    const headers: Record<string, string> = { authorization, accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'jinfa-server/1 (node)' };
    // Required by the transfer API (it may carry encrypted names): which platform key we trust.
    if (this.cfg.platformSerial) headers['wechatpay-serial'] = this.cfg.platformSerial;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.cfg.apiBase}${pathWithQuery}`, { method, headers, body: body === null ? undefined : payload, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await res.text();
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new PayProviderError('timeout', `WeChat Pay did not answer ${method} ${pathWithQuery}`);
      throw new PayProviderError('network', `WeChat Pay unreachable: ${(err as Error)?.message ?? String(err)}`);
    }
    let json: Json | null = null;
    try {
      const v: unknown = text ? JSON.parse(text) : null;
      json = isObject(v) ? v : null;
    } catch {
      json = null;
    }
    if (!res.ok && !accept.includes(res.status)) {
      const code = typeof json?.code === 'string' ? json.code : null;
      throw new PayProviderError(res.status >= 500 ? 'upstream' : 'api', `${method} ${pathWithQuery}: ${res.status} ${code ?? ''}`.trim(), code, res.status);
    }
    if (!res.ok) return { status: res.status, json };
    // Only a verified answer is believed: a forged SUCCESS must never mark a reward paid.
    const timestamp = res.headers.get('wechatpay-timestamp');
    const nonce = res.headers.get('wechatpay-nonce');
    const signature = res.headers.get('wechatpay-signature');
    const serial = res.headers.get('wechatpay-serial');
    if (this.cfg.platformSerial && serial !== this.cfg.platformSerial) {
      throw new PayProviderError('signature', `${method} ${pathWithQuery}: answer signed with unknown serial ${serial ?? ''}`, null, res.status);
    }
    if (!timestamp || !nonce || !signature || !rsaVerify(`${timestamp}\n${nonce}\n${text}\n`, signature, this.platformKey)) {
      throw new PayProviderError('signature', `${method} ${pathWithQuery}: answer signature does not verify`, null, res.status);
    }
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(this.now() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SEC) {
      throw new PayProviderError('signature', `${method} ${pathWithQuery}: answer timestamp is off`, null, res.status);
    }
    if (json === null) throw new PayProviderError('protocol', `${method} ${pathWithQuery}: non-JSON answer`, null, res.status);
    return { status: res.status, json };
  }
}
