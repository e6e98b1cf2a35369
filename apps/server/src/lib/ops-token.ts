/**
 * The operator token guard (header `X-Ops-Token` = `OPS_TOKEN`) shared by the ops-token routes:
 * tracking stats, refunds, auto-order links, media import, pay anomalies.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCodes } from '@jinfa/shared';
import { AppError } from './errors.ts';
import { safeEqual } from './crypto.ts';

/** An `onRequest` hook refusing anyone without the operator token (-10042). */
export function opsTokenGuard(opsToken: string | null): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const given = request.headers['x-ops-token'];
    // No OPS_TOKEN in production means nobody: never a default that everyone knows.
    if (!opsToken || typeof given !== 'string' || !safeEqual(given, opsToken)) throw new AppError(ErrorCodes.OPS_TOKEN_REQUIRED);
  };
}
