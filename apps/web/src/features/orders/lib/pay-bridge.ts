import type { PayParams } from '@jinfa/shared/schemas';
import { isWechat } from '../../../lib/user-agent.ts';

/**
 * The pay bridge (spec §7.4, issue 4). Inside WeChat with the `wechatpay` provider it is
 * WeChat's own `WeixinJSBridge.invoke('getBrandWCPayRequest')`; otherwise (the `sandbox`
 * provider) it is our cashier sheet, which answers with the same `err_msg` strings, so both go
 * through one result mapping.
 */

/** Payment result codes (spec §7.4): success 0, failure -1093, any other failure -100. */
export const PAY_OK = 0;
export const PAY_FAILED = -1093;
export const PAY_ERROR = -100;
export type PayErrCode = typeof PAY_OK | typeof PAY_FAILED | typeof PAY_ERROR;

export interface PayResult {
  errCode: PayErrCode;
  /** WeChat's `err_msg` as received ('' when there was none). */
  errMsg: string;
  /** The learner closed the sheet (a -1093 that needs no failure message). */
  cancelled: boolean;
}

/** `get_brand_wcpay_request:ok` → 0, `:cancel` / `:fail` → -1093, anything else → -100. */
export function mapPayResult(errMsg: string | null | undefined): PayResult {
  const msg = typeof errMsg === 'string' ? errMsg.trim() : '';
  if (msg === 'get_brand_wcpay_request:ok') return { errCode: PAY_OK, errMsg: msg, cancelled: false };
  if (msg === 'get_brand_wcpay_request:cancel') return { errCode: PAY_FAILED, errMsg: msg, cancelled: true };
  if (msg.startsWith('get_brand_wcpay_request:fail')) return { errCode: PAY_FAILED, errMsg: msg, cancelled: false };
  return { errCode: PAY_ERROR, errMsg: msg, cancelled: false };
}

/** What `getBrandWCPayRequest` takes (WeChat Pay JSAPI doc). */
export interface BrandWcPayRequest {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

interface WeixinJSBridgeLike {
  invoke(name: 'getBrandWCPayRequest', params: BrandWcPayRequest, callback: (res: { err_msg?: string; errMsg?: string }) => void): void;
}

function bridge(): WeixinJSBridgeLike | undefined {
  return (window as { WeixinJSBridge?: WeixinJSBridgeLike }).WeixinJSBridge;
}

/** The bridge is injected by WeChat some time after load; wait for its ready event if need be. */
function whenBridgeReady(timeoutMs: number): Promise<WeixinJSBridgeLike | undefined> {
  const ready = bridge();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('WeixinJSBridgeReady', done);
      resolve(bridge());
    };
    const timer = setTimeout(done, timeoutMs);
    document.addEventListener('WeixinJSBridgeReady', done);
  });
}

export function toBrandWcPayRequest(params: PayParams): BrandWcPayRequest {
  return {
    appId: params.appId ?? '',
    timeStamp: params.timestamp,
    nonceStr: params.nonceStr,
    package: params.package ?? `prepay_id=${params.prepayId}`,
    signType: params.signType,
    paySign: params.sign,
  };
}

/** WeChat's own cashier, inside WeChat. */
export async function invokeWechatPay(params: PayParams, readyTimeoutMs = 5000): Promise<PayResult> {
  const jsBridge = await whenBridgeReady(readyTimeoutMs);
  if (!jsBridge) return mapPayResult('bridge_unavailable');
  return new Promise((resolve) => {
    try {
      jsBridge.invoke('getBrandWCPayRequest', toBrandWcPayRequest(params), (res) =>
        resolve(mapPayResult(res?.err_msg ?? res?.errMsg)),
      );
    } catch {
      resolve(mapPayResult('invoke_threw'));
    }
  });
}

export interface PayBridgeOptions {
  /** Our sandbox cashier sheet: resolves with a WeChat-style `err_msg`. */
  sandbox: (params: PayParams) => Promise<string>;
  /** Defaults to the browser's user agent. */
  inWechat?: boolean;
}

/** Hand the pay parameters to the right cashier and map its answer (spec §7.4). */
export async function requestPayment(params: PayParams, options: PayBridgeOptions): Promise<PayResult> {
  if (params.provider === 'sandbox') return mapPayResult(await options.sandbox(params).catch(() => ''));
  if (options.inWechat ?? isWechat()) return invokeWechatPay(params);
  // TODO(issue 4): H5 / Native QR pay for ordinary browsers; until then WeChat Pay needs WeChat.
  return mapPayResult('not_in_wechat');
}
