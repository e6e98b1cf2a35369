/**
 * Request limits and quotas (decision 021), with @fastify/rate-limit doing the counting:
 * - every /v1 route: one bucket per matched route pattern and caller — the signed-in user, else
 *   the client IP — so spellings of one path (`/v1//x`, `/v1/x/`, `%2F`, upper case, added
 *   queries) share a bucket. Unknown /v1 paths share one not-found bucket per IP.
 * - anonymous writes and every tracking upload: a byte quota per IP (body limits bound each request).
 * - mail and SMS sends: caps per user, per address and per IP (`app.sendCap`).
 * Every counter lives in the KV store (in-process, or Redis when REDIS_URL is set, shared by instances).
 * `RATE_LIMIT_IP_PER_MIN=0` turns off every per-IP and per-client limit and quota;
 * `RATE_LIMIT_USER_PER_MIN=0` the per-user one.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import FindMyWay from 'find-my-way';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ErrorCodes, type ErrorCode } from '@jinfa/shared';
import { AppError } from '../lib/errors.ts';
import type { KvStore } from '../adapters/kv-store.ts';
import { tokenFromRequest } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one send on each of its keys (per user, per address, per IP) and throws the
     * channel's limited code, with Retry-After, once any of them is over its hourly cap.
     */
    sendCap(channel: SendChannel, who: SendKeys, reply?: FastifyReply): Promise<void>;
  }
}

export type SendChannel = 'mail' | 'sms';
/** The keys a send counts against; each one given is capped (the IP only while per-IP limits are on). */
export interface SendKeys {
  userId?: number | null;
  address?: string | null;
  ip?: string;
}

const WINDOW_MS = 60_000;
const HOUR_MS = 60 * 60_000;

/** Bytes per IP per minute that anonymous writes and tracking uploads may send together. */
export const WRITE_BYTES_PER_IP_PER_MIN = 8 * 1024 * 1024;
/** What a write without a body costs against that quota, so that empty floods are counted too. */
const MIN_WRITE_COST = 512;

/**
 * Hourly send caps. SMS per phone and per IP are counted by sms-code-service (rows in sms_codes,
 * actual sends only, so that refused attempts cannot lock a phone out); the route adds the per-user cap here.
 */
export const SEND_CAPS: Record<SendChannel, { perUser: number; perAddress: number; perIp: number; code: ErrorCode }> = {
  mail: { perUser: 10, perAddress: 10, perIp: 30, code: ErrorCodes.MAIL_SEND_LIMITED },
  sms: { perUser: 10, perAddress: 10, perIp: 30, code: ErrorCodes.SMS_SEND_LIMITED },
};

