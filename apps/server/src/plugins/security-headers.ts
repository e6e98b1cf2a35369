/**
 * Response headers a security reviewer expects (decision 021), from helmet — its middleware built
 * ONCE at start-up (@fastify/helmet rebuilt it, parsing the whole CSP, on every request: ~5 % of a
 * request's CPU under load, decision 022):
 * - Content-Security-Policy: scripts only from this origin and the WeChat JS-SDK host, plus the
 *   sha256 of each inline script of the built index.html (computed at start-up); no framing.
 * - nosniff, Referrer-Policy (origin only across sites: `apptoken` queries stay home, while
 *   WeChat Pay's H5 checkout still sees which site sent the learner), X-Frame-Options DENY.
 * - HSTS only when the public origin is https or the request came over TLS (via a trusted proxy).
 * - Every /v1 answer that sets no cache policy of its own is `private, no-store`: answers that
 *   depend on the caller (profile, tokens, audit status) must never sit in a shared cache. The
 *   catalogue's public answers keep theirs (modules/courses/http-cache.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { PRIVATE_NO_STORE } from '../lib/http.ts';

/** Where the H5 app loads the WeChat JS-SDK from (apps/web/src/features/share/lib/wx-sdk.ts) and its mirror. */
export const WECHAT_SDK_ORIGINS = ['https://res.wx.qq.com', 'https://res2.wx.qq.com'];
/** WeChat profile pictures (OAuth `headimgurl`). */
const WECHAT_AVATAR_ORIGINS = ['https://*.qlogo.cn'];
const HSTS = 'max-age=31536000; includeSubDomains';

/** `'sha256-…'` sources for each inline `<script>` / `<style>` block of an HTML page. */
export function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const re = tag === 'script' ? /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi : /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
  const out = new Set<string>();
  for (const m of html.matchAll(re)) {
    const body = m[1] ?? '';
    if (body.trim() === '') continue;
    out.add(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...out];
}

/** What tells the H5 app's policy from the console's: the rest of the two policies is the same. */
interface PolicyDifferences {
  httpsOrigin: boolean;
  /** Script sources besides 'self'. */
  scriptSrc: string[];
  /** Style sources besides 'self'. */
  styleSrc: string[];
  referrerPolicy: 'strict-origin-when-cross-origin' | 'same-origin';
}

/** helmet's middleware for one app's pages, built once. */
function buildHeaders({ httpsOrigin, scriptSrc, styleSrc, referrerPolicy }: PolicyDifferences) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptSrc],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", ...styleSrc],
        imgSrc: ["'self'", 'data:', 'blob:', ...WECHAT_AVATAR_ORIGINS],
        // hls.js plays through Media Source Extensions: blob: media, and its worker from a blob:.
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only where the site is https: on a plain-http LAN install it would break every asset.
        ...(httpsOrigin ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: referrerPolicy },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}

async function securityHeadersPlugin(app: FastifyInstance) {
  const indexFile = path.join(app.config.webDist, 'index.html');
  const html = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : '';
  const httpsOrigin = (app.config.publicUrl ?? '').toLowerCase().startsWith('https://');

  const headers = buildHeaders({
    httpsOrigin,
    scriptSrc: [...WECHAT_SDK_ORIGINS, ...inlineHashes(html, 'script')],
    styleSrc: inlineHashes(html, 'style'),
    referrerPolicy: 'strict-origin-when-cross-origin',
  });

  // The operator console (/admin, decision 026) has its own policy: antd 6 writes its styles into
  // <style> elements at run time (CSS-in-JS), which no hash can name, so 'unsafe-inline' styles are
  // allowed there and only there; scripts stay 'self' plus the hashes of its index.html.
  const adminIndex = path.join(app.config.adminDist, 'index.html');
  const adminHtml = fs.existsSync(adminIndex) ? fs.readFileSync(adminIndex, 'utf8') : '';
  const adminHeaders = buildHeaders({
    httpsOrigin,
    scriptSrc: inlineHashes(adminHtml, 'script'),
    styleSrc: ["'unsafe-inline'"],
    referrerPolicy: 'same-origin',
  });
  const isConsolePage = (url: string) => url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?');

  // Every answer (routes, 404s, errors) gets the headers before anything else runs.
  app.addHook('onRequest', (request, reply, done) => {
    const h = isConsolePage(request.url) ? adminHeaders : headers;
    h(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });

  app.addHook('onRequest', async (request, reply) => {
    if (httpsOrigin || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_NO_STORE);
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
