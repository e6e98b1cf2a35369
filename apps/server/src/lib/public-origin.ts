/**
 * The ONE place that decides which origin the links and signatures we build point at: mail links,
 * share and JS-SDK signatures, OAuth redirect_uri, payment callbacks (decision 018).
 *
 * PUBLIC_URL when configured — always, whatever `Host` or `X-Forwarded-Host` a request names. Only
 * in development without it, the request's own origin as Fastify reads it: `Host`, or the
 * forwarded headers when the peer is one of TRUST_PROXY's addresses. Production without
 * PUBLIC_URL is refused at start (config.ts); should a test config get here anyway, -10240.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCodes } from '@jinfa/shared';
import type { Config } from '../config.ts';
import { AppError, ValidationError } from './errors.ts';

export type PublicOriginConfig = Pick<Config, 'publicUrl' | 'isProduction'>;

/** A host[:port] as a Host header may name it; anything else is not used to build a link. */
const HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function publicOrigin(config: PublicOriginConfig, request: FastifyRequest): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  if (config.isProduction) throw new AppError(ErrorCodes.PUBLIC_URL_UNSET);
  const host = request.host;
  if (!HOST.test(host)) throw new ValidationError('请求的 Host 不合法');
  return new URL(`${request.protocol === 'https' ? 'https' : 'http'}://${host}`).origin;
}

/** An absolute URL on our public origin for a path (`/v1/...`, `/#/...`). */
export function publicUrlFor(config: PublicOriginConfig, request: FastifyRequest, pathAndQuery: string): string {
  return `${publicOrigin(config, request)}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`;
}

/** Whether an absolute URL is on our public origin (scheme, host and port; default ports equal). */
export function isOnPublicOrigin(config: PublicOriginConfig, request: FastifyRequest, url: string | URL): boolean {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return false;
  }
  return parsed.origin === publicOrigin(config, request);
}
