/**
 * Fixed-window rate limits on /v1: per client IP for every request, per user once the caller is
 * known. Counters live in the KV store (in-process, or Redis when REDIS_URL is set).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ErrorCodes } from '@jinfa/shared';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitUser(userId: number): Promise<void>;
    /** Generic limiter for a named bucket, e.g. SMS sends per phone. Returns false when over. */
    hit(bucket: string, limit: number, windowMs: number): Promise<boolean>;
  }
}

const WINDOW_MS = 60_000;

async function rateLimitPlugin(app: FastifyInstance) {
  const { ipPerMinute, userPerMinute } = app.config.rateLimit;

  app.decorate('hit', async (bucket: string, limit: number, windowMs: number) => {
    const slot = Math.floor(Date.now() / windowMs);
    const n = await app.kv.incr(`rl:${bucket}:${slot}`, windowMs);
    return n <= limit;
  });

  app.decorate('rateLimitUser', async (userId: number) => {
    if (userPerMinute > 0 && !(await app.hit(`user:${userId}`, userPerMinute, WINDOW_MS))) {
      throw new AppError(ErrorCodes.RATE_LIMITED);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (ipPerMinute === 0 || !request.url.startsWith('/v1/')) return;
    // Payment notifications come from the provider's few servers and are authenticated by their
    // signature; throttling them would only delay learners' purchases (the provider retries).
    if (request.url.startsWith('/v1/pay/notify/')) return;
    // Signed playlist and segment URLs (decision 010) are authenticated by their signature, and a
    // classroom behind one NAT address fetches a segment every few seconds per learner.
    if (request.url.startsWith('/v1/media/play/')) return;
    if (!(await app.hit(`ip:${request.ip}`, ipPerMinute, WINDOW_MS))) {
      throw new AppError(ErrorCodes.RATE_LIMITED);
    }
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
