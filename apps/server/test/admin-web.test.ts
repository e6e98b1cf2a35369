/**
 * The built console at /admin (issue 13, decision 026): its files, the index.html fallback for its
 * browser routes, caching, its own CSP, and the notice when it is not built. The H5 app's
 * fallback never answers an /admin path.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './support/build.ts';

const ADMIN_SCRIPT = 'window.__console = 1;';
let root: string;
let webDist: string;
let adminDist: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'jinfa-admin-web-'));
  webDist = path.join(root, 'web');
  adminDist = path.join(root, 'admin');
  for (const dir of [webDist, adminDist]) fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root">H5</div></body></html>');
  fs.writeFileSync(
    path.join(adminDist, 'index.html'),
    `<!doctype html><html><head><script>${ADMIN_SCRIPT}</script><script type="module" src="/admin/assets/index-abc.js"></script></head><body><div id="root">CONSOLE</div></body></html>`,
  );
  fs.writeFileSync(path.join(adminDist, 'assets', 'index-abc.js'), 'console.log("console")');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function directives(csp: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('GET /admin', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('serves the console, its routes from index.html (no-cache) and its hashed files (immutable)', async () => {
    t = await build('sqlite', { config: { webDist, adminDist } });
    for (const url of ['/admin', '/admin/', '/admin/courses/12', '/admin/orders?status=paid']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('CONSOLE');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A missing file is a 404, never the page in its place.
    const missing = await t.app.inject({ method: 'GET', url: '/admin/assets/gone-123.js', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('CONSOLE');
    // The H5 app keeps its own fallback.
    const h5 = await t.app.inject({ method: 'GET', url: '/course/3', headers: { accept: 'text/html' } });
    expect(h5.body).toContain('H5');
  });

  it('gives the console its own CSP (inline styles for antd there only)', async () => {
    t = await build('sqlite', { config: { webDist, adminDist } });
    const page = await t.app.inject({ method: 'GET', url: '/admin/learners', headers: { accept: 'text/html' } });
    const csp = directives(page.headers['content-security-policy']);
    const hash = `'sha256-${crypto.createHash('sha256').update(ADMIN_SCRIPT).digest('base64')}'`;
    expect(csp.get('script-src')).toEqual(["'self'", hash]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const h5 = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(h5.headers['content-security-policy']).not.toContain('unsafe-inline');
    const api = await t.app.inject({ method: 'GET', url: '/v1/admin/session' });
    expect(api.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('says in Chinese that the console is not built when apps/admin/dist is missing', async () => {
    t = await build('sqlite', { config: { webDist, adminDist: path.join(root, 'nowhere') } });
    for (const url of ['/admin', '/admin/courses']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('管理后台尚未构建');
      expect(res.body).not.toContain('H5');
    }
  });
});
