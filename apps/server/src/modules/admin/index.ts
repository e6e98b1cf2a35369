/**
 * The console's API under /v1/admin (decision 026): sessions, operators, audit log, and the
 * sections (./sections). Cookies are parsed only in this scope; `request.operator` is set by
 * `requireRoles` (guard.ts). The older X-Ops-Token routes live in their own modules: the refund
 * list moved to GET /v1/ops/refunds (its path is the console's now), and GET /v1/admin/media/:id
 * answers a console session or the ops token (sections/uploads.ts).
 */
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { adminSessionRoutes } from './session-routes.ts';
import { adminOperatorRoutes } from './operator-routes.ts';
import { adminAuditRoutes } from './audit-routes.ts';
import { adminSectionRoutes } from './sections/index.ts';

export async function admin(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('operator', null);
  await app.register(adminSessionRoutes);
  await app.register(adminOperatorRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminSectionRoutes);
}
