/** `GET /v1/admin/pay_anomalies` (header X-Ops-Token = OPS_TOKEN, like /admin/refunds; decision 019). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminPayAnomalyPage, AdminPayAnomalyQuery, Envelope } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { opsTokenGuard } from '../../lib/ops-token.ts';
import { adminPayAnomalyPage } from './pay-anomalies.ts';

export async function payAnomalyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const requireOps = opsTokenGuard(app.config.opsToken);
  // `private, no-store` comes from the one /v1 rule in plugins/security-headers.ts.

  app.get(
    '/admin/pay_anomalies',
    { onRequest: requireOps, schema: { querystring: AdminPayAnomalyQuery, response: { 200: Envelope(AdminPayAnomalyPage) } } },
    async (request) => {
      const { pageIndex = 1, pageSize = 20 } = request.query;
      return ok(await adminPayAnomalyPage(app.db, { pageIndex, pageSize }));
    },
  );
}
