import type { PayParams, PayScene } from '@jinfa/shared/schemas';
import { isMobileDevice, isWechat } from '../../../lib/user-agent.ts';

/**
 * The pay bridge (spec §7.4, issue 4). With the `wechatpay` provider: inside WeChat it is
 * WeChat's own `WeixinJSBridge.invoke('getBrandWCPayRequest')` (JSAPI); in a mobile browser the
 * learner goes to WeChat's H5 cashier (`h5Url`) and comes back to the pay result page; on a
 * desktop a QR code of `codeUrl` is scanned with WeChat (Native). With the `sandbox` provider it
 * is our cashier sheet. Sheets answer with the same `err_msg` strings, so all go through one
 * result mapping.
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
  /** The page is going to WeChat's H5 cashier; the pay result page confirms when it comes back. */
  leaving?: boolean;
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

/** How this browser can pay with WeChat Pay: the bridge inside WeChat, H5 on a phone, a QR code on a desktop. */
export function paySceneOf(ua?: string): PayScene {
  if (isWechat(ua)) return 'jsapi';
  return isMobileDevice(ua) ? 'h5' : 'native';
}

/** An absolute address of an app path, routed the way this origin routes (hash over http, path over https; spec §2). */
export function absoluteAppUrl(appPath: string, loc: Pick<Location, 'origin' | 'protocol'> = window.location): string {
  return loc.protocol === 'http:' ? `${loc.origin}/#${appPath}` : `${loc.origin}${appPath}`;
}

/** WeChat's H5 cashier URL with where to come back to (WeChat wants `redirect_url` url-encoded). */
export function h5PayUrl(h5Url: string, returnTo: string): string {
  return `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(returnTo)}`;
}

export interface PayBridgeOptions {
  /** Our sandbox cashier sheet: resolves with a WeChat-style `err_msg`. */
  sandbox: (params: PayParams) => Promise<string>;
  /** The Native QR sheet: resolves with a WeChat-style `err_msg` once paid (`:ok`) or closed (`:cancel`). */
  native?: (codeUrl: string, params: PayParams) => Promise<string>;
  /** Leaves for WeChat's H5 cashier (the page unloads; the result page takes over). */
  h5?: (h5Url: string, params: PayParams) => void;
  /** Defaults to the browser's user agent. */
  inWechat?: boolean;
}

/** Hand the pay parameters to the right cashier and map its answer (spec §7.4). */
export async function requestPayment(params: PayParams, options: PayBridgeOptions): Promise<PayResult> {
  if (params.provider === 'sandbox') return mapPayResult(await options.sandbox(params).catch(() => ''));
  if (params.codeUrl && options.native) return mapPayResult(await options.native(params.codeUrl, params).catch(() => ''));
  if (params.h5Url && options.h5) {
    options.h5(params.h5Url, params);
    return { errCode: PAY_OK, errMsg: 'h5_redirect', cancelled: false, leaving: true };
  }
  if (options.inWechat ?? isWechat()) return invokeWechatPay(params);
  // JSAPI parameters outside WeChat (a scene the server did not honour): nothing can pay them here.
  return mapPayResult('not_in_wechat');
}
