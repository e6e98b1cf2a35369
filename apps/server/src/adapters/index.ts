import type { SmsProvider } from './sms/sms-provider.ts';
import type { WechatOAuthClient } from './wechat/wechat-oauth.ts';
import type { WechatJsSdk } from './wechat/wechat-jssdk.ts';
import type { PaymentProvider } from './pay/payment-provider.ts';

/** Every outside service the app talks to, each behind an interface (decision 003). */
export interface Adapters {
  sms: SmsProvider;
  wechat: WechatOAuthClient;
  /** The jsapi_ticket the share config is signed with. */
  wechatJsSdk: WechatJsSdk;
  /** PAY_PROVIDER: sandbox (default) or wechatpay; both feed the one notify handler (modules/orders). */
  pay: PaymentProvider;
}
