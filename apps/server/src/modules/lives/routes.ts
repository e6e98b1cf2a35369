/**
 * /v1/lives: the schedule, open to anonymous visitors and cached like the catalogue (decision
 * 006). A live's status follows the clock, so a cached page can show a class as not begun for
 * up to the cache's age after it starts; the live room itself (a later issue) reads it fresh.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, LiveListQuery, LivePage } from '@jinfa/shared';
import { cacheKey, catalogueCacheFor, sendCatalogue } from '../courses/http-cache.ts';
import { livePage } from './live-service.ts';

export async function liveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = catalogueCacheFor(app.db);

  app.get('/lives', { schema: { querystring: LiveListQuery, response: { 200: Envelope(LivePage) } } }, async (request, reply) => {
    const { scope = 'upcoming', pageIndex = 1, pageSize = 10 } = request.query;
    return sendCatalogue(request, reply, {
      policy: 'public',
      cache: { store, key: cacheKey('lives', { scope, pageIndex, pageSize }) },
      load: () => livePage(app.db, scope, Date.now(), pageIndex, pageSize),
    });
  });
}
