/**
 * Downloads that open as a plain link take a single-use, 60-second ticket scoped to one user and
 * one file — never a session token (issue 11, decision 017).
 */
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { type TestApp, useApp } from './support/build.ts';
import { useServerClock } from './support/clock.ts';
import { dialectsUnderTest } from './support/db.ts';
import { signedInUser } from './support/factories.ts';
import { issueLoginCode } from '../src/modules/auth/login-binding.ts';

describe.each(dialectsUnderTest())('listen report download tickets (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));
  const setClock = useServerClock();

  const ticketFor = (headers: Record<string, string> | undefined, year = 2026) =>
    t.app.inject({ method: 'POST', url: '/v1/courses/listen_report/export_ticket', headers, payload: { year } });
  const open = (url: string) => t.app.inject({ method: 'GET', url });

  it('needs a signed-in caller to ask for a ticket', async () => {
    const res = await ticketFor(undefined);
    expect(res.json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
  });

  it('answers a ticket link (no session token in it, not cacheable) that opens the file once', async () => {
    const me = await signedInUser(t, { name: '票据学员' });
    const res = await ticketFor(me.headers);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json().data;
    expect(data).toMatchObject({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresIn: 60 });
    expect(data.url).toBe(`/v1/courses/listen_report/export.csv?year=2026&ticket=${data.ticket}`);
    expect(data.url).not.toContain(me.login.accessToken);
    const first = await open(data.url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(first.body).toContain('2026年合计,票据学员');
    const again = await open(data.url);
    expect(again.json().code).toBe(ErrorCodes.DOWNLOAD_LINK_INVALID);
  });

  it('opens only its own file: another year is refused', async () => {
    const me = await signedInUser(t);
    const { url } = (await ticketFor(me.headers, 2024)).json().data;
    expect((await open(url.replace('year=2024', 'year=2025'))).json().code).toBe(ErrorCodes.DOWNLOAD_LINK_INVALID);
    // Without a year the route means this year's file, which the ticket does not open.
    expect((await open(url.replace('year=2024&', ''))).json().code).toBe(ErrorCodes.DOWNLOAD_LINK_INVALID);
    expect((await open(url)).statusCode).toBe(200);
  });

  it('opens the file of the learner it was issued to, whoever opens it', async () => {
    const a = await signedInUser(t, { name: '甲学员' });
    const b = await signedInUser(t, { name: '乙学员' });
    const { url } = (await ticketFor(a.headers)).json().data;
    const res = await t.app.inject({ method: 'GET', url, headers: b.headers });
    expect(res.body).toContain('甲学员');
    expect(res.body).not.toContain('乙学员');
  });

  it('expires after 60 seconds', async () => {
    const me = await signedInUser(t);
    const { url } = (await ticketFor(me.headers)).json().data;
    setClock(Date.now() + 61_000);
    expect((await open(url)).json().code).toBe(ErrorCodes.DOWNLOAD_LINK_INVALID);
  });

  it('refuses forged tickets, and a login code is not a ticket', async () => {
    const me = await signedInUser(t);
    const loginCode = await issueLoginCode(t.app.db, { userId: me.user.id, isNewUser: false, binding: 'b'.repeat(43), now: Date.now() });
    for (const ticket of [loginCode, 'x'.repeat(43), 'short', '%00']) {
      const res = await open(`/v1/courses/listen_report/export.csv?year=2026&ticket=${ticket}`);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().code).toBe(ErrorCodes.DOWNLOAD_LINK_INVALID);
    }
  });

  it('opens once when the same ticket is used twice at once', async () => {
    const me = await signedInUser(t);
    const { url } = (await ticketFor(me.headers)).json().data;
    const answers = await Promise.all([open(url), open(url), open(url)]);
    expect(answers.filter((a) => a.statusCode === 200 && String(a.headers['content-type']).startsWith('text/csv'))).toHaveLength(1);
  });

  it('still serves a signed-in fetch with the Access-Token header (browsers save a blob)', async () => {
    const me = await signedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/v1/courses/listen_report/export.csv?year=2026', headers: me.headers });
    expect(res.statusCode).toBe(200);
  });
});
