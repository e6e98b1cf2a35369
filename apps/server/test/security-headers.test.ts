import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@jinfa/shared';
import { inlineHashes } from '../src/plugins/security-headers.ts';
import { build, type TestApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, signedInUser } from './support/factories.ts';

const INLINE_SCRIPT = "window.__boot = Date.now();";
const INLINE_STYLE = 'body{background:#fff}';
let webDist: string;

beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><style>${INLINE_STYLE}</style><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log(1)');
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;

function directives(csp: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe.each(dialectsUnderTest())('security headers (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('serves the H5 app under a CSP of this origin, the WeChat JS-SDK and the hashes of its inline scripts; no framing, nosniff, a strict referrer policy', async () => {
    t = await build(dialect, { config: { webDist } });
    const page = await t.app.inject({ method: 'GET', url: '/course/12', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://res.wx.qq.com', 'https://res2.wx.qq.com', sha(INLINE_SCRIPT)]);
    expect(csp.get('style-src')).toEqual(["'self'", sha(INLINE_STYLE)]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
    // Over plain http the browser must not be told to upgrade (a LAN install would lose its assets).
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-cache');

    // Assets and API answers carry the same headers.
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    const api = await t.app.inject({ method: 'GET', url: '/v1/courses/latest' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only when the public origin is https or the request came over TLS through a trusted proxy', async () => {
    t = await build(dialect, { config: { publicUrl: 'https://h5.example.com' } });
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    expect(directives(res.headers['content-security-policy'] as string).has('upgrade-insecure-requests')).toBe(true);
    await t.close();

    t = await build(dialect, { config: { publicUrl: undefined, trustProxy: '127.0.0.1' } });
    const viaProxy = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    const spoofed = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers that depend on the caller are private, no-store; the public catalogue keeps its own policy', async () => {
    t = await build(dialect, { config: { rateLimit: { ipPerMinute: 0, userPerMinute: 0 } } });
    const { user, headers, login } = await signedInUser(t, { email: 'a@example.com' });
    await buildCourse(t.app.db);
    const calls = [
      t.app.inject({ method: 'GET', url: '/v1/users/me', headers }),
      t.app.inject({ method: 'GET', url: '/v1/users/me/audit_status', headers }),
      t.app.inject({ method: 'GET', url: '/v1/users/check_subscribe', headers }),
      t.app.inject({ method: 'PUT', url: '/v1/users/online/info', headers, payload: { name: '周九', email: 'zhou@example.com' } }),
      t.app.inject({ method: 'GET', url: `/v1/wechat/token?refreshToken=${encodeURIComponent(login.refreshToken)}` }),
      t.app.inject({ method: 'GET', url: `/v1/wechat/token2?userId=${user.id}` }),
      // Refusals too: an error envelope is no shared-cache material either.
      t.app.inject({ method: 'GET', url: '/v1/users/me' }),
    ];
    const answers = await Promise.all(calls);
    for (const res of answers.slice(0, 6)) expect(res.json().code).toBe(0);
    expect(answers[6]!.json().code).toBe(ErrorCodes.LOGIN_REQUIRED);
    for (const res of answers) expect(res.headers['cache-control']).toBe('private, no-store');
    const catalogue = await t.app.inject({ method: 'GET', url: '/v1/courses/latest' });
    expect(catalogue.headers['cache-control']).toBe('public, max-age=30');
  });
});

describe('inlineHashes', () => {
  it('hashes inline script and style blocks, not external scripts or empty ones', () => {
    const html = '<script src="/a.js"></script><script>a()</script><script type="module">\nb()\n</script><script> </script><style>p{}</style>';
    expect(inlineHashes(html, 'script')).toEqual([sha('a()'), sha('\nb()\n')]);
    expect(inlineHashes(html, 'style')).toEqual([sha('p{}')]);
  });
});
