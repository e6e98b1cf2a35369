/**
 * /v1 users: the learner's profile and account (spec §7.1). Login and sessions (modules/auth) are
 * registered beside these in app.ts: auth reads users, so users never imports auth.
 */
import { Type } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ActivateResult, AuditStatusResult, Envelope, SubscribeStatus, UserInfoBody, UserProfile, Int } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody } from '../../lib/http.ts';
import { activateUser, auditResultOf, loadProfile, syncFromWechat, updateProfile } from './profile-service.ts';
import { emailRoutes } from './email-routes.ts';
import { sendEmailCode } from './email-verification-service.ts';
import { findUserById } from './user-repository.ts';
import { AppError } from '../../lib/errors.ts';
import type { UserRow } from '../../db/schema.ts';

/**
 * The shared UserInfoBody with room in the limits that carry their own error codes: a bad name
 * answers -10020, a bad email -10019 and another phone -10014 (from the service), not a generic -10001.
 */
const UserInfoRequest = Type.Object({
  ...UserInfoBody.properties,
  name: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  mobile: Type.Optional(Type.String({ maxLength: 32 })),
});
const InfoQuery = Type.Object({ changeSourceType: Type.Optional(Int({ minimum: 0, maximum: 100 })) });

export async function userRoutes(fastify: FastifyInstance) {
  await fastify.register(emailRoutes);

  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /**
   * A new address gets its verification code right away (decision 018). The profile is saved
   * either way: a code that cannot go now (caps, mail down) is asked for again from the profile page.
   */
  async function codeForNewEmail(request: FastifyRequest, before: UserRow): Promise<void> {
    const after = await findUserById(app.db, before.id);
    if (!after || !after.email || after.email === before.email) return;
    try {
      await app.sendCap('mail', { userId: after.id, address: after.email, ip: request.ip });
      await sendEmailCode({ db: app.db, mail: app.adapters.mail, secret: app.config.tokenSecret }, after, Date.now());
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      request.log.info({ code: err.code }, 'e-mail code not sent on profile change');
    }
  }

  app.get('/users/me', { schema: { response: { 200: Envelope(UserProfile) } } }, async (request) => {
    const { user } = await request.requireUser();
    return ok(await loadProfile(app.db, user.id));
  });

  app.get('/users/me/audit_status', { schema: { response: { 200: Envelope(AuditStatusResult) } } }, async (request) => {
    const { user } = await request.requireUser();
    return ok(auditResultOf(user));
  });

  // info_init is the profile's first submission, info any later one; both answer the saved profile.
  for (const [path, firstSubmission] of [
    ['/users/online/info', false],
    ['/users/online/info_init', true],
  ] as const) {
    app.put(path, { schema: { querystring: InfoQuery, body: UserInfoRequest, response: { 200: Envelope(UserProfile) } } }, async (request) => {
      const { user } = await request.requireUser();
      await updateProfile(app.db, user, request.body, { firstSubmission, now: Date.now() });
      await codeForNewEmail(request, user);
      return ok(await loadProfile(app.db, user.id));
    });
  }

  // TODO: ask WeChat (cgi-bin/user/info needs the official account's access token) once the JS-SDK
  // ticket adapter brings one; until then the subscription flag kept on the user answers.
  app.get('/users/check_subscribe', { schema: { response: { 200: Envelope(SubscribeStatus) } } }, async (request) => {
    const { user } = await request.requireUser();
    return ok({ subscribed: user.subscribed === 1 });
  });

  app.post('/users/sync', { schema: { body: EmptyBody, response: { 200: Envelope(UserProfile) } } }, async (request) => {
    const { user } = await request.requireUser();
    await syncFromWechat({ db: app.db, client: app.adapters.wechat, secret: app.config.tokenSecret }, user, Date.now());
    return ok(await loadProfile(app.db, user.id));
  });

  app.post('/users/activate', { schema: { body: EmptyBody, response: { 200: Envelope(ActivateResult) } } }, async (request) => {
    const { user } = await request.requireUser();
    await activateUser(app.db, user, Date.now());
    return ok({ activated: true });
  });
}
