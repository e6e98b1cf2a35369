import type { SmsProvider } from './sms/sms-provider.ts';
import type { WechatOAuthClient } from './wechat/wechat-oauth.ts';
import type { WechatJsSdk } from './wechat/wechat-jssdk.ts';
import type { PaymentProvider } from './pay/payment-provider.ts';
import type { PayoutProvider } from './payout/payout-provider.ts';
import type { MailSender } from './mail/mail-sender.ts';
import type { MediaStorage } from './storage/media-storage.ts';

/** Every outside service the app talks to, each behind an interface (decision 003). */
export interface Adapters {
  sms: SmsProvider;
  wechat: WechatOAuthClient;
  /** The jsapi_ticket the share config is signed with. */
  wechatJsSdk: WechatJsSdk;
  /** PAY_PROVIDER: sandbox (default) or wechatpay; both feed the one notify handler (modules/orders). */
  pay: PaymentProvider;
  /** Transfers to learners (cash-back rewards): sandbox, or WeChat 商家转账到零钱 with the PAY_PROVIDER=wechatpay merchant. */
  payout: PayoutProvider;
  /** Outgoing e-mail (send_ppt); `log` until a real sender is configured. */
  mail: MailSender;
  /** MEDIA_STORAGE: local files under DATA_DIR/media (default) or an S3-compatible bucket (decision 010). */
  mediaStorage: MediaStorage;
}
