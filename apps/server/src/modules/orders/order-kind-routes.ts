/**
 * The order kinds' calls (decisions 013, 025), registered inside orderRoutes (same prefix and hooks):
 * - `POST /v1{checkoutPath}` for every registered kind that has one: the caller's pending order
 *   through the kind's draft — `/orders/{courseId}` (kinds 1 and 5), `/orders/chapter/{id}` (2),
 *   `/orders/create/order/{columnId}` (3, spec), `/orders/live/{liveId}` (6),
 *   `/orders/member/{planId}` (7, decision 012). Made from the registry when this plugin
 *   registers, so a kind registered at start-up needs no route of its own.
 * - `GET  /v1/orders/quote/{target}/{id}`: what the sign-up page shows, by the kind of that target.
 * - `POST /v1/orders/{courseId}/auto_order?timestamp&sign` and the operator's
 *   `POST /v1/admin/orders/auto_order_link` (X-Ops-Token).
 * - `POST /v1/orders/{orderId}/send_pay` (owner only) and the friend's
 *   `GET /v1/orders/pay_for/{token}`, `POST …/order_web_wxpay`, `POST …/sandbox_pay`.
 */
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AutoOrderLink,
  AutoOrderLinkBody,
  AutoOrderQuery,
  CreateOrderResult,
  Envelope,
  ErrorCodes,
  Id,
  IdParam,
  OrderQuote,
  OrderQuoteParams,
  PayForParams,
  PayForSummary,
  PayParams,
  PaySceneQuery,
  SandboxPayResult,
  SendPayResult,
} from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody } from '../../lib/http.ts';
import { AppError } from '../../lib/errors.ts';
import { opsTokenGuard } from '../../lib/ops-token.ts';
import { SandboxPaymentProvider } from '../../adapters/pay/sandbox-pay.ts';
import { placeKindOrder, reloadOrder } from './order-service.ts';
import { quote } from './order-quote.ts';
import { orderKinds } from './kinds/registry.ts';
import { courseOrderKind } from './kinds/course.ts';
import { makeAutoOrderLink, payForParams, payForSandboxOrder, payForSummary, sendPay, verifyAutoOrder } from './order-links.ts';

export async function orderKindRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const placeOpts = () => ({ provider: app.adapters.pay.name, now: Date.now() });
  const secret = () => app.config.tokenSecret;
  const requireOps = opsTokenGuard(app.config.opsToken);

  app.get('/orders/quote/:target/:id', { schema: { params: OrderQuoteParams, response: { 200: Envelope(OrderQuote) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await quote(app.db, user, request.params.target, request.params.id, Date.now()));
  });

  for (const kind of orderKinds.all()) {
    const path = kind.checkoutPath;
    if (!path) continue;
    // The path's one `:param` is the target id (`:id`, or `:planId` for a membership plan).
    const param = /:(\w+)$/.exec(path)?.[1];
    if (!param) throw new Error(`order kind ${kind.name}: checkout path ${path} ends in no :param`);
    // A checkout answers about 1 KB once per purchase: compressing it cost more server time than it
    // saved on the wire (the checkout budget, decision 009), so it goes out as it is.
    app.post(
      path,
      { config: { compress: false }, schema: { params: Type.Object({ [param]: Id() }), body: EmptyBody, response: { 200: Envelope(CreateOrderResult) } } },
      async (request) => {
        const { user } = await request.requireUser();
        const targetId = (request.params as Record<string, number>)[param] as number;
        return ok(await placeKindOrder(app.db, user, kind, targetId, placeOpts()));
      },
    );
  }

  app.post(
    '/orders/:id/auto_order',
    { schema: { params: IdParam, querystring: AutoOrderQuery, body: EmptyBody, response: { 200: Envelope(CreateOrderResult) } } },
    async (request) => {
      const { user } = await request.requireUser();
      const now = Date.now();
      verifyAutoOrder(secret(), request.params.id, request.query, now);
      // The link signs the offer, not a price: every rule of the course kind still applies.
      return ok(await placeKindOrder(app.db, user, courseOrderKind, request.params.id, { provider: app.adapters.pay.name, now }));
    },
  );

  app.post(
    '/admin/orders/auto_order_link',
    { onRequest: requireOps, schema: { body: AutoOrderLinkBody, response: { 200: Envelope(AutoOrderLink) } } },
    async (request) => ok(await makeAutoOrderLink(app.db, secret(), request.body.courseId, Date.now())),
  );

  app.post('/orders/:id/send_pay', { schema: { params: IdParam, body: EmptyBody, response: { 200: Envelope(SendPayResult) } } }, async (request) => {
    const { user } = await request.requireUser();
    return ok(await sendPay(app.db, secret(), user, request.params.id, Date.now()));
  });

  app.get('/orders/pay_for/:token', { schema: { params: PayForParams, response: { 200: Envelope(PayForSummary) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await payForSummary(app.db, secret(), user, request.params.token));
  });

  app.post(
    '/orders/pay_for/:token/order_web_wxpay',
    { schema: { params: PayForParams, querystring: PaySceneQuery, body: EmptyBody, response: { 200: Envelope(PayParams) } } },
    async (request) => {
      const { user } = await request.requireUser();
      const opts = { wechatAppId: app.config.wechat.appId, clientIp: request.ip, now: Date.now(), scene: request.query.scene };
      return ok(await payForParams(app.db, app.adapters.pay, secret(), user, request.params.token, opts));
    },
  );

  /** The sandbox cashier's confirm for a 代付 order: the same signed notification as `/orders/{id}/sandbox_pay`. */
  app.post(
    '/orders/pay_for/:token/sandbox_pay',
    { schema: { params: PayForParams, body: EmptyBody, response: { 200: Envelope(SandboxPayResult) } } },
    async (request) => {
      const provider = app.adapters.pay;
      if (!(provider instanceof SandboxPaymentProvider)) throw new AppError(ErrorCodes.SANDBOX_PAY_OFF);
      const { user } = await request.requireUser();
      const order = await payForSandboxOrder(app.db, secret(), user, request.params.token, Date.now());
      const signed = provider.simulatePayment(order.order_no, order.amount_fen);
      const res = await app.inject({ method: 'POST', url: '/v1/pay/notify/sandbox', headers: signed.headers, payload: signed.body });
      if (res.statusCode !== 200) throw new AppError(ErrorCodes.PAY_UNAVAILABLE);
      return ok({ status: (await reloadOrder(app.db, order.id)).status });
    },
  );
}
