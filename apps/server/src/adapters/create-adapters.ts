import type { Config } from '../config.ts';
import type { Adapters } from './index.ts';
import { ConsoleSmsProvider } from './sms/sms-provider.ts';
import { HttpWechatOAuthClient } from './wechat/wechat-oauth.ts';
import { HttpWechatJsSdk, LocalWechatJsSdk } from './wechat/wechat-jssdk.ts';
import { MemoryKvStore, type KvStore } from './kv-store.ts';

/**
 * Real adapters chosen by configuration. Tests pass their own (or point these at fakes).
 * `kv` caches the JS-SDK credentials; give the app's store so that instances share them.
 */
export function createAdapters(config: Config, kv: KvStore = new MemoryKvStore()): Adapters {
  return {
    sms: new ConsoleSmsProvider(),
    wechat: new HttpWechatOAuthClient(config.wechat),
    wechatJsSdk: config.wechat.jssdk === 'wechat' ? new HttpWechatJsSdk(config.wechat, kv) : new LocalWechatJsSdk(config.wechat.appId),
  };
}
