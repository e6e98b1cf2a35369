import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayParams } from '@jinfa/shared/schemas';
import { PAY_ERROR, PAY_FAILED, PAY_OK, absoluteAppUrl, h5PayUrl, invokeWechatPay, mapPayResult, paySceneOf, requestPayment, toBrandWcPayRequest } from './pay-bridge.ts';

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

describe('WeChat Pay outside WeChat (H5 and Native)', () => {
  const iphoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
  const iphoneWechat = `${iphoneSafari} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`;
  const desktopChrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

  it('picks jsapi inside WeChat, h5 in a mobile browser, native on a desktop', () => {
    expect(paySceneOf(iphoneWechat)).toBe('jsapi');
    expect(paySceneOf(iphoneSafari)).toBe('h5');
    expect(paySceneOf(desktopChrome)).toBe('native');
  });

  it('writes the way back the way the origin routes: hash over http, path over https', () => {
    expect(absoluteAppUrl('/order/payResult?orderId=5', { origin: 'http://10.0.0.2:3000', protocol: 'http:' })).toBe('http://10.0.0.2:3000/#/order/payResult?orderId=5');
    expect(absoluteAppUrl('/order/payResult?orderId=5', { origin: 'https://h5.example.cn', protocol: 'https:' })).toBe('https://h5.example.cn/order/payResult?orderId=5');
  });

  it('appends an encoded redirect_url to the H5 cashier URL', () => {
    const back = 'https://h5.example.cn/order/payResult?orderId=5&courseId=7';
    expect(h5PayUrl('https://wx.tenpay.com/checkmweb?prepay_id=wx1&package=1', back)).toBe(
      `https://wx.tenpay.com/checkmweb?prepay_id=wx1&package=1&redirect_url=${encodeURIComponent(back)}`,
    );
  });

  it('no longer answers -100 for h5 and native: it leaves for h5_url, or answers the QR sheet', async () => {
    const h5 = vi.fn();
    const leaving = await requestPayment({ ...wechatParams, h5Url: 'https://wx.tenpay.com/x?a=1' }, { sandbox: vi.fn(), h5, inWechat: false });
    expect(leaving).toMatchObject({ errCode: PAY_OK, leaving: true });
    expect(h5).toHaveBeenCalledWith('https://wx.tenpay.com/x?a=1', expect.anything());
    const native = vi.fn(async () => 'get_brand_wcpay_request:ok');
    expect((await requestPayment({ ...wechatParams, codeUrl: 'weixin://wxpay/bizpayurl?pr=1' }, { sandbox: vi.fn(), native, inWechat: false })).errCode).toBe(PAY_OK);
    expect(native).toHaveBeenCalledWith('weixin://wxpay/bizpayurl?pr=1', expect.anything());
    const closed = await requestPayment({ ...wechatParams, codeUrl: 'weixin://wxpay/bizpayurl?pr=1' }, { sandbox: vi.fn(), native: async () => 'get_brand_wcpay_request:cancel', inWechat: false });
    expect(closed).toMatchObject({ errCode: PAY_FAILED, cancelled: true });
  });
});