/** Routes the limiter leaves alone: judged by their signature, or outside the API. */
function exempt(pattern: string): boolean {
  if (!pattern.startsWith('/v1/')) return true;
  // Payment notifications come from the provider's few servers, are authenticated by their
  // signature, and throttling them only delays learners' purchases (the provider retries).
  if (pattern.startsWith('/v1/pay/notify/')) return true;
  // Signed playlist and segment URLs (decision 010): a classroom behind one NAT address fetches
  // a segment every few seconds per learner.
  if (pattern.startsWith('/v1/media/play/')) return true;
  return false;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The path as a router that forgives every spelling would see it: decoded, one slash, lower case. */
export function canonicalPath(url: string): string {
  let p = url.split(/[?#]/, 1)[0] ?? '/';
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(p); i++) {
    try {
      p = decodeURIComponent(p);
    } catch {
      break;
    }
  }
  p = p.replace(/\\/g, '/').replace(/\/{2,}/g, '/').toLowerCase();
  return p.length > 1 ? p.replace(/\/+$/, '') || '/' : p;
}

interface Caller {
  kind: 'user' | 'ip';
  key: string;
}

/** A KV-backed store for @fastify/rate-limit: one counter per key, living one window from its first hit. */
function kvStoreFor(kv: KvStore, log: FastifyBaseLogger) {
  return class KvRateLimitStore {
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      kv.incrWithTtl(`rl:${key}`, timeWindow).then(
        (r) => cb(null, { current: r.value, ttl: r.ttlMs }),
        (err: Error) => {
          log.warn({ err }, 'rate limit store unavailable: request let through');
          cb(err);
        },
      );
    }
    child() {
      return this;
    }
  };
}

async function rateLimitPlugin(app: FastifyInstance) {
  const { ipPerMinute, userPerMinute } = app.config.rateLimit;
  const callers = new WeakMap<FastifyRequest, Promise<Caller>>();
  const patterns = new WeakMap<FastifyRequest, string | null>();

  // A forgiving twin of the router: resolves unknown spellings (`/V1//Courses/`) to the pattern
  // they would have meant, so that they count against that route's bucket.
  const twin = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true });
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    if (!url || exempt(url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      try {
        twin.on(method as 'GET', url.toLowerCase(), () => undefined, { pattern: url });
      } catch {
        // Already known (HEAD beside GET, or one pattern in two spellings): the first one stands.
      }
    }
  });

  /** The matched route pattern; for an unknown path, the pattern it resembles, or null. */
  function patternOf(request: FastifyRequest): string | null {
    if (patterns.has(request)) return patterns.get(request)!;
    let pattern: string | null = request.is404 ? null : (request.routeOptions.url ?? null);
    if (pattern === null) {
      const path = canonicalPath(request.url);
      let found: { store?: unknown } | null = null;
      try {
        found = twin.find(request.method as 'GET', path);
      } catch {
        // A path the twin cannot read either: it is one more unknown path.
      }
      const store = found?.store as { pattern?: string } | undefined;
      pattern = store?.pattern ?? (path.startsWith('/v1/') ? '/v1/*not-found' : null);
    }
    patterns.set(request, pattern);
    return pattern;
  }

  /**
   * The signed-in user when the request carries a token that resolves, else the client IP. A
   * made-up token never gets a bucket of its own: it counts against the IP (the route then
   * answers the token-invalid code). Tokens in a sendBeacon body are not read yet at onRequest.
   */
  function callerOf(request: FastifyRequest): Promise<Caller> {
    let c = callers.get(request);
    if (!c) {
      c = (async (): Promise<Caller> => {
        if (tokenFromRequest(request)) {
          try {
            const ctx = await request.optionalUser();
            if (ctx) return { kind: 'user', key: `u:${ctx.user.id}` };
          } catch {
            // Invalid, expired or revoked: the route says so; the limiter falls back to the IP.
          }
        }
        return { kind: 'ip', key: `ip:${request.ip}` };
      })();
      callers.set(request, c);
    }
    return c;
  }

  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: WINDOW_MS,
    store: kvStoreFor(app.kv, app.log) as never,
    // A KV outage must not take the API down with it: requests pass and the failure is logged.
    skipOnError: true,
    max: async (request) => ((await callerOf(request)).kind === 'user' ? userPerMinute : ipPerMinute),
    keyGenerator: async (request) => {
      const pattern = patternOf(request);
      // Exempt requests are let through by allowList below; no need to look their caller up.
      if (pattern === null || exempt(pattern)) return 'exempt';
      return `${request.method === 'HEAD' ? 'GET' : request.method} ${pattern} ${(await callerOf(request)).key}`;
    },
    allowList: async (request) => {
      const pattern = patternOf(request);
      if (pattern === null || exempt(pattern)) return true;
      const caller = await callerOf(request);
      return caller.kind === 'user' ? userPerMinute === 0 : ipPerMinute === 0;
    },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: (_request, context) => new AppError(ErrorCodes.RATE_LIMITED, undefined, { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });

  /** Anonymous writes and tracking uploads: bytes per IP per minute, counted before the body is read. */
  async function writeQuota(request: FastifyRequest, reply: FastifyReply) {
    if (ipPerMinute === 0 || !WRITE_METHODS.has(request.method)) return;
    const pattern = patternOf(request);
    if (pattern === null || exempt(pattern)) return;
    const tracking = pattern.startsWith('/v1/collect/');
    if (!tracking && (await callerOf(request)).kind === 'user') return;
    const declared = Number(request.headers['content-length']);
    // A chunked upload says nothing in advance: count the most its route lets through.
    const bytes = Number.isFinite(declared) && declared > 0 ? declared : request.headers['transfer-encoding'] ? request.routeOptions.bodyLimit ?? app.config.bodyLimit : 0;
    const r = await counted(() => app.kv.incrWithTtl(`q:write-bytes:${request.ip}`, WINDOW_MS, Math.max(MIN_WRITE_COST, bytes)));
    if (r && r.value > WRITE_BYTES_PER_IP_PER_MIN) throw limited(reply, ErrorCodes.RATE_LIMITED, r.ttlMs);
  }
  /** Like the limiter, a KV outage lets the request through rather than answer an error. */
  async function counted<T>(count: () => Promise<T>): Promise<T | null> {
    try {
      return await count();
    } catch (err) {
      app.log.warn({ err }, 'quota store unavailable: request let through');
      return null;
    }
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    if (!url || exempt(url)) return;
    const existing = route.onRequest;
    route.onRequest = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), writeQuota] as RouteOptions['onRequest'];
  });

  app.decorate('sendCap', async (channel: SendChannel, who: SendKeys, reply?: FastifyReply) => {
    const caps = SEND_CAPS[channel];
    const keys: Array<[string, number]> = [];
    if (who.userId) keys.push([`send:${channel}:user:${who.userId}`, caps.perUser]);
    const address = who.address?.trim().toLowerCase();
    if (address) keys.push([`send:${channel}:to:${address}`, caps.perAddress]);
    if (who.ip && ipPerMinute !== 0) keys.push([`send:${channel}:ip:${who.ip}`, caps.perIp]);
    const counts = await counted(() => Promise.all(keys.map(([key]) => app.kv.incrWithTtl(key, HOUR_MS))));
    if (!counts) return;
    const over = counts.filter((r, i) => r.value > keys[i]![1]);
    if (over.length > 0) throw limited(reply, caps.code, Math.max(...over.map((r) => r.ttlMs)));
  });
}

function limited(reply: FastifyReply | undefined, code: ErrorCode, ttlMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(ttlMs / 1000));
  reply?.header('retry-after', String(retryAfter));
  return new AppError(code, undefined, { retryAfter });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['auth'] });
