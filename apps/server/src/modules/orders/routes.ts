/**
 * /v1/orders (spec §7.4), the order reads under /v1/courses/{id}, and the sandbox cashier's
 * confirm. Login required; an order is only ever visible to, payable and cancellable by its
 * owner (another user's order answers not found). The provider's notification route lives in
 * pay-notify-routes.ts (no login, raw body).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorCodes,
  IdParam,
  Order,
  OrderListParams,
  OrderPage,
  OrderProgress,
  PageQuery,
  PayParams,
  PaySceneQuery,
  ProfileCheck,
  SandboxPayResult,
  SimpleOrder,
} from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody } from '../../lib/http.ts';
import { AppError } from '../../lib/errors.ts';
import { SandboxPaymentProvider } from '../../adapters/pay/sandbox-pay.ts';
import { orderKindRoutes } from './order-kind-routes.ts';
import {
  cancelOrder,
  orderForSandboxPay,
  orderPage,
  orderProgress,
  payParams,
  profileCheck,
  reloadOrder,
  simpleOrder,
} from './order-service.ts';

export async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // Every kind's checkout and quote (the registry, decision 025), auto-order and 代付 calls (decision 013).
  await app.register(orderKindRoutes);

  // Pay parameters answer about 1 KB once per purchase: compressing it cost more server time than
  // it saved on the wire (the checkout budget, decision 009), so they go out as they are.
  // ?scene=jsapi|h5|native: the H5 says how it can pay (WeChat's bridge, a mobile browser, a desktop QR).
  app.post('/orders/:id/order_web_wxpay', { config: { compress: false }, schema: { params: IdParam, querystring: PaySceneQuery, body: EmptyBody, response: { 200: Envelope(PayParams) } } }, async (request) => {
    const { user } = await request.requireUser();
    const opts = { wechatAppId: app.config.wechat.appId, clientIp: request.ip, now: Date.now(), scene: request.query.scene };
    return ok(await payParams(app.db, app.adapters.pay, user, request.params.id, opts));
  });

  app.delete('/orders/:id', { schema: { params: IdParam, response: { 200: Envelope(Order) } } }, async (request) => {
    const { user } = await request.requireUser();
    return ok(await cancelOrder(app.db, app.adapters.pay, user.id, request.params.id, Date.now()));
  });

  // Reads let a locked account see what it bought; only changes are refused (spec §6).
  app.get(
    '/orders/list/:type',
    { schema: { params: OrderListParams, querystring: PageQuery, response: { 200: Envelope(OrderPage) } } },
    async (request) => {
      const { user } = await request.requireUser({ allowRestricted: true });
      const { pageIndex = 1, pageSize = 10 } = request.query;
      return ok(await orderPage(app.db, user.id, { type: request.params.type, pageIndex, pageSize }));
    },
  );

  app.get('/orders/profile/check', { schema: { response: { 200: Envelope(ProfileCheck) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(profileCheck(user));
  });

  app.get('/courses/:id/check_order_progress', { schema: { params: IdParam, response: { 200: Envelope(OrderProgress) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await orderProgress(app.db, user.id, request.params.id));
  });

  app.get('/courses/:id/simple_order', { schema: { params: IdParam, response: { 200: Envelope(SimpleOrder) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await simpleOrder(app.db, user.id, request.params.id));
  });

  /**
   * The sandbox cashier's confirm (PAY_PROVIDER=sandbox only): the sandbox "charges" the order and
   * its signed notification goes through the real notify route, exactly as the provider's would.
   */
  app.post('/orders/:id/sandbox_pay', { schema: { params: IdParam, body: EmptyBody, response: { 200: Envelope(SandboxPayResult) } } }, async (request) => {
    const provider = app.adapters.pay;
    if (!(provider instanceof SandboxPaymentProvider)) throw new AppError(ErrorCodes.SANDBOX_PAY_OFF);
    const { user } = await request.requireUser();
    const order = await orderForSandboxPay(app.db, user.id, request.params.id, Date.now());
    const signed = provider.simulatePayment(order.order_no, order.amount_fen);
    const res = await app.inject({ method: 'POST', url: '/v1/pay/notify/sandbox', headers: signed.headers, payload: signed.body });
    if (res.statusCode !== 200) throw new AppError(ErrorCodes.PAY_UNAVAILABLE);
    return ok({ status: (await reloadOrder(app.db, order.id)).status });
  });
}
