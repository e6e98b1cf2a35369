/**
 * The supporting reads the H5 home, discovery and search pages need: banners, subjects with
 * course counts, hot tags and hot searches. Public, cached like the course lists (decision 006).
 */
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Banner, Envelope, HotSearch, SizeQuery, Subject, TagSummary } from '@jinfa/shared';
import { cacheKey, catalogueCacheFor, sendCatalogue } from './http-cache.ts';
import { banners, hotSearches, hotTags, subjects } from './course-service.ts';

export async function catalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = catalogueCacheFor(app.db);

  app.get('/banners', { schema: { response: { 200: Envelope(Type.Array(Banner)) } } }, async (request, reply) =>
    sendCatalogue(request, reply, { policy: 'public', cache: { store, key: 'banners' }, load: () => banners(app.db) }),
  );

  app.get('/subjects', { schema: { response: { 200: Envelope(Type.Array(Subject)) } } }, async (request, reply) =>
    sendCatalogue(request, reply, { policy: 'public', cache: { store, key: 'subjects' }, load: () => subjects(app.db) }),
  );

  app.get('/tags/hot', { schema: { querystring: SizeQuery, response: { 200: Envelope(Type.Array(TagSummary)) } } }, async (request, reply) => {
    const size = request.query.size ?? 10;
    return sendCatalogue(request, reply, { policy: 'public', cache: { store, key: cacheKey('tags/hot', { size }) }, load: () => hotTags(app.db, size) });
  });

  app.get('/search/hot', { schema: { response: { 200: Envelope(Type.Array(HotSearch)) } } }, async (request, reply) =>
    sendCatalogue(request, reply, { policy: 'public', cache: { store, key: 'search/hot' }, load: () => hotSearches(app.db) }),
  );
}
