import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_TOKEN_SECRET, EnvSchema, REPO_ROOT, estimatedEntropyBits, loadConfig, weakSecretReason } from '../src/config.ts';

const pay = {
  PAY_PROVIDER: 'wechatpay',
  WECHATPAY_MCH_ID: '1900000001',
  WECHATPAY_SERIAL_NO: 'SERIAL',
  WECHATPAY_PRIVATE_KEY: 'pem',
  WECHATPAY_API_V3_KEY: 'Vq3kT9xLm2Rb7WcY5pN8dZ4hJ6sF1gAe',
  WECHATPAY_PLATFORM_PUBLIC_KEY: 'pem',
};
const tencentSms = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKIDexample',
  TENCENT_SMS_SECRET_KEY: 'secret-key',
  TENCENT_SMS_SDK_APP_ID: '1400000000',
  TENCENT_SMS_SIGN_NAME: '金法课堂',
  TENCENT_SMS_TEMPLATE_ID: '100001',
};
/** A production environment with nothing insecure in it (each test spoils one thing). */
const PROD = {
  ...pay,
  ...tencentSms,
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://h5.example.com',
  TOKEN_SECRET: '422196b1075f0edb5d85785d1b5ccc33bd9f6af0eb6552795b0dd8a1df2021e4',
  WECHAT_APP_ID: 'wx1234567890abcdef',
  WECHAT_APP_SECRET: '37475054de4d1da2d091cb146f6b4f38',
};

describe('loadConfig', () => {
  it('has safe development defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.testLogin).toBe(false);
    expect(c.payProvider).toBe('sandbox');
    expect(c.sms.provider).toBe('console');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBeUndefined();
    expect(c.isProduction).toBe(false);
  });

  it('starts in production when nothing is insecure', () => {
    const c = loadConfig(PROD);
    expect(c.isProduction).toBe(true);
    expect(c.publicUrl).toBe('https://h5.example.com');
    expect(c.sms.provider).toBe('tencent');
    expect(c.sms.tencent?.sdkAppId).toBe('1400000000');
    expect(c.wechatpay?.notifyUrl).toBe('https://h5.example.com/v1/pay/notify/wechatpay');
    expect(c.wechatpay?.appId).toBe('wx1234567890abcdef');
    expect(c.opsToken).toBeNull();
  });

  // `Production` used to be "not production": test login on, sandbox pay, the default ops token.
  for (const nodeEnv of ['production', 'Production', 'PRODUCTION', 'pRoDuCtIoN']) {
    it(`NODE_ENV=${nodeEnv} refuses every insecure default`, () => {
      const refuse = (env: Record<string, string | undefined>, what: RegExp) =>
        expect(() => loadConfig({ ...PROD, NODE_ENV: nodeEnv, ...env })).toThrow(what);
      expect(loadConfig({ ...PROD, NODE_ENV: nodeEnv }).isProduction).toBe(true);
      refuse({ TEST_LOGIN: 'on' }, /TEST_LOGIN=on/);
      refuse({ TEST_LOGIN: 'ON' }, /TEST_LOGIN=on/);
      refuse({ PAY_PROVIDER: 'sandbox' }, /PAY_PROVIDER=sandbox/);
      refuse({ SMS_PROVIDER: 'console' }, /SMS_PROVIDER=console/);
      refuse({ SMS_PROVIDER: undefined }, /SMS_PROVIDER=console/);
      refuse({ TOKEN_SECRET: undefined }, /TOKEN_SECRET is unset or the default/);
      refuse({ TOKEN_SECRET: DEFAULT_TOKEN_SECRET }, /TOKEN_SECRET is unset or the default/);
      refuse({ TOKEN_SECRET: 'x' }, /TOKEN_SECRET is shorter than 32 bytes/);
      refuse({ TOKEN_SECRET: 'x'.repeat(40) }, /TOKEN_SECRET is too predictable/);
      refuse({ TOKEN_SECRET: 'abababababababababababababababababababab' }, /TOKEN_SECRET is too predictable/);
      refuse({ WECHAT_APP_SECRET: undefined }, /WECHAT_APP_SECRET is the demo value/);
      refuse({ WECHAT_APP_SECRET: 's' }, /WECHAT_APP_SECRET is not a real app secret/);
      refuse({ OPS_TOKEN: 'dev-ops-token' }, /OPS_TOKEN is the default/);
      refuse({ OPS_TOKEN: 'letmein' }, /OPS_TOKEN is shorter than 32 bytes/);
      refuse({ PUBLIC_URL: undefined }, /needs PUBLIC_URL/);
      refuse({ WECHATPAY_API_V3_KEY: 'k'.repeat(32) }, /WECHATPAY_API_V3_KEY is too predictable/);
      const c = loadConfig({ ...PROD, NODE_ENV: nodeEnv });
      expect(c.testLogin).toBe(false);
      expect(c.opsToken).toBeNull();
    });
  }

  it('names every insecure default at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'Production', PUBLIC_URL: 'https://h5.example.com', TEST_LOGIN: 'on', TOKEN_SECRET: 'x' })).toThrow(
      /TEST_LOGIN=on, PAY_PROVIDER=sandbox, SMS_PROVIDER=console, TOKEN_SECRET is shorter than 32 bytes, WECHAT_APP_SECRET is the demo value/,
    );
  });

  it('allows the insecure defaults in production only when told so, and still needs PUBLIC_URL', () => {
    const c = loadConfig({ NODE_ENV: 'Production', TEST_LOGIN: 'on', ALLOW_INSECURE_DEFAULTS: 'on', PUBLIC_URL: 'https://demo.example.com' });
    expect(c.testLogin).toBe(true);
    expect(c.isProduction).toBe(true);
    expect(c.allowInsecureDefaults).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_LOGIN: 'on', ALLOW_INSECURE_DEFAULTS: 'on' })).toThrow(/PUBLIC_URL/);
  });

  it('takes PUBLIC_URL as an origin and refuses anything else', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://H5.Example.com/' }).publicUrl).toBe('https://h5.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    for (const bad of ['h5.example.com', 'ftp://h5.example.com', 'https://h5.example.com/app', 'https://u:p@h5.example.com', 'https://h5.example.com/?x=1']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(ConfigError);
    }
  });

  it('refuses a WeChat Pay app id other than the OAuth app id unless told it is on purpose', () => {
    const env = { ...PROD, WECHATPAY_APP_ID: 'wxffffffffffffffff' };
    expect(() => loadConfig(env)).toThrow(/WECHATPAY_APP_ID \(wxffffffffffffffff\) differs from WECHAT_APP_ID \(wx1234567890abcdef\)/);
    // Not a production-only rule: payments fail the same in development.
    expect(() => loadConfig({ ...env, NODE_ENV: 'development' })).toThrow(/WECHATPAY_APP_ID_MISMATCH_OK/);
    expect(loadConfig({ ...env, WECHATPAY_APP_ID_MISMATCH_OK: 'on' }).wechatpay?.appId).toBe('wxffffffffffffffff');
    expect(loadConfig({ ...PROD, WECHATPAY_APP_ID: PROD.WECHAT_APP_ID }).wechatpay?.appId).toBe(PROD.WECHAT_APP_ID);
  });

  it('rejects nonsense values with a clear message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT must be integer, got "abc"/);
    expect(() => loadConfig({ PAY_PROVIDER: 'paypal' })).toThrow(/PAY_PROVIDER .*\(sandbox, wechatpay\), got "paypal"/);
    expect(() => loadConfig({ PORT: '-1', TEST_LOGIN: 'maybe', SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/PORT .*TEST_LOGIN .*SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/SMS_PROVIDER=tencent needs TENCENT_SMS_SECRET_ID/);
  });

  it('reads flags in any letter case and treats empty values as unset', () => {
    expect(loadConfig({ TEST_LOGIN: 'On' }).testLogin).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'OFF' }).seedDemo).toBe(false);
    expect(loadConfig({ PORT: '', PAY_PROVIDER: '' }).port).toBe(3000);
    expect(loadConfig({ RATE_LIMIT_IP_PER_MIN: '0' }).rateLimit.ipPerMinute).toBe(0);
  });
});

