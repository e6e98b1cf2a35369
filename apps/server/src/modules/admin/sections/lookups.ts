/**
 * GET /v1/admin/lookups (owner, operator, lecturer): the names the course form picks from —
 * subjects, lecturers, tags and membership plans (kind: `monthly` | `yearly`).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminLookups, Envelope } from '@jinfa/shared';
import { ok } from '../../../lib/envelope.ts';
import { listLecturerNames, listSubjectNames, listTagNames } from '../../courses/course-admin-repository.ts';
import { requireRoles } from '../guard.ts';
import { listMembershipPlanNames } from './lookups-repository.ts';

export async function lookupRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/admin/lookups',
    { preHandler: requireRoles('operator', 'lecturer'), schema: { tags: ['admin'], response: { 200: Envelope(AdminLookups) } } },
    async () => {
      const [subjects, lecturers, tags, plans] = await Promise.all([
        listSubjectNames(app.db),
        listLecturerNames(app.db),
        listTagNames(app.db),
        listMembershipPlanNames(app.db),
      ]);
      return ok({
        subjects,
        lecturers,
        tags,
        membershipPlans: plans.map((p) => ({ id: p.id, name: p.name, kind: p.billing_type === 3 ? 'monthly' : 'yearly' })),
      });
    },
  );
}
