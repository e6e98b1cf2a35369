/**
 * Operator refund calls (header X-Ops-Token = OPS_TOKEN, like the tracking stats; decision 015).
 * - `POST /v1/orders/{id}/refund`: refunds a paid order through the provider, once: the refund row
 *   is written first, the course goes when the money has gone back (at once, or on the refund
 *   notification / the finisher). Asking again answers the same refund.
 * - `GET /v1/ops/refunds?status=failed|abnormal|processing|success`: the refunds to look at (moved
 *   from /v1/admin/refunds, which is now the console's refund requests, issue 13).
 * Learners have no refund call: without the token it is -10042.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminRefundPage, AdminRefundQuery, Envelope, IdParam, OrderRefund, RefundOrderBody } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { opsTokenGuard } from '../../lib/ops-token.ts';
import { adminRefundPage, operatorRefund } from './refund-service.ts';

export async function orderRefundRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const requireOps = opsTokenGuard(app.config.opsToken);

  app.post(
    '/orders/:id/refund',
    { onRequest: requireOps, schema: { params: IdParam, body: RefundOrderBody, response: { 200: Envelope(OrderRefund) } } },
    async (request) => ok(await operatorRefund(app.db, app.adapters.pay, request.params.id, request.body?.reason, Date.now())),
  );

  app.get(
    '/ops/refunds',
    { onRequest: requireOps, schema: { querystring: AdminRefundQuery, response: { 200: Envelope(AdminRefundPage) } } },
    async (request) => {
      const { status, pageIndex = 1, pageSize = 20 } = request.query;
      return ok(await adminRefundPage(app.db, { status, pageIndex, pageSize }));
    },
  );
}