describe('secret strength (production)', () => {
  it('accepts what openssl rand -hex 32 / -base64 32 gives, every time', () => {
    for (let i = 0; i < 500; i++) {
      expect(weakSecretReason(crypto.randomBytes(32).toString('hex'))).toBeNull();
      expect(weakSecretReason(crypto.randomBytes(32).toString('base64'))).toBeNull();
      expect(weakSecretReason(crypto.randomBytes(32).toString('base64url'))).toBeNull();
    }
  });

  it('refuses short, repeated and low-variety secrets', () => {
    expect(weakSecretReason('x')).toMatch(/shorter/);
    expect(weakSecretReason(crypto.randomBytes(15).toString('hex'))).toMatch(/shorter/);
    expect(weakSecretReason('0'.repeat(64))).toMatch(/predictable/);
    expect(weakSecretReason('01'.repeat(32))).toMatch(/predictable/);
    expect(estimatedEntropyBits('aaaa')).toBe(0);
    expect(estimatedEntropyBits('abcd')).toBe(8);
  });
});

describe('the environment schema', () => {
  const readmeVariables = (): Set<string> => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n## '));
    const names = new Set<string>();
    for (const line of table.split('\n')) {
      if (!line.startsWith('| `')) continue;
      const first = line.split('|')[1] ?? '';
      for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)(\(_PATH\))?`/g)) {
        names.add(m[1]!);
        if (m[2]) names.add(`${m[1]}_PATH`);
      }
    }
    return names;
  };

  it('describes every variable it reads', () => {
    for (const [name, schema] of Object.entries(EnvSchema.properties)) {
      expect((schema as { description?: string }).description, name).toBeTruthy();
    }
  });

  it('is the README configuration table, and the table is the schema', () => {
    const documented = readmeVariables();
    const schema = new Set(Object.keys(EnvSchema.properties));
    expect([...schema].filter((n) => !documented.has(n)), 'in the schema, not in the README').toEqual([]);
    expect([...documented].filter((n) => !schema.has(n)), 'in the README, not in the schema').toEqual([]);
  });
});
