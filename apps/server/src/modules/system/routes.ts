import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppVersion, Envelope, SystemInfo } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { HealthMonitor, fileSystemProbes } from './health.ts';
import { writeHealthProbe } from './health-repository.ts';

export const APP_VERSION = { version: '1.0.0', minVersion: '1.0.0', releaseNotes: '金法课堂 H5 首个版本：登录、个人中心与课程目录入口。', downloadUrl: '/gotoApp' };

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // Decision 020: 200 only when the database and the data directory take writes and the disk has room.
  const health = new HealthMonitor(
    { database: () => writeHealthProbe(app.db, Date.now()), ...fileSystemProbes(app.config.dataDir) },
    app.config.healthMinFreeBytes,
  );
  app.get(
    '/healthz',
    {
      schema: {
        response: {
          200: Type.Object({ status: Type.Literal('ok') }),
          503: Type.Object({ status: Type.Literal('unavailable'), reasons: Type.Array(Type.String()) }),
        },
      },
    },
    async (_req, reply) => {
      const result = await health.check();
      reply.header('Cache-Control', 'no-store');
      if (result.ok) return reply.send({ status: 'ok' as const });
      return reply.status(503).send({ status: 'unavailable' as const, reasons: result.reasons });
    },
  );

  app.get('/v1/system/info', { schema: { response: { 200: Envelope(SystemInfo) } } }, async () =>
    ok({
      testLogin: app.config.testLogin,
      payProvider: app.config.payProvider,
      supportPhone: app.config.supportPhone,
      wechatAppId: app.config.wechat.appId,
    }),
  );

  app.get('/v1/app/version_in_use', { schema: { response: { 200: Envelope(AppVersion) } } }, async () => ok(APP_VERSION));
}
