/** What the login routes read from a request: the caller (if any), our public origin, cookies. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCodes } from '@jinfa/shared';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { publicOrigin as publicOriginOf } from '../../lib/public-origin.ts';

/**
 * The caller, or null — also when the token is stale or revoked: a learner who signs in again
 * while the H5 still sends an expired token must not be refused with "login expired".
 */
export async function callerOrAnonymous(request: FastifyRequest): Promise<AuthContext | null> {
  try {
    return await request.optionalUser();
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCodes.TOKEN_INVALID) return null;
    throw err;
  }
}

/** PUBLIC_URL's origin; the request's own only in development without it (lib/public-origin.ts, decision 018). */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return publicOriginOf(app.config, request);
}

/** H5 routes: hash history over http (`/#/user/login`), browser history over https (`/user/login`). */
export function h5Href(origin: string, path: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${origin.startsWith('https:') ? '' : '/#'}${path}${query ? `?${query}` : ''}`;
}

export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function userAgentOf(request: FastifyRequest): string {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua : '';
}

export function isWechatBrowser(request: FastifyRequest): boolean {
  return /MicroMessenger/i.test(userAgentOf(request));
}
