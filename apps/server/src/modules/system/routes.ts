import { sql } from 'kysely';
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppVersion, Envelope, SystemInfo } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';

export const APP_VERSION = { version: '1.0.0', minVersion: '1.0.0', releaseNotes: '金法课堂 H5 首个版本：登录、个人中心与课程目录入口。', downloadUrl: '/gotoApp' };

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/healthz', { schema: { response: { 200: Type.Object({ status: Type.String() }) } } }, async (_req, reply) => {
    await sql`select 1`.execute(app.db);
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  });

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
