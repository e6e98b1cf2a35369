/**
 * The application as a plugin-built Fastify instance: external plugins, then ours (error
 * handler, rate limits, auth, web), then routes (fastify/demo's order). server.ts only starts it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { ErrorCodes, errorMessage } from '@jinfa/shared';
import type { Config } from './config.ts';
import type { DB } from './db/schema.ts';
import type { Database } from './db/database.ts';
import type { KvStore } from './adapters/kv-store.ts';
import type { Adapters } from './adapters/index.ts';
import { SandboxPaymentProvider } from './adapters/pay/sandbox-pay.ts';
import { findProviderPaidOrder } from './modules/orders/order-repository.ts';
import errorHandler from './plugins/error-handler.ts';
import { finiteNumbers } from './plugins/finite-numbers.ts';
import rateLimit from './plugins/rate-limit.ts';
import securityHeaders from './plugins/security-headers.ts';
import auth from './plugins/auth.ts';
import web from './plugins/web.ts';
import adminWeb from './plugins/admin-web.ts';
import { maskPhonesInRecord, redactUrl } from './lib/log-redaction.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { findLiveSessionUserPrecompiled } from './modules/auth/session-repository.ts';
import { wechatRoutes } from './modules/auth/wechat-routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { favoriteRoutes } from './modules/favorites/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { columnRoutes } from './modules/columns/routes.ts';
import { liveRoutes } from './modules/lives/routes.ts';
import { learningRoutes } from './modules/learning/routes.ts';
import { listeningRoutes } from './modules/listening/routes.ts';
import { catalogue } from './modules/courses/catalogue-plugin.ts';
import { courseAccess } from './modules/access/access-service.ts';
import { collectRoutes } from './modules/collect/routes.ts';
import { shareRoutes } from './modules/share/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { orderExtraRoutes } from './modules/orders/extra-routes.ts';
import { payNotifyRoutes } from './modules/orders/pay-notify-routes.ts';
import { payAnomalyRoutes } from './modules/orders/pay-anomaly-routes.ts';
import { orderRefundRoutes } from './modules/orders/refund-routes.ts';
import { activityRoutes } from './modules/activities/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { mediaAdminRoutes } from './modules/media/admin-routes.ts';
import { membershipRoutes } from './modules/memberships/routes.ts';
import { admin } from './modules/admin/index.ts';
import { jobs } from './jobs/index.ts';
// Every order kind, registered before the order routes are built from the registry (decision 025).
import './order-kinds.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<DB>;
    kv: KvStore;
    adapters: Adapters;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  kv: KvStore;
  adapters: Adapters;
  /** Where log lines go (default stdout); tests read them to prove what is never logged. */
  logStream?: { write(line: string): void };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: ['req.headers["access-token"]', 'req.headers.authorization', 'req.headers.cookie'],
      formatters: { log: (record) => maskPhonesInRecord(record) },
      serializers: {
        req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
          method: req.method,
          // Secrets (tokens, codes, state, tickets, signatures) by their DECODED query name; phones masked (decision 017).
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false }, plugins: [finiteNumbers] },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', deps.database.db);
  app.decorate('kv', deps.kv);
  app.decorate('adapters', deps.adapters);
  // The sandbox cashier keeps trades in memory; orders paid before this start are refunded from our own record.
  if (deps.adapters.pay instanceof SandboxPaymentProvider) deps.adapters.pay.useLedger((orderNo) => findProviderPaidOrder(app.db, 'sandbox', orderNo));

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // OpenAPI for /v1, generated from the same route schemas that validate requests.
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: '金法课堂 API', version: '1.0.0', description: 'Every response is the envelope {code, message, data}; code 0 is success.' },
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'Access-Token' } } },
      security: [{ accessToken: [] }],
    },
  });
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(auth, { findSession: (hash, now) => findLiveSessionUserPrecompiled(app.db, hash, now) });
  await app.register(rateLimit);
  await app.register(web);
  await app.register(adminWeb);

  await app.register(systemRoutes);
  // Login and sessions (§7.1) beside the profile routes: auth reads users, users never imports auth.
  await app.register(authRoutes, { prefix: '/v1' });
  await app.register(wechatRoutes, { prefix: '/v1' });
  await app.register(userRoutes, { prefix: '/v1' });
  await app.register(favoriteRoutes, { prefix: '/v1' });
  await app.register(reviewRoutes, { prefix: '/v1' });
  await app.register(columnRoutes, { prefix: '/v1' });
  await app.register(liveRoutes, { prefix: '/v1' });
  await app.register(learningRoutes, { prefix: '/v1' });
  await app.register(listeningRoutes, { prefix: '/v1' });
  // The course page asks the access module through this (courses never imports access, decision 024).
  await app.register(catalogue, { prefix: '/v1', courseAccess });
  await app.register(collectRoutes, { prefix: '/v1' });
  await app.register(shareRoutes, { prefix: '/v1' });
  await app.register(orderRoutes, { prefix: '/v1' });
  await app.register(orderExtraRoutes, { prefix: '/v1' });
  await app.register(payNotifyRoutes, { prefix: '/v1' });
  await app.register(payAnomalyRoutes, { prefix: '/v1' });
  await app.register(orderRefundRoutes, { prefix: '/v1' });
  await app.register(activityRoutes, { prefix: '/v1' });
  await app.register(mediaRoutes, { prefix: '/v1' });
  await app.register(mediaAdminRoutes, { prefix: '/v1' });
  await app.register(membershipRoutes, { prefix: '/v1' });
  // The operator console's API (issue 13, decision 026): cookie sessions, roles, audit, sections.
  await app.register(admin, { prefix: '/v1' });
  // Background sweeps: started when the app is ready, stopped when it closes.
  await app.register(jobs);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const indexHtml = path.join(config.webDist, 'index.html');
  // Unknown paths are limited too: a spelling of a known route counts against that route's bucket.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const wantsHtml = request.method === 'GET' && !request.url.startsWith('/v1/') && (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml && fs.existsSync(indexHtml)) {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
      // The not-found handler is no route, so @fastify/compress's per-route hook skips it: compress here.
      const accepts = request.headers['accept-encoding'] ?? '';
      const file = fs.createReadStream(indexHtml);
      if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(file.pipe(zlib.createBrotliCompress()));
      if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(file.pipe(zlib.createGzip()));
      return reply.send(file);
    }
    return reply
      .status(404)
      .serializer(JSON.stringify)
      .send({ code: ErrorCodes.NOT_FOUND, message: errorMessage(ErrorCodes.NOT_FOUND), data: null });
  });

  return app;
}
