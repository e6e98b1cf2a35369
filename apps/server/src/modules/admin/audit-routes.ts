/** The audit log (owner only), newest first, with the filters of docs/console.md. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminAuditQuery, AdminAuditRow, ConsolePage, Envelope } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { requireRoles } from './guard.ts';
import { listAudit } from './audit-repository.ts';

function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

export async function adminAuditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/audit',
    { preHandler: requireRoles('owner'), schema: { tags: ['admin'], summary: 'Audit log', querystring: AdminAuditQuery, response: { 200: Envelope(ConsolePage(AdminAuditRow)) } } },
    async (request) => {
      const { page = 1, pageSize = 20, order, operatorId, action, targetType, targetId, from, to } = request.query;
      const r = await listAudit(app.db, { operatorId, action, targetType, targetId, from, to }, { offset: (page - 1) * pageSize, limit: pageSize, ascending: order === 'ascend' });
      return ok({
        items: r.rows.map(({ beforeJson, afterJson, ...row }) => ({ ...row, before: parsed(beforeJson), after: parsed(afterJson) })),
        total: r.total,
        page,
        pageSize,
      });
    },
  );
}
