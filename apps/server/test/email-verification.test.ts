import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { LogMailSender, type MailMessage, type MailSender } from '../src/adapters/mail/mail-sender.ts';
import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_MS } from '../src/modules/users/email-verification-service.ts';
import { build, type TestApp } from './support/build.ts';
import { useServerClock } from './support/clock.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildFreeCourse, signedInUser } from './support/factories.ts';

const PUBLIC = 'https://h5.jinfaketang.com';

/** A mail sender the test can switch off, to see what a failed send leaves behind. */
class SwitchableMail implements MailSender {
  readonly name = 'log';
  readonly inner = new LogMailSender(() => undefined);
  down = false;
  get sent() {
    return this.inner.sent;
  }
  async send(message: MailMessage): Promise<void> {
    if (this.down) throw new Error('relay down');
    await this.inner.send(message);
  }
}

describe.each(dialectsUnderTest())('e-mail verification (%s)', (dialect) => {
  let t: TestApp;
  const mail = new SwitchableMail();
  const setClock = useServerClock();

  beforeAll(async () => {
    t = await build(dialect, { adapters: { mail }, config: { publicUrl: PUBLIC } });
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown, ip = '10.9.0.1') =>
    t.app.inject({ method, url, headers, payload: payload as object, remoteAddress: ip });
  const me = async (headers: Record<string, string>) => (await inject('GET', '/v1/users/me', headers)).json().data;
  const setEmail = (headers: Record<string, string>, email: string) => inject('PUT', '/v1/users/online/info', headers, { email });
  const askCode = (headers: Record<string, string>) => inject('POST', '/v1/users/me/email/code', headers, {});
  const verify = (headers: Record<string, string>, code: string) => inject('POST', '/v1/users/me/email/verify', headers, { code });
  const lastCodeTo = (to: string): string => {
    const m = [...mail.sent].reverse().find((s) => s.to === to);
    const code = m && /验证码为 (\d{6})/.exec(m.text)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('PUT /v1/users/online/info with a new e-mail', () => {
    it('stores the address unverified and mails a 6-digit code; POST …/email/verify proves it', async () => {
      const { headers, user } = await signedInUser(t, { email: '' });
      const res = await setEmail(headers, 'li.si@example.com');
      expect(res.json()).toMatchObject({ code: 0, data: { email: 'li.si@example.com', emailVerified: false } });
      const code = lastCodeTo('li.si@example.com');
      expect(mail.sent.at(-1)!.subject).toContain('邮箱验证码');

      // Only a hash of the code is kept.
      const row = await t.app.db.selectFrom('email_verifications').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.email).toBe('li.si@example.com');
      expect(row.code_hash).not.toContain(code);
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);

      expect((await verify(headers, wrong(code))).json().code).toBe(ErrorCodes.EMAIL_CODE_WRONG);
      const ok = await verify(headers, code);
      expect(ok.json()).toEqual({ code: 0, message: expect.any(String), data: { email: 'li.si@example.com', emailVerified: true } });
      expect((await me(headers)).emailVerified).toBe(true);
      // The code is spent; verifying again changes nothing.
      expect((await verify(headers, code)).json().data.emailVerified).toBe(true);
    });

    it('clears the mark when the address changes; the old address\'s code does not prove the new one', async () => {
      const { headers } = await signedInUser(t, { email: 'old@example.com', email_verified_at: Date.now() });
      expect((await me(headers)).emailVerified).toBe(true);
      // Saving the same address keeps it verified.
      expect((await setEmail(headers, 'old@example.com')).json().data.emailVerified).toBe(true);

      await setEmail(headers, 'first@example.com');
      const firstCode = lastCodeTo('first@example.com');
      setClock(Date.now() + 61_000);
      // A code mailed to the old address counts for nothing once the address changed.
      await setEmail(headers, 'second@example.com');
      expect((await me(headers)).emailVerified).toBe(false);
      expect((await verify(headers, firstCode)).json().code).toBe(ErrorCodes.EMAIL_CODE_WRONG);
      expect((await verify(headers, lastCodeTo('second@example.com'))).json().data).toEqual({ email: 'second@example.com', emailVerified: true });
    });
  });

  describe('POST /v1/users/me/email/code', () => {
    it('waits 60 s between codes, and a new code voids the old one', async () => {
      const { headers } = await signedInUser(t, { email: 'wait@example.com' });
      const start = Date.now();
      setClock(start);
      const first = await askCode(headers);
      expect(first.json()).toMatchObject({ code: 0, data: { email: 'wa***@example.com', resendAfter: 60, expiresIn: 900 } });
      const firstCode = lastCodeTo('wait@example.com');
      const again = await askCode(headers);
      expect(again.json()).toMatchObject({ code: ErrorCodes.EMAIL_SEND_LIMITED, data: { retryAfter: expect.any(Number) } });
      setClock(start + 61_000);
      expect((await askCode(headers)).json().code).toBe(0);
      const secondCode = lastCodeTo('wait@example.com');
      if (secondCode !== firstCode) expect((await verify(headers, firstCode)).json().code).toBe(ErrorCodes.EMAIL_CODE_WRONG);
      expect((await verify(headers, secondCode)).json().data.emailVerified).toBe(true);
    });

    it('sends at most 5 codes an hour', async () => {
      const { headers } = await signedInUser(t, { email: 'hourly@example.com' });
      const start = Date.now();
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        setClock(start + i * 61_000);
        codes.push((await askCode(headers)).json().code);
      }
      expect(codes).toEqual([0, 0, 0, 0, 0, ErrorCodes.EMAIL_SEND_LIMITED, ErrorCodes.EMAIL_SEND_LIMITED]);
      setClock(start + 60 * 60_000 + 1_000);
      expect((await askCode(headers)).json().code).toBe(0);
    });

    it('answers -10085 without an address and refuses an address already verified', async () => {
      expect((await askCode((await signedInUser(t, { email: '' })).headers)).json().code).toBe(ErrorCodes.EMAIL_MISSING);
      expect((await askCode((await signedInUser(t, { email: 'v@example.com', email_verified_at: Date.now() })).headers)).json().code).toBe(ErrorCodes.VALIDATION);
    });

    it('answers -10246 when the mail cannot go, and the earlier code still works', async () => {
      const { headers } = await signedInUser(t, { email: 'down@example.com' });
      const start = Date.now();
      setClock(start);
      await askCode(headers);
      const code = lastCodeTo('down@example.com');
      setClock(start + 61_000);
      mail.down = true;
      try {
        expect((await askCode(headers)).json().code).toBe(ErrorCodes.EMAIL_SEND_FAILED);
      } finally {
        mail.down = false;
      }
      expect((await verify(headers, code)).json().data.emailVerified).toBe(true);
    });

    it('needs a login', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/v1/users/me/email/code', payload: {} })).json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    });
  });

  describe('POST /v1/users/me/email/verify', () => {
    it(`spends the code after ${EMAIL_CODE_MAX_ATTEMPTS} wrong tries, even tried in parallel`, async () => {
      const { headers } = await signedInUser(t, { email: 'guess@example.com' });
      await askCode(headers);
      const code = lastCodeTo('guess@example.com');
      const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(guesses.map((g) => verify(headers, g)));
      const codes = answers.map((a) => a.json().code);
      expect(codes.filter((c) => c === ErrorCodes.EMAIL_CODE_WRONG).length).toBe(EMAIL_CODE_MAX_ATTEMPTS - 1);
      expect(codes.filter((c) => c === ErrorCodes.EMAIL_CODE_TOO_MANY_ATTEMPTS).length).toBe(12 - (EMAIL_CODE_MAX_ATTEMPTS - 1));
      // The right code no longer helps: ask for a new one.
      expect((await verify(headers, code)).json().code).toBe(ErrorCodes.EMAIL_CODE_TOO_MANY_ATTEMPTS);
      expect((await me(headers)).emailVerified).toBe(false);
    });

    it('refuses a code after 15 minutes', async () => {
      const { headers } = await signedInUser(t, { email: 'late@example.com' });
      const start = Date.now();
      setClock(start);
      await askCode(headers);
      const code = lastCodeTo('late@example.com');
      setClock(start + EMAIL_CODE_TTL_MS + 1);
      expect((await verify(headers, code)).json().code).toBe(ErrorCodes.EMAIL_CODE_EXPIRED);
    });

    it('refuses anything but 6 digits with -10001', async () => {
      const { headers } = await signedInUser(t, { email: 'shape@example.com' });
      for (const code of ['12345', '1234567', 'abcdef', '']) expect((await verify(headers, code)).json().code).toBe(ErrorCodes.VALIDATION);
    });
  });

  describe('GET /v1/courses/send_ppt', () => {
    const withCourseware = async () => {
      const course = await buildFreeCourse(t.app.db);
      await t.app.db
        .insertInto('courseware')
        .values({ course_id: course.id, storage: 'generated', file_path: '', file_name: '讲义.html', file_size: 1234, mime: 'text/html; charset=utf-8', created_at: Date.now() })
        .execute();
      return course;
    };

    it('mails nothing to an unverified address: -10241 with a popup to the profile', async () => {
      const course = await withCourseware();
      const { headers } = await signedInUser(t, { email: 'typed@example.com' });
      const before = mail.sent.length;
      const res = await inject('GET', `/v1/courses/send_ppt?courseId=${course.id}`, headers);
      expect(res.json()).toMatchObject({ code: ErrorCodes.EMAIL_NOT_VERIFIED, data: null });
      expect(res.json().message).toContain('邮箱');
      expect(mail.sent.length).toBe(before);
      expect(await t.app.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'typed@example.com').execute()).toEqual([]);
    });

    it('builds the mailed link on PUBLIC_URL, whatever Host or X-Forwarded-Host the request names', async () => {
      const course = await withCourseware();
      const { headers } = await signedInUser(t, { email: 'ok@example.com', email_verified_at: Date.now() });
      for (const spoof of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }]) {
        const res = await t.app.inject({ method: 'GET', url: `/v1/courses/send_ppt?courseId=${course.id}`, headers: { ...headers, ...spoof }, remoteAddress: '127.0.0.1' });
        expect(res.json().code).toBe(0);
        const text = mail.sent.at(-1)!.text;
        expect(text).not.toContain('evil.example');
        expect(text).toMatch(new RegExp(`${PUBLIC.replace(/\./g, '\\.')}/v1/courses/${course.id}/courseware/file\\?`));
      }
    });
  });

  describe('OAuth redirect_uri', () => {
    it('is on PUBLIC_URL, whatever Host or X-Forwarded-Host the request names', async () => {
      for (const spoof of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }]) {
        const res = await t.app.inject({ method: 'GET', url: '/v1/users/qr_login?productType=8', headers: spoof, remoteAddress: '127.0.0.1' });
        expect(res.json().code).toBe(0);
        const redirect = new URL(new URL(res.json().data.url).searchParams.get('redirect_uri')!);
        expect(redirect.origin).toBe(PUBLIC);
      }
    });
  });
});
