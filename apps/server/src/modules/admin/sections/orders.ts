/**
 * 订单 Orders and money (owner, finance): orders of every kind and their CSV, refund requests
 * (approve exactly once through the refund service of decision 015, or refuse), and payment
 * anomalies (docs/console.md). Thin: the rules live in orders-service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminOrderListQuery,
  AdminOrderPage,
  AdminPayAnomalyList,
  AdminPayAnomalyListQuery,
  AdminRefundApproveBody,
  AdminRefundRefuseBody,
  AdminRefundRequest,
  AdminRefundRequestPage,
  AdminRefundRequestQuery,
  Envelope,
  IdParam,
} from '@jinfa/shared';
import { ok } from '../../../lib/envelope.ts';
import { requireOperator, requireRoles } from '../guard.ts';
import { auditOf } from './section-kit.ts';
import { approveRefundRequest, orderCsvStream, orderPage, payAnomalyList, refundRequestPage, refuseRefundRequest } from './orders-service.ts';

/** 2026-11-26 in Shanghai, for the export's file name. */
function shanghaiDate(now: number): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
}

export async function adminOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['admin'];
  const money = requireRoles('finance');

  app.get('/admin/orders', { preHandler: money, schema: { tags, summary: 'Orders', querystring: AdminOrderListQuery, response: { 200: Envelope(AdminOrderPage) } } }, async (request) =>
    ok(await orderPage(app.db, request.query)),
  );

  app.get('/admin/orders.csv', { preHandler: money, schema: { tags, summary: 'Orders as CSV (UTF-8 with BOM)', querystring: AdminOrderListQuery } }, async (request, reply) => {
    const { q, status, kind, from, to } = request.query;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${shanghaiDate(Date.now())}.csv"`)
      .send(orderCsvStream(app.db, { q, status, kind, from, to }));
  });

  app.get(
    '/admin/refunds',
    { preHandler: money, schema: { tags, summary: 'Refund requests', querystring: AdminRefundRequestQuery, response: { 200: Envelope(AdminRefundRequestPage) } } },
    async (request) => ok(await refundRequestPage(app.db, request.query)),
  );

  app.post(
    '/admin/refunds/:id/approve',
    { preHandler: money, schema: { tags, summary: 'Approve a refund (exactly once)', params: IdParam, body: AdminRefundApproveBody, response: { 200: Envelope(AdminRefundRequest) } } },
    async (request) => {
      const op = requireOperator(request);
      return ok(await approveRefundRequest(app.db, app.adapters.pay, auditOf(request), op.id, request.params.id, request.body ?? {}, Date.now()));
    },
  );

  app.post(
    '/admin/refunds/:id/refuse',
    { preHandler: money, schema: { tags, summary: 'Refuse a refund', params: IdParam, body: AdminRefundRefuseBody, response: { 200: Envelope(AdminRefundRequest) } } },
    async (request) => {
      const op = requireOperator(request);
      return ok(await refuseRefundRequest(app.db, auditOf(request), op.id, request.params.id, request.body, Date.now()));
    },
  );

  app.get(
    '/admin/pay-anomalies',
    { preHandler: money, schema: { tags, summary: 'Payment anomalies', querystring: AdminPayAnomalyListQuery, response: { 200: Envelope(AdminPayAnomalyList) } } },
    async (request) => ok(await payAnomalyList(app.db, request.query)),
  );
}
