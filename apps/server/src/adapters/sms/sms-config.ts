/**
 * SMS provider settings (`SMS_PROVIDER`, `TENCENT_SMS_*`). Read by config.ts into `Config.sms`;
 * create-adapters.ts picks the provider from it. Every missing Tencent setting is named at once.
 */
import { ConfigError, requireSettings } from '../../config.ts';

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId, e.g. "1400000000" */
  sdkAppId: string;
  /** approved signature text (签名), e.g. "金法课堂" */
  signName: string;
  /** approved template id; the template takes {1} = code, {2} = minutes */
  templateId: string;
  region: string;
  /** https://sms.tencentcloudapi.com in production; the local fake in tests */
  endpoint: string;
}

export type SmsProviderName = 'console' | 'tencent';

export function smsProviderConfig(env: Record<string, string | undefined>): {
  provider: SmsProviderName;
  tencent: TencentSmsConfig | null;
} {
  const provider = env.SMS_PROVIDER || 'console';
  if (provider !== 'console' && provider !== 'tencent') {
    throw new ConfigError(`SMS_PROVIDER must be "console" or "tencent", got "${provider}"`);
  }
  if (provider === 'console') return { provider, tencent: null };
  const values = {
    TENCENT_SMS_SECRET_ID: env.TENCENT_SMS_SECRET_ID,
    TENCENT_SMS_SECRET_KEY: env.TENCENT_SMS_SECRET_KEY,
    TENCENT_SMS_SDK_APP_ID: env.TENCENT_SMS_SDK_APP_ID,
    TENCENT_SMS_SIGN_NAME: env.TENCENT_SMS_SIGN_NAME,
    TENCENT_SMS_TEMPLATE_ID: env.TENCENT_SMS_TEMPLATE_ID,
  };
  requireSettings('SMS_PROVIDER=tencent', values);
  const endpoint = env.TENCENT_SMS_ENDPOINT || 'https://sms.tencentcloudapi.com';
  if (!/^https?:\/\//.test(endpoint)) throw new ConfigError('TENCENT_SMS_ENDPOINT must be an http(s) URL');
  return {
    provider,
    tencent: {
      secretId: values.TENCENT_SMS_SECRET_ID,
      secretKey: values.TENCENT_SMS_SECRET_KEY,
      sdkAppId: values.TENCENT_SMS_SDK_APP_ID,
      signName: values.TENCENT_SMS_SIGN_NAME,
      templateId: values.TENCENT_SMS_TEMPLATE_ID,
      region: env.TENCENT_SMS_REGION || 'ap-guangzhou',
      endpoint: endpoint.replace(/\/+$/, ''),
    },
  };
}
