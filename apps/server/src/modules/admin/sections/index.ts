/** The console's sections (dashboard, courses, learners, orders, …): each helper adds its register call here. */
import type { FastifyInstance } from 'fastify';
import { uploadRoutes } from './uploads.ts';
import { dashboardRoutes } from './dashboard.ts';
import { lookupRoutes } from './lookups.ts';
import { courseAdminRoutes } from './courses.ts';
import { adminLearnerRoutes } from './learners.ts';
import { adminOrderRoutes } from './orders.ts';
import { adminReviewRoutes } from './reviews.ts';
import { discoveryAdminRoutes } from './discovery.ts';

export async function adminSectionRoutes(app: FastifyInstance): Promise<void> {
  await app.register(uploadRoutes);
  await app.register(dashboardRoutes);
  await app.register(lookupRoutes);
  await app.register(courseAdminRoutes);
  await app.register(adminLearnerRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminReviewRoutes);
  await app.register(discoveryAdminRoutes);
}
