/**
 * Logs never hold a token, a login code, a ticket or a full phone number, whatever the spelling
 * of a parameter (issue 11, decision 017); `?app%74oken=` no longer authenticates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { MemoryKvStore } from '../src/adapters/kv-store.ts';
import { createAdapters } from '../src/adapters/create-adapters.ts';
import { ConsoleSmsProvider } from '../src/adapters/sms/sms-provider.ts';
import { maskPhonesIn, maskPhonesInRecord, redactUrl } from '../src/lib/log-redaction.ts';
import { appTokenFromUrl } from '../src/plugins/auth.ts';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from './support/db.ts';
import { buildUser, loginAs } from './support/factories.ts';
import type { TestApp } from './support/build.ts';

describe('redactUrl', () => {
  it.each([
    ['/v1/users/me?apptoken=SECRET1', '/v1/users/me?apptoken=[redacted]'],
    ['/v1/users/me?app%74oken=SECRET1', '/v1/users/me?apptoken=[redacted]'],
    ['/v1/users/me?APPTOKEN=SECRET1&x=1', '/v1/users/me?APPTOKEN=[redacted]&x=1'],
    ['/v1/users/me?apptoken%5B%5D=SECRET1', '/v1/users/me?apptoken%5B%5D=[redacted]'],
    ['/v1/wechat/token?refreshToken=SECRET1', '/v1/wechat/token?refreshToken=[redacted]'],
    ['/v1/users/wx_callback?r=%2F&code=SECRET1&state=SECRET2', '/v1/users/wx_callback?r=%2F&code=[redacted]&state=[redacted]'],
    ['/v1/courses/listen_report/export.csv?year=2026&ticket=SECRET1', '/v1/courses/listen_report/export.csv?year=2026&ticket=[redacted]'],
    ['/v1/media/play/1/master.m3u8?u=1&c=2&e=3&s=SECRET1', '/v1/media/play/1/master.m3u8?u=1&c=2&e=3&s=[redacted]'],
    ['/x?%63ode=SECRET1&%73=SECRET2', '/x?code=[redacted]&s=[redacted]'],
    ['/x?mobile=13812345678&keyword=%E5%AD%A6', '/x?mobile=138****5678&keyword=%E5%AD%A6'],
    ['/x?q=call+13812345678', '/x?q=call%20138****5678'],
    ['/v1/users/me', '/v1/users/me'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain('SECRET');
  });

  it('masks mobile numbers only where they stand alone', () => {
    expect(maskPhonesIn('to 13912345678.')).toBe('to 139****5678.');
    expect(maskPhonesIn('order 202613912345678901')).toBe('order 202613912345678901');
    expect(maskPhonesInRecord({ mobile: '13812345678', nested: { phone: 13812345678, note: 'x 15000001111' }, code: -10010 })).toEqual({
      mobile: '138****5678',
      nested: { phone: '138****5678', note: 'x 150****1111' },
      code: -10010,
    });
  });
});

describe('appTokenFromUrl', () => {
  it('reads only the exact spelling `apptoken`', () => {
    expect(appTokenFromUrl('/v1/users/me?apptoken=abc')).toBe('abc');
    expect(appTokenFromUrl('/v1/users/me?x=1&apptoken=abc')).toBe('abc');
    expect(appTokenFromUrl('/v1/users/me?app%74oken=abc')).toBe('');
    expect(appTokenFromUrl('/v1/users/me?APPTOKEN=abc')).toBe('');
    expect(appTokenFromUrl('/v1/users/me?xapptoken=abc')).toBe('');
    expect(appTokenFromUrl('/v1/users/me')).toBe('');
  });
});

describe('ConsoleSmsProvider', () => {
  const message = { mobile: '13812345678', code: '246810', purpose: 1, ttlMinutes: 5 };

  it('shows the code in development, never the full number', async () => {
    const lines: string[] = [];
    await new ConsoleSmsProvider((l) => lines.push(l), { showCode: true }).send(message);
    expect(JSON.parse(lines[0]!).sms).toEqual({ mobile: '138****5678', code: '246810', purpose: 1 });
    expect(lines[0]).not.toContain('13812345678');
  });

  it('shows no code when told so, and by default under NODE_ENV=production (any case)', async () => {
    const lines: string[] = [];
    await new ConsoleSmsProvider((l) => lines.push(l), { showCode: false }).send(message);
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'Production';
    try {
      await new ConsoleSmsProvider((l) => lines.push(l)).send(message);
    } finally {
      process.env.NODE_ENV = before;
    }
    for (const line of lines) {
      expect(line).not.toContain('246810');
      expect(line).not.toContain('13812345678');
    }
  });

  it('is built without codes for a production config', async () => {
    const sms = createAdapters({ ...testConfig(), isProduction: true }).sms as ConsoleSmsProvider;
    const lines: string[] = [];
    (sms as unknown as { log: (l: string) => void }).log = (l) => lines.push(l);
    await sms.send(message);
    expect(lines.join('\n')).not.toContain('246810');
  });
});

describe.each(dialectsUnderTest())('what the request log keeps (%s)', (dialect) => {
  let app: FastifyInstance;
  let db: TestDatabase;
  const lines: string[] = [];
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const config = testConfig({ logLevel: 'info' });
    const kv = new MemoryKvStore();
    const sms = new ConsoleSmsProvider(() => undefined);
    app = await buildApp({ config, database: db, kv, adapters: { ...createAdapters(config), sms }, logStream: { write: (l) => void lines.push(l) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.cleanup();
  });

  const asTestApp = () => ({ app, config: testConfig() }) as unknown as TestApp;

  it('an encoded spelling of apptoken authenticates nothing and is redacted', async () => {
    const user = await buildUser(app.db);
    const { accessToken } = await loginAs(asTestApp(), user.id);
    lines.length = 0;
    // Any signed-in read will do: the learner's own yearly report.
    const path = '/v1/courses/listen_report/by_year?year=2026';
    const res = await app.inject({ method: 'GET', url: `${path}&app%74oken=${accessToken}` });
    expect(res.json().code).toBe(403);
    const exact = await app.inject({ method: 'GET', url: `${path}&apptoken=${accessToken}` });
    expect(exact.json().code).toBe(0);
    const logged = lines.join('\n');
    expect(logged).toContain(`${path}&apptoken=[redacted]`);
    expect(logged).not.toContain(accessToken);
  });

  it('keeps no login code, state, refresh token, ticket or full phone number', async () => {
    const user = await buildUser(app.db, { mobile: '13712345678' });
    const { refreshToken, headers } = await loginAs(asTestApp(), user.id);
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/v1/users/wx_callback?r=%2F&%63ode=WXCODE123456&state=STATE123456' });
    await app.inject({ method: 'POST', url: '/v1/users/login_code', payload: { code: 'LOGINCODE1234567890' } });
    const ticket = (await app.inject({ method: 'POST', url: '/v1/courses/listen_report/export_ticket', headers, payload: { year: 2026 } })).json().data.ticket as string;
    await app.inject({ method: 'GET', url: `/v1/courses/listen_report/export.csv?year=2026&tick%65t=${ticket}` });
    // Last: rotating ends the session behind `headers`.
    await app.inject({ method: 'GET', url: `/v1/wechat/token?refresh%54oken=${refreshToken}` });
    await app.inject({ method: 'POST', url: '/v1/users/online/sms_code', payload: { mobile: '13712345678' } });
    app.log.info({ mobile: '13712345678', user: { phone: '13712345678' } }, 'a line with a phone');
    const logged = lines.join('\n');
    for (const secret of ['WXCODE123456', 'STATE123456', 'LOGINCODE1234567890', refreshToken, ticket, '13712345678']) expect(logged).not.toContain(secret);
    expect(logged).toContain('137****5678');
  });
});
