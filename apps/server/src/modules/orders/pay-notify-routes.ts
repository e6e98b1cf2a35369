/**
 * `POST /v1/pay/notify/{provider}`: where the pay provider (WeChat Pay, or the sandbox through
 * `/orders/{id}/sandbox_pay`) tells us an order was paid, or a refund ended (REFUND.*, decision 015). No login: the provider's signature is
 * the authentication, verified over the RAW body before anything in it is read — so this plugin
 * keeps JSON bodies as strings. It answers in the provider's format (notifyAck), not the envelope:
 * ok stops the provider's retries; not ok (bad signature, stale, unknown order) makes it retry
 * and changes nothing. A signed payment for another app id, merchant id, currency or amount is
 * recorded in pay_anomalies, grants nothing and is acknowledged (pay-anomalies.ts, decision 019).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PayProviderName } from '@jinfa/shared';
import { NotFoundError } from '../../lib/errors.ts';
import { PayNotificationError } from '../../adapters/pay/payment-provider.ts';
import { fulfilPayment, PaymentRejectedError } from './order-service.ts';
import { applyRefundNotification } from './refund-service.ts';
import { screenPayment } from './pay-anomalies.ts';

export async function payNotifyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Encapsulated: only this plugin's routes see the raw string.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/pay/notify/:provider',
    { schema: { params: Type.Object({ provider: PayProviderName }), hide: true } },
    async (request, reply) => {
      const provider = app.adapters.pay;
      if (request.params.provider !== provider.name) throw new NotFoundError();
      const raw = typeof request.body === 'string' ? request.body : '';
      let accepted = true;
      try {
        const event = await provider.parseEvent(request.headers, raw);
        if (event.type === 'refund') {
          const outcome = await applyRefundNotification(app.db, event.refund, Date.now());
          request.log.info({ refundNo: event.refund.refundNo, status: event.refund.status, outcome }, 'refund notification');
          // A refund that is not ours (made by hand at the merchant platform) is acknowledged and left alone.
          if (outcome === 'rejected') throw new PaymentRejectedError(`refund ${event.refund.refundNo} does not match`);
        } else {
          const notification = event.payment;
          const screened = await screenPayment(app.db, provider, notification, Date.now());
          if (screened.kinds.length) {
            // Acknowledged on purpose: retrying cannot make it match, and nothing is granted.
            request.log.warn(
              { orderNo: notification.orderNo, transactionId: notification.transactionId, mismatch: screened.kinds, recorded: screened.recorded },
              'pay notification does not match the merchant or the order: recorded as an anomaly',
            );
          } else {
            const outcome = await fulfilPayment(app.db, provider.name, notification, Date.now());
            request.log.info({ orderNo: notification.orderNo, transactionId: notification.transactionId, outcome }, 'pay notification');
          }
        }
      } catch (err) {
        if (!(err instanceof PayNotificationError || err instanceof PaymentRejectedError)) throw err;
        request.log.warn({ err: err.message }, 'pay notification rejected');
        accepted = false;
      }
      const ack = provider.notifyAck(accepted);
      return reply.status(ack.status).serializer(JSON.stringify).send(ack.body);
    },
  );
}
