/**
 * Tencent Cloud SMS (decision 019): the real adapter signs SendSms with TC3-HMAC-SHA256 and the
 * local fake, which recomputes the signature with its own code, delivers or refuses. The login's
 * code goes out through it; a wrong secret, a bad number or the provider's limit answer a coded error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { testConfig, ConfigError } from '../src/config.ts';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { startTencentSmsFake, type FakeTencentSmsServer } from './fakes/tencent-sms-fake-server.ts';
import { SmsDeliveryError, TencentSmsProvider, tc3Authorization, toE164 } from '../src/adapters/sms/tencent-sms.ts';
import { smsProviderConfig, type TencentSmsConfig } from '../src/adapters/sms/sms-config.ts';
import { createAdapters } from '../src/adapters/create-adapters.ts';

const ACCOUNT = { secretId: 'AKIDjinfa0000000000000000000000000000', secretKey: 'jinfaSecretKey0000000000000000000', sdkAppId: '1400000001', signName: '金法课堂', templateId: '1100001' };

let fake: FakeTencentSmsServer;
let seq = 0;
const freshMobile = () => `1360${String(++seq).padStart(7, '0')}`;
const cfg = (over: Partial<TencentSmsConfig> = {}): TencentSmsConfig => ({ ...ACCOUNT, region: 'ap-guangzhou', endpoint: fake.endpoint, ...over });
const message = (mobile: string) => ({ mobile, code: '123456', purpose: 1, ttlMinutes: 10 });

beforeAll(async () => {
  fake = await startTencentSmsFake(ACCOUNT);
});
afterAll(() => fake.close());

describe('TencentSmsProvider against the fake SendSms', () => {
  it('delivers a code to +86 with the template params {code, minutes}', async () => {
    const mobile = freshMobile();
    await new TencentSmsProvider(cfg()).send(message(mobile));
    expect(fake.delivered.at(-1)).toMatchObject({ phone: `+86${mobile}`, params: ['123456', '10'], templateId: ACCOUNT.templateId, signName: '金法课堂' });
    expect(fake.answers.at(-1)).toBe('Ok');
  });

  it('a wrong secret is refused by the fake (AuthFailure.SignatureFailure) and maps to -10250', async () => {
    const err = await new TencentSmsProvider(cfg({ secretKey: 'not-the-key' })).send(message(freshMobile())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsDeliveryError);
    expect(err).toMatchObject({ failure: 'auth', providerCode: 'AuthFailure.SignatureFailure', code: ErrorCodes.SMS_SEND_FAILED });
    const unknownId = await new TencentSmsProvider(cfg({ secretId: 'AKIDother' })).send(message(freshMobile())).catch((e: unknown) => e);
    expect(unknownId).toMatchObject({ providerCode: 'AuthFailure.SecretIdNotFound' });
  });

  it('a clock more than five minutes off is refused (AuthFailure.SignatureExpire)', async () => {
    for (const skew of [-6 * 60_000, 6 * 60_000]) {
      const err = await new TencentSmsProvider(cfg(), { now: () => Date.now() + skew }).send(message(freshMobile())).catch((e: unknown) => e);
      expect(err).toMatchObject({ failure: 'auth', providerCode: 'AuthFailure.SignatureExpire' });
    }
  });

  it('a signature over another body does not verify', () => {
    const base = { secretId: ACCOUNT.secretId, secretKey: ACCOUNT.secretKey, service: 'sms', host: 'sms.tencentcloudapi.com', timestampSec: 1_700_000_000 };
    const a = tc3Authorization({ ...base, body: '{"a":1}' });
    expect(a).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDjinfa0+\/2023-11-14\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/);
    expect(tc3Authorization({ ...base, body: '{"a":2}' })).not.toBe(a);
    expect(tc3Authorization({ ...base, body: '{"a":1}', host: 'evil.example.com' })).not.toBe(a);
  });

  it('the provider’s limit maps to -10013, a bad number to -10251, an unapproved template to -10250', async () => {
    const mobile = freshMobile();
    fake.dailyLimit = 1;
    try {
      await new TencentSmsProvider(cfg()).send(message(mobile));
      await expect(new TencentSmsProvider(cfg()).send(message(mobile))).rejects.toMatchObject({ providerCode: 'LimitExceeded.PhoneNumberDailyLimit', code: ErrorCodes.SMS_SEND_LIMITED });
    } finally {
      fake.dailyLimit = 10;
    }
    await expect(new TencentSmsProvider(cfg()).send(message('+861234567'))).rejects.toMatchObject({ providerCode: 'InvalidParameterValue.IncorrectPhoneNumber', code: ErrorCodes.SMS_PHONE_REJECTED });
    await expect(new TencentSmsProvider(cfg({ templateId: '999' })).send(message(freshMobile()))).rejects.toMatchObject({ code: ErrorCodes.SMS_SEND_FAILED });
    expect(() => toE164('abc')).toThrow(SmsDeliveryError);
    expect(toE164('86 138-0000-0000')).toBe('+8613800000000');
  });

  it('an endpoint that cannot be reached answers -10250, not a crash', async () => {
    const err = await new TencentSmsProvider(cfg({ endpoint: 'http://127.0.0.1:9' }), { timeoutMs: 1000 }).send(message(freshMobile())).catch((e: unknown) => e);
    expect(err).toMatchObject({ failure: 'unavailable', code: ErrorCodes.SMS_SEND_FAILED });
  });
});

describe('SMS_PROVIDER settings', () => {
  it('console by default; tencent names every missing setting at once', () => {
    expect(smsProviderConfig({})).toEqual({ provider: 'console', tencent: null });
    expect(() => smsProviderConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(ConfigError);
    const err = (() => {
      try {
        smsProviderConfig({ SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'x' });
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(ConfigError);
    for (const name of ['TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_SIGN_NAME', 'TENCENT_SMS_TEMPLATE_ID']) expect(err?.message).toContain(name);
    expect(err?.message).not.toContain('TENCENT_SMS_SECRET_ID');
    const full = smsProviderConfig({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400000001',
      TENCENT_SMS_SIGN_NAME: '金法课堂',
      TENCENT_SMS_TEMPLATE_ID: '1',
    });
    expect(full.tencent).toMatchObject({ region: 'ap-guangzhou', endpoint: 'https://sms.tencentcloudapi.com' });
  });

  it('createAdapters picks the Tencent adapter from config.sms', () => {
    const base = testConfig();
    expect(createAdapters(base).sms.name).toBe('console');
    expect(createAdapters({ ...base, sms: { ...base.sms, provider: 'tencent', tencent: cfg() } }).sms).toBeInstanceOf(TencentSmsProvider);
  });
});

describe.each(dialectsUnderTest())('SMS login through Tencent Cloud SMS (%s)', (dialect) => {
  let t: TestApp;
  let broken: TestApp;
  const failures: string[] = [];
  beforeAll(async () => {
    const sms = { ...testConfig().sms, perIpPerHour: 1000 };
    const good = new TencentSmsProvider(cfg());
    const send = good.send.bind(good);
    good.send = (m) => send(m).catch((e: unknown) => { failures.push(String((e as { detail?: string }).detail ?? e)); throw e; });
    t = await build(dialect, { config: { sms }, adapters: { sms: good } });
    broken = await build(dialect, { config: { sms }, adapters: { sms: new TencentSmsProvider(cfg({ secretKey: 'wrong-secret' })) } });
  });
  afterAll(async () => {
    await t?.close();
    await broken?.close();
  });
  const sendCode = (app: TestApp, mobile: string) => app.app.inject({ method: 'POST', url: '/v1/users/online/sms_code', payload: { mobile }, remoteAddress: '10.0.0.9' });

  it('POST /v1/users/online/sms_code: the code arrives at the fake and signs the learner in', async () => {
    const mobile = freshMobile();
    const res = await sendCode(t, mobile);
    expect(res.json(), `fake answered ${fake.answers.slice(-3).join(',')}; ${failures.join(';')}`).toMatchObject({ code: 0 });
    const code = fake.lastCodeFor(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const login = await t.app.inject({ method: 'PUT', url: '/v1/users/authenticate', payload: { mobile, code } });
    expect(login.json().code, login.body).toBe(0);
  });

  it('with a wrong secret the fake refuses and the login answers a coded error; no code is kept', async () => {
    const mobile = freshMobile();
    const before = fake.delivered.length;
    const res = await sendCode(broken, mobile);
    expect(res.statusCode).toBeLessThan(600);
    expect(res.json()).toMatchObject({ code: ErrorCodes.SMS_SEND_FAILED, message: '短信发送失败，请稍后再试' });
    expect(res.body).not.toContain('AuthFailure');
    expect(fake.delivered.length).toBe(before);
    expect(await broken.app.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute()).toEqual([]);
  });
});
