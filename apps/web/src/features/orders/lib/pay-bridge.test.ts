import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayParams } from '@jinfa/shared/schemas';
import { PAY_ERROR, PAY_FAILED, PAY_OK, invokeWechatPay, mapPayResult, requestPayment, toBrandWcPayRequest } from './pay-bridge.ts';

const wechatParams: PayParams = {
  provider: 'wechatpay',
  timestamp: '1763800000',
  nonceStr: 'n0nce',
  prepayId: 'wx201410272009395522657a690389285100',
  signType: 'RSA',
  sign: 'c2lnbg==',
  appId: 'wxd678efh567hg6787',
};

type Invoke = (name: string, params: unknown, cb: (res: { err_msg?: string }) => void) => void;

function stubBridge(invoke: Invoke) {
  vi.stubGlobal('WeixinJSBridge', { invoke: vi.fn(invoke) });
  return (window as unknown as { WeixinJSBridge: { invoke: ReturnType<typeof vi.fn> } }).WeixinJSBridge;
}

afterEach(() => vi.unstubAllGlobals());

describe('pay bridge result mapping (spec §7.4)', () => {
  it.each([
    ['get_brand_wcpay_request:ok', PAY_OK],
    ['get_brand_wcpay_request:cancel', PAY_FAILED],
    ['get_brand_wcpay_request:fail', PAY_FAILED],
    ['get_brand_wcpay_request:fail_invalid appid', PAY_FAILED],
    ['system:access_denied', PAY_ERROR],
    ['', PAY_ERROR],
    [undefined, PAY_ERROR],
  ])('%s → %i', (errMsg, code) => {
    expect(mapPayResult(errMsg).errCode).toBe(code);
  });

  it('marks only a cancel as cancelled', () => {
    expect(mapPayResult('get_brand_wcpay_request:cancel').cancelled).toBe(true);
    expect(mapPayResult('get_brand_wcpay_request:fail').cancelled).toBe(false);
  });
});

describe('WeixinJSBridge getBrandWCPayRequest', () => {
  it('sends the JSAPI fields and maps ok to 0', async () => {
    const bridge = stubBridge((_name, _params, cb) => cb({ err_msg: 'get_brand_wcpay_request:ok' }));
    const result = await invokeWechatPay(wechatParams);
    expect(result.errCode).toBe(0);
    expect(bridge.invoke).toHaveBeenCalledWith(
      'getBrandWCPayRequest',
      {
        appId: 'wxd678efh567hg6787',
        timeStamp: '1763800000',
        nonceStr: 'n0nce',
        package: 'prepay_id=wx201410272009395522657a690389285100',
        signType: 'RSA',
        paySign: 'c2lnbg==',
      },
      expect.any(Function),
    );
  });

  it.each([
    ['get_brand_wcpay_request:cancel', PAY_FAILED],
    ['get_brand_wcpay_request:fail', PAY_FAILED],
    ['something odd', PAY_ERROR],
  ])('maps %s to %i', async (errMsg, code) => {
    stubBridge((_name, _params, cb) => cb({ err_msg: errMsg }));
    expect((await invokeWechatPay(wechatParams)).errCode).toBe(code);
  });

  it('waits for WeixinJSBridgeReady when the bridge is not injected yet', async () => {
    const pending = invokeWechatPay(wechatParams);
    stubBridge((_name, _params, cb) => cb({ err_msg: 'get_brand_wcpay_request:ok' }));
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    expect((await pending).errCode).toBe(PAY_OK);
  });

  it('answers -100 when no bridge ever comes', async () => {
    expect((await invokeWechatPay(wechatParams, 0)).errCode).toBe(PAY_ERROR);
  });

  it('keeps a package the server sent', () => {
    expect(toBrandWcPayRequest({ ...wechatParams, package: 'prepay_id=abc' }).package).toBe('prepay_id=abc');
  });
});

describe('requestPayment', () => {
  it('uses the sandbox sheet for the sandbox provider, even inside WeChat', async () => {
    const bridge = stubBridge(() => {});
    const sandbox = vi.fn(async () => 'get_brand_wcpay_request:ok');
    const result = await requestPayment({ ...wechatParams, provider: 'sandbox' }, { sandbox, inWechat: true });
    expect(result.errCode).toBe(PAY_OK);
    expect(sandbox).toHaveBeenCalledOnce();
    expect(bridge.invoke).not.toHaveBeenCalled();
  });

  it('uses WeChat inside WeChat for the wechatpay provider', async () => {
    stubBridge((_name, _params, cb) => cb({ err_msg: 'get_brand_wcpay_request:cancel' }));
    const sandbox = vi.fn(async () => 'get_brand_wcpay_request:ok');
    const result = await requestPayment(wechatParams, { sandbox, inWechat: true });
    expect(result).toMatchObject({ errCode: PAY_FAILED, cancelled: true });
    expect(sandbox).not.toHaveBeenCalled();
  });

  it('answers -100 for wechatpay outside WeChat, and when the sandbox sheet breaks', async () => {
    const sandbox = vi.fn(async () => {
      throw new Error('boom');
    });
    expect((await requestPayment(wechatParams, { sandbox, inWechat: false })).errCode).toBe(PAY_ERROR);
    expect((await requestPayment({ ...wechatParams, provider: 'sandbox' }, { sandbox })).errCode).toBe(PAY_ERROR);
  });
});
