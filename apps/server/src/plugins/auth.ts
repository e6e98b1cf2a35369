/**
 * Resolves the caller from the token (spec §7: the `apptoken` query value first, else the
 * `Access-Token` header). The query parameter counts only when spelled exactly `apptoken` in the
 * raw address: `?app%74oken=` or `?APPTOKEN=` authenticate nothing (decision 017). Routes call `request.requireUser()`; it throws the login-required code
 * (403, which makes the H5 start login), the token-invalid code for expired or revoked tokens,
 * and the spec's locked (-1797) / blacklisted (262145) codes for users who cannot act.
 *
 * The lookup (session joined to its user, one precompiled statement; app.ts passes it in as
 * `findSession`, since plugins sit below the modules) runs at most once a request
 * — the rate limiter's caller and the route share it — and a token's answer is reused for
 * `AUTH_CACHE_MS` (≤ 2 s, default 1 s; decision 022). Every write request handled by this instance
 * (sign-out, profile edits, account changes) forgets all reused answers when it starts and again
 * when it ends, and a lookup that overlapped a write is not kept: a sign-out takes effect at once
 * here, and within `AUTH_CACHE_MS` on the other instances.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccountStatus, ErrorCodes } from '@jinfa/shared';
import { AppError, LoginRequiredError } from '../lib/errors.ts';
import { sha256Hex } from '../lib/crypto.ts';
import type { UserRow } from '../db/schema.ts';

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accept the access token in the JSON body field `accessToken` (sendBeacon routes only). */
    bodyToken?: boolean;
    /** `false`: ignore the `apptoken` query (download routes a learner may copy and share; decision 017). */
    queryToken?: boolean;
  }
  interface FastifyRequest {
    /** The raw token sent by the client, if any. */
    accessToken(): string | null;
    /** The caller, or null when anonymous. Invalid tokens throw. Cached per request. */
    optionalUser(): Promise<AuthContext | null>;
    /** The caller; throws when anonymous, invalid, locked or blacklisted. */
    requireUser(opts?: { allowRestricted?: boolean }): Promise<AuthContext>;
  }
}

/** The live session of an access token's hash and its user, with the token's expiry; undefined when none. */
export type FindLiveSession = (hash: string, now: number) => Promise<{ sessionId: number; user: UserRow; accessExpiresAt: number } | undefined>;

export interface AuthOptions {
  findSession: FindLiveSession;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

/** The `apptoken` query value, read from the raw address under that exact spelling only. */
export function appTokenFromUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  for (const part of url.slice(q + 1).split('&')) {
    if (!part.startsWith('apptoken=')) continue;
    try {
      return decodeURIComponent(part.slice('apptoken='.length).replace(/\+/g, ' '));
    } catch {
      return part.slice('apptoken='.length);
    }
  }
  return '';
}

export function tokenFromRequest(request: FastifyRequest): string | null {
  const fromQuery = request.routeOptions.config?.queryToken === false ? '' : appTokenFromUrl(request.url);
  const header = request.headers['access-token'];
  const fromHeader = typeof header === 'string' ? header : '';
  const token = (fromQuery || fromHeader || fromBody(request)).trim();
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}

/**
 * The body field `accessToken`, read ONLY on routes that opt in with `config: { bodyToken: true }`
 * (listenV3: `navigator.sendBeacon` cannot set headers). Every other route ignores it.
 */
function fromBody(request: FastifyRequest): string {
  if (request.routeOptions.config?.bodyToken !== true) return '';
  const body = request.body as { accessToken?: unknown } | undefined;
  return body && typeof body === 'object' && typeof body.accessToken === 'string' ? body.accessToken : '';
}

export function assertCanAct(user: UserRow): void {
  if (user.account_status === AccountStatus.LOCKED) throw new AppError(ErrorCodes.USER_LOCKED);
  if (user.account_status === AccountStatus.BLACKLISTED) throw new AppError(ErrorCodes.USER_BLACKLISTED);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Bound on reused answers; past it the map starts over (a flood of distinct tokens). */
const MAX_REUSED = 10_000;

interface Reused {
  ctx: AuthContext;
  /** Reused until then: the lookup time + AUTH_CACHE_MS, never past the token's own expiry. */
  until: number;
}

async function authPlugin(app: FastifyInstance, opts: AuthOptions) {
  const cache = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();
  const reuseMs = Math.min(2_000, app.config.authCacheMs ?? 0);
  const reused = new Map<string, Reused>();
  /** Bumped when a write request starts and ends; a lookup that saw it change is not kept. */
  let epoch = 0;

  async function resolve(request: FastifyRequest): Promise<AuthContext | null> {
    const token = tokenFromRequest(request);
    if (!token) return null;
    if (!TOKEN_SHAPE.test(token)) throw new AppError(ErrorCodes.TOKEN_INVALID);
    const hash = sha256Hex(token);
    const now = Date.now();
    if (reuseMs > 0) {
      const hit = reused.get(hash);
      if (hit && hit.until > now) return hit.ctx;
      if (hit) reused.delete(hash);
    }
    const seen = epoch;
    // Unknown, revoked and expired tokens all answer the same code.
    const live = await opts.findSession(hash, now);
    if (!live) throw new AppError(ErrorCodes.TOKEN_INVALID);
    const ctx: AuthContext = { user: live.user, sessionId: live.sessionId };
    if (reuseMs > 0 && seen === epoch) {
      if (reused.size >= MAX_REUSED) reused.clear();
      reused.set(hash, { ctx, until: Math.min(now + reuseMs, live.accessExpiresAt) });
    }
    return ctx;
  }

  if (reuseMs > 0) {
    const forget = () => {
      epoch++;
      reused.clear();
    };
    app.addHook('onRequest', (request, _reply, done) => {
      if (WRITE_METHODS.has(request.method)) forget();
      done();
    });
    app.addHook('onResponse', (request, _reply, done) => {
      if (WRITE_METHODS.has(request.method)) forget();
      done();
    });
  }

  app.decorateRequest('accessToken', function (this: FastifyRequest) {
    return tokenFromRequest(this);
  });
  app.decorateRequest('optionalUser', function (this: FastifyRequest) {
    let p = cache.get(this);
    if (!p) {
      p = resolve(this);
      cache.set(this, p);
    }
    return p;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest, opts?: { allowRestricted?: boolean }) {
    const ctx = await this.optionalUser();
    if (!ctx) throw new LoginRequiredError();
    if (!opts?.allowRestricted) assertCanAct(ctx.user);
    return ctx;
  });
}

export default fp(authPlugin, { name: 'auth' });
