/** /v1/columns: open to anonymous visitors and cached like the rest of the catalogue (decision 006). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ColumnDetail, ColumnPage, Envelope, IdParam, PageQuery } from '@jinfa/shared';
import { cacheKey, catalogueCacheFor, sendCatalogue } from '../courses/http-cache.ts';
import { columnDetail, columnPage } from './column-service.ts';

export async function columnRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = catalogueCacheFor(app.db);

  app.get('/columns', { schema: { querystring: PageQuery, response: { 200: Envelope(ColumnPage) } } }, async (request, reply) => {
    const { pageIndex = 1, pageSize = 10 } = request.query;
    return sendCatalogue(request, reply, {
      policy: 'public',
      cache: { store, key: cacheKey('columns', { pageIndex, pageSize }) },
      load: () => columnPage(app.db, pageIndex, pageSize),
    });
  });

  app.get('/columns/:id', { schema: { params: IdParam, response: { 200: Envelope(ColumnDetail) } } }, async (request, reply) => {
    const id = request.params.id;
    return sendCatalogue(request, reply, {
      policy: 'public',
      cache: { store, key: cacheKey('column', { id }) },
      load: () => columnDetail(app.db, id),
    });
  });
}
