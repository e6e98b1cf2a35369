/** Sharing (spec §7.2): `/v1/wechats/jsApiConfig` and `/v1/courses/{id}/shared`; neither needs login. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CourseShareBody, CourseShareResult, Envelope, IdParam, JsApiConfig, JsApiConfigQuery } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody } from '../../lib/http.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { jsApiConfig, pageUrlToSign, recordCourseShare } from './share-service.ts';

export async function shareRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // A signature is for one page, one moment and one caller: the /v1 rule's `private, no-store`
  // (plugins/security-headers.ts) keeps it out of every cache.

  app.post(
    '/wechats/jsApiConfig',
    { schema: { querystring: JsApiConfigQuery, body: EmptyBody, response: { 200: Envelope(JsApiConfig) } } },
    async (request) => {
      // Only pages on our public origin (PUBLIC_URL; never the request's Host or X-Forwarded-Host).
      const page = pageUrlToSign(request.query.url, publicOrigin(app.config, request));
      return ok(await jsApiConfig(app.adapters.wechatJsSdk, page, Date.now(), request.log));
    },
  );

  app.post(
    '/courses/:id/shared',
    { schema: { params: IdParam, body: CourseShareBody, response: { 200: Envelope(CourseShareResult) } } },
    async (request) => {
      // A visitor who is not signed in shares too; their share counts without a user.
      const auth = await request.optionalUser();
      return ok(await recordCourseShare(app.db, auth?.user.id ?? null, request.params.id, request.body, Date.now()));
    },
  );
}
