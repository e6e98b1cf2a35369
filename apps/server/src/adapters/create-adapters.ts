import type { Config } from '../config.ts';
import type { Adapters } from './index.ts';
import { ConsoleSmsProvider } from './sms/sms-provider.ts';
import { TencentSmsProvider } from './sms/tencent-sms.ts';
import { HttpWechatOAuthClient } from './wechat/wechat-oauth.ts';
import { HttpWechatJsSdk, LocalWechatJsSdk } from './wechat/wechat-jssdk.ts';
import { MemoryKvStore, type KvStore } from './kv-store.ts';
import { SandboxPaymentProvider } from './pay/sandbox-pay.ts';
import type { PaymentProvider } from './pay/payment-provider.ts';
import { WechatPayClient } from './pay/wechat-pay.ts';
import { SandboxPayoutProvider } from './payout/sandbox-payout.ts';
import { WechatTransferClient } from './payout/wechat-transfer.ts';
import { LogMailSender } from './mail/mail-sender.ts';
import { createMediaStorage } from './storage/create-storage.ts';

/**
 * Real adapters chosen by configuration. Tests pass their own (or point these at fakes).
 * `kv` caches the JS-SDK credentials; give the app's store so that instances share them.
 */
export function createAdapters(config: Config, kv: KvStore = new MemoryKvStore()): Adapters {
  return {
    // SMS_PROVIDER=tencent: Tencent Cloud SMS (decision 019); console elsewhere (refused in production by config.ts).
    sms: config.sms.tencent ? new TencentSmsProvider(config.sms.tencent) : new ConsoleSmsProvider(undefined, { showCode: !config.isProduction }),
    wechat: new HttpWechatOAuthClient(config.wechat),
    wechatJsSdk: config.wechat.jssdk === 'wechat' ? new HttpWechatJsSdk(config.wechat, kv) : new LocalWechatJsSdk(config.wechat.appId),
    pay: createPaymentProvider(config),
    payout: config.wechatpay ? new WechatTransferClient(config.wechatpay) : new SandboxPayoutProvider(),
    mail: new LogMailSender(),
    mediaStorage: createMediaStorage(config),
  };
}

function createPaymentProvider(config: Config): PaymentProvider {
  if (config.payProvider === 'sandbox') return new SandboxPaymentProvider({ secret: config.tokenSecret });
  // loadConfig refuses PAY_PROVIDER=wechatpay without its merchant settings, so this is never null
  // here; refusing still beats silently taking sandbox "payments" in its place.
  if (!config.wechatpay) throw new Error('PAY_PROVIDER=wechatpay without WECHATPAY_* settings');
  return new WechatPayClient(config.wechatpay);
}
