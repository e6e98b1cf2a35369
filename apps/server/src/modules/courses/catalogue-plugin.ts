/**
 * The catalogue plugin: course reads and the supporting reads, registered under /v1 from
 * app.ts. When the app becomes ready it makes sure the search index covers every course (a
 * fresh seed or an import leaves it empty; decision 005).
 */
import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './catalogue-routes.ts';
import { courseRoutes } from './course-routes.ts';
import { ensureSearchIndex } from './search-repository.ts';

export async function catalogue(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    const rebuilt = await ensureSearchIndex(app.db, app.dialect);
    if (rebuilt) app.log.info('course search index rebuilt');
  });
  await app.register(courseRoutes);
  await app.register(catalogueRoutes);
}
