/**
 * The catalogue plugin: course reads and the supporting reads, registered under /v1 from
 * app.ts. When the app becomes ready the catalogue upkeep makes sure the search index covers
 * every course (decision 005) — inline for a small catalogue, in the background otherwise — and
 * refreshes planner statistics (search-index-job.ts, decision 022).
 */
import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './catalogue-routes.ts';
import { courseRoutes } from './course-routes.ts';
import { startCatalogueUpkeep } from './search-index-job.ts';

export async function catalogue(app: FastifyInstance) {
  const upkeep = startCatalogueUpkeep(app);
  app.addHook('onReady', upkeep.ready);
  app.addHook('onClose', upkeep.close);
  await app.register(courseRoutes);
  await app.register(catalogueRoutes);
}
