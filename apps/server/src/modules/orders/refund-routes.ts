/**
 * `POST /v1/orders/{id}/refund`: operator only (header X-Ops-Token = OPS_TOKEN, like the tracking
 * stats). Refunds a paid order through the provider and revokes its course once; asking again
 * answers the same result. Learners have no refund call: without the token it is -10042.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, ErrorCodes, IdParam, RefundOrderBody, RefundOrderResult } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { refundOrder } from './reconcile-service.ts';

export async function orderRefundRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const requireOps = async (request: FastifyRequest) => {
    const expected = app.config.opsToken;
    const given = request.headers['x-ops-token'];
    // No OPS_TOKEN in production means nobody: never a default that everyone knows.
    if (!expected || typeof given !== 'string' || !safeEqual(given, expected)) throw new AppError(ErrorCodes.OPS_TOKEN_REQUIRED);
  };

  app.post(
    '/orders/:id/refund',
    {
      onRequest: requireOps,
      onSend: async (_request, reply) => void reply.header('Cache-Control', 'private, no-store'),
      schema: { params: IdParam, body: RefundOrderBody, response: { 200: Envelope(RefundOrderResult) } },
    },
    async (request) => ok(await refundOrder(app.db, app.adapters.pay, request.params.id, request.body?.reason)),
  );
}
