import type { Config } from '../config.ts';
import type { Adapters } from './index.ts';
import { ConsoleSmsProvider } from './sms/sms-provider.ts';
import { HttpWechatOAuthClient } from './wechat/wechat-oauth.ts';

/** Real adapters chosen by configuration. Tests pass their own (or point these at fakes). */
export function createAdapters(config: Config): Adapters {
  return {
    sms: new ConsoleSmsProvider(),
    wechat: new HttpWechatOAuthClient(config.wechat),
  };
}
