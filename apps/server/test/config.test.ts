import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('has safe development defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.testLogin).toBe(false);
    expect(c.payProvider).toBe('sandbox');
    expect(c.databaseUrl).toBeUndefined();
  });

  it('refuses test login, sandbox pay and default secrets in production', () => {
    const pay = {
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_SERIAL_NO: 'SERIAL',
      WECHATPAY_PRIVATE_KEY: 'pem',
      WECHATPAY_API_V3_KEY: 'k'.repeat(32),
      WECHATPAY_PLATFORM_PUBLIC_KEY: 'pem',
      WECHATPAY_NOTIFY_URL: 'https://h5.example.com/notify',
    };
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_LOGIN: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...pay, NODE_ENV: 'production', PAY_PROVIDER: 'wechatpay', TOKEN_SECRET: 'x'.repeat(40), WECHAT_APP_SECRET: 's' })).not.toThrow();
    expect(() => loadConfig({ ...pay, NODE_ENV: 'production', PAY_PROVIDER: 'wechatpay', WECHAT_APP_SECRET: 's' })).toThrow(/TOKEN_SECRET/);
    expect(() => loadConfig({ ...pay, NODE_ENV: 'production', PAY_PROVIDER: 'wechatpay', TOKEN_SECRET: 'x'.repeat(40), WECHAT_APP_SECRET: 's', TEST_LOGIN: 'on' })).toThrow(/TEST_LOGIN/);
  });

  it('allows the insecure defaults in production only when told so', () => {
    const c = loadConfig({ NODE_ENV: 'production', TEST_LOGIN: 'on', ALLOW_INSECURE_DEFAULTS: 'on' });
    expect(c.testLogin).toBe(true);
  });

  it('rejects nonsense values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ PAY_PROVIDER: 'paypal' })).toThrow(/PAY_PROVIDER/);
  });
});
