import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCodes, TRACKING_MAX_BODY_BYTES } from '@jinfa/shared';
import { LogMailSender } from '../src/adapters/mail/mail-sender.ts';
import { SEND_CAPS, WRITE_BYTES_PER_IP_PER_MIN } from '../src/plugins/rate-limit.ts';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildFreeCourse, signedInUser } from './support/factories.ts';

/** A JSON body of about `bytes` bytes (a list of strings: refused by the schema, but only once read). */
const junk = (bytes: number) => JSON.stringify(Array.from({ length: Math.floor(bytes / 1024) }, () => 'x'.repeat(1018)));
const TRACK_HEADERS = { 'content-type': 'application/json', 'x-app-id': 'jinfa-h5' };

describe.each(dialectsUnderTest())('anonymous flooding and send caps (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('caps the body of a tracking upload and of any other write', async () => {
    t = await build(dialect);
    const big = await t.app.inject({ method: 'POST', url: '/v1/collect/page/visit', remoteAddress: '10.1.0.1', headers: TRACK_HEADERS, payload: junk(TRACKING_MAX_BODY_BYTES + 64 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(ErrorCodes.BODY_TOO_LARGE);
    const write = await t.app.inject({ method: 'PUT', url: '/v1/users/authenticate', remoteAddress: '10.1.0.2', headers: { 'content-type': 'application/json' }, payload: junk(t.config.bodyLimit + 1024) });
    expect(write.statusCode).toBe(413);
    expect(write.json().code).toBe(ErrorCodes.BODY_TOO_LARGE);
  });

  it('lets one IP send at most its byte quota a minute to tracking and anonymous writes together (was ~58 MB in 1.5 s)', async () => {
    t = await build(dialect);
    const chunk = 500 * 1024;
    const body = junk(chunk);
    let acceptedBytes = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await t.app.inject({ method: 'POST', url: i % 2 ? '/v1/collect/page/event/element/batch' : '/v1/collect/page/visit', remoteAddress: '10.1.1.1', headers: TRACK_HEADERS, payload: body });
      statuses.push(res.statusCode);
      if (res.statusCode !== 429) acceptedBytes += body.length;
      else {
        expect(res.json()).toMatchObject({ code: ErrorCodes.RATE_LIMITED });
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    }
    console.log(`anonymous flooding: of ${statuses.length} tracking uploads of ${(body.length / 1024).toFixed(0)} KB from one IP, ${(acceptedBytes / 1024 / 1024).toFixed(1)} MB were read in the minute; the rest were refused with 429 before their body was read`);
    expect(acceptedBytes).toBeLessThanOrEqual(WRITE_BYTES_PER_IP_PER_MIN);
    expect(statuses.filter((s) => s !== 429).length).toBe(Math.floor(WRITE_BYTES_PER_IP_PER_MIN / body.length));
    // Other anonymous writes from that IP share the quota; signed-in writes elsewhere do not.
    const anonymous = await t.app.inject({ method: 'POST', url: '/v1/users/online/sms_code', remoteAddress: '10.1.1.1', payload: { mobile: '13800001111' } });
    expect(anonymous.statusCode).toBe(429);
    const { headers } = await signedInUser(t);
    const signedIn = await t.app.inject({ method: 'PUT', url: '/v1/users/online/info', remoteAddress: '10.1.1.1', headers, payload: { name: '周九' } });
    expect(signedIn.json().code).toBe(0);
    // Tracking counts whoever sends it.
    const tracked = await t.app.inject({ method: 'POST', url: '/v1/collect/page/visit', remoteAddress: '10.1.1.1', headers: { ...TRACK_HEADERS, ...headers }, payload: '[]' });
    expect(tracked.statusCode).toBe(429);
    // Another client is unaffected.
    const other = await t.app.inject({ method: 'POST', url: '/v1/collect/page/visit', remoteAddress: '10.1.1.2', headers: TRACK_HEADERS, payload: body });
    expect(other.statusCode).not.toBe(429);
  });

  it('RATE_LIMIT_IP_PER_MIN=0 turns the tracking quota off (load tests)', async () => {
    t = await build(dialect, { config: { rateLimit: { ipPerMinute: 0, userPerMinute: 0 } } });
    const body = junk(500 * 1024);
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/collect/page/visit', remoteAddress: '10.1.2.1', headers: TRACK_HEADERS, payload: body });
      expect(res.statusCode).not.toBe(429);
    }
  });

  it('caps courseware mails per user, per address and per IP (was 20 a second without limit)', async () => {
    const mail = new LogMailSender(() => undefined);
    t = await build(dialect, { adapters: { mail } });
    const course = await buildFreeCourse(t.app.db);
    await t.app.db
      .insertInto('courseware')
      .values({ course_id: course.id, storage: 'generated', file_path: '', file_name: '讲义.html', file_size: 1234, mime: 'text/html; charset=utf-8', created_at: Date.now() })
      .execute();
    const send = (headers: Record<string, string>, ip: string) => t!.app.inject({ method: 'GET', url: `/v1/courses/send_ppt?courseId=${course.id}`, headers, remoteAddress: ip });
    const caps = SEND_CAPS.mail;

    const a = await signedInUser(t, { email: 'a@example.com', email_verified_at: Date.now() });
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await send(a.headers, '10.1.3.1')).json().code);
    expect(codes.slice(0, caps.perUser).every((c) => c !== ErrorCodes.MAIL_SEND_LIMITED)).toBe(true);
    expect(codes.slice(caps.perUser)).toEqual(Array(20 - caps.perUser).fill(ErrorCodes.MAIL_SEND_LIMITED));
    expect(mail.sent.length).toBeLessThanOrEqual(caps.perUser);
    console.log(`send_ppt: of 20 calls by one learner, ${mail.sent.length} mails went out (codes ${codes.join(',')})`);
    const refused = await send(a.headers, '10.1.3.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(refused.json().message).toBe('邮件发送太频繁，请稍后再试');

    // Per address: another account with the same mailbox gets nothing more through.
    const sameBox = await signedInUser(t, { email: 'A@example.com', email_verified_at: Date.now() });
    expect((await send(sameBox.headers, '10.1.3.2')).json().code).toBe(ErrorCodes.MAIL_SEND_LIMITED);

    // Per IP: fresh users and mailboxes from one address are capped together.
    const ipCodes: number[] = [];
    for (let u = 0; u < 4; u++) {
      const learner = await signedInUser(t, { email: `ip${u}@example.com`, email_verified_at: Date.now() });
      for (let i = 0; i < caps.perUser; i++) ipCodes.push((await send(learner.headers, '10.1.3.3')).json().code);
    }
    expect(ipCodes.filter((c) => c !== ErrorCodes.MAIL_SEND_LIMITED)).toHaveLength(caps.perIp);
    // Someone else, elsewhere, is unaffected.
    const fresh = await signedInUser(t, { email: 'fresh@example.com', email_verified_at: Date.now() });
    expect((await send(fresh.headers, '10.1.3.4')).json().code).not.toBe(ErrorCodes.MAIL_SEND_LIMITED);
  });

  it('caps SMS codes per signed-in user, on top of the per-phone and per-IP limits', async () => {
    t = await build(dialect);
    const { headers } = await signedInUser(t);
    const codes: number[] = [];
    for (let i = 0; i < SEND_CAPS.sms.perUser + 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/users/online/sms_code', headers, remoteAddress: `10.1.4.${i + 1}`, payload: { mobile: `1390000${String(1000 + i)}`, type: 2 } });
      codes.push(res.json().code);
    }
    expect(codes.slice(0, SEND_CAPS.sms.perUser)).toEqual(Array(SEND_CAPS.sms.perUser).fill(0));
    expect(codes.slice(SEND_CAPS.sms.perUser)).toEqual([ErrorCodes.SMS_SEND_LIMITED, ErrorCodes.SMS_SEND_LIMITED]);
    // An anonymous learner on a fresh phone still gets a code.
    const anon = await t.app.inject({ method: 'POST', url: '/v1/users/online/sms_code', remoteAddress: '10.1.4.99', payload: { mobile: '13900009999' } });
    expect(anon.json().code).toBe(0);
  });
});
