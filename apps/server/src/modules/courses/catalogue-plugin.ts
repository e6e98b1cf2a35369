/**
 * The catalogue plugin: course reads and the supporting reads, registered under /v1 from
 * app.ts. The search index upkeep at start (decision 005, 022) is jobs/search-index.ts.
 */
import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './catalogue-routes.ts';
import { courseRoutes } from './course-routes.ts';
import type { CourseAccessReader } from './course-service.ts';

/** `courseAccess`: the access module's course-page verdict (decision 024), passed in by app.ts. */
export async function catalogue(app: FastifyInstance, opts: { courseAccess: CourseAccessReader }) {
  await app.register(courseRoutes, { courseAccess: opts.courseAccess });
  await app.register(catalogueRoutes);
}
