/** Operators (owner only): list, create, edit (docs/console.md). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminOperator, AdminOperatorCreateBody, AdminOperatorListQuery, AdminOperatorPatchBody, ConsolePage, Envelope, IdParam } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { requireRoles } from './guard.ts';
import { listOperators } from './operator-repository.ts';
import { createOperator, patchOperator, presentOperator } from './operator-service.ts';

export async function adminOperatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ownerOnly = requireRoles('owner');

  app.get(
    '/admin/operators',
    { preHandler: ownerOnly, schema: { tags: ['admin'], summary: 'Operators', querystring: AdminOperatorListQuery, response: { 200: Envelope(ConsolePage(AdminOperator)) } } },
    async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const r = await listOperators(app.db, { offset: (page - 1) * pageSize, limit: pageSize, ascending: request.query.order === 'ascend' });
      return ok({ items: r.rows.map(presentOperator), total: r.total, page, pageSize });
    },
  );

  app.post(
    '/admin/operators',
    { preHandler: ownerOnly, schema: { tags: ['admin'], summary: 'Create an operator', body: AdminOperatorCreateBody, response: { 200: Envelope(AdminOperator) } } },
    async (request) => ok(presentOperator(await createOperator(app.db, request, request.body))),
  );

  app.patch(
    '/admin/operators/:id',
    { preHandler: ownerOnly, schema: { tags: ['admin'], summary: 'Edit an operator', params: IdParam, body: AdminOperatorPatchBody, response: { 200: Envelope(AdminOperator) } } },
    async (request) => ok(presentOperator(await patchOperator(app.db, request, request.params.id, request.body))),
  );
}
