/**
 * Phone login and sessions: SMS codes, `PUT /v1/users/authenticate` (sign in, or bind the phone
 * when signed in), token refresh, logout, and the test-login mode (token2, preset users).
 */
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AuthenticateBody, Envelope, ErrorCodes, LogoutResult, PhoneBindResult, PresetUser, SmsCodeBody, SmsCodeResult, TokenPair, Id, Int } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody } from '../../lib/http.ts';
import { AppError } from '../../lib/errors.ts';
import { assertCanAct } from '../../plugins/auth.ts';
import { findUserById } from '../users/user-repository.ts';
import { presetUsers } from '../users/profile-service.ts';
import { bindMobileWithSmsCode, loginWithSmsCode, type LoginDeps } from './login-service.ts';
import { sendSmsCode, SmsPurpose } from './sms-code-service.ts';
import { endSession, issueTokenPair, rotateRefreshToken } from './token-service.ts';
import { callerOrAnonymous, userAgentOf } from './request-context.ts';

const UserIdQuery = Id();

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ttl = { accessTokenTtlSec: app.config.accessTokenTtlSec, refreshTokenTtlSec: app.config.refreshTokenTtlSec };
  const loginDeps = (): LoginDeps => ({ db: app.db, secret: app.config.tokenSecret, ttl });

  const requireTestLogin = async () => {
    if (!app.config.testLogin) throw new AppError(ErrorCodes.TEST_LOGIN_OFF);
  };

  app.post(
    '/users/online/sms_code',
    { schema: { body: SmsCodeBody, response: { 200: Envelope(SmsCodeResult) } } },
    async (request, reply) => {
      // Per signed-in user (binding a phone); per phone and per IP are counted in sendSmsCode.
      const caller = await callerOrAnonymous(request);
      if (caller) await app.sendCap('sms', { userId: caller.user.id }, reply);
      const result = await sendSmsCode(
        {
          db: app.db,
          sms: app.adapters.sms,
          secret: app.config.tokenSecret,
          limits: app.config.sms,
          onDeliveryError: (err) => request.log.error({ err }, 'sms delivery failed'),
        },
        { mobile: request.body.mobile, purpose: request.body.type ?? SmsPurpose.LOGIN, ip: request.ip, now: Date.now() },
      );
      return ok(result);
    },
  );

  app.put(
    '/users/authenticate',
    {
      schema: {
        body: AuthenticateBody,
        response: {
          200: Envelope(Type.Union([TokenPair, PhoneBindResult], { description: 'TokenPair when signing in anonymously; {userId, mobile} when a signed-in caller binds the phone' })),
        },
      },
    },
    async (request) => {
      const caller = await callerOrAnonymous(request);
      const { mobile, code } = request.body;
      const now = Date.now();
      if (!caller) return ok(await loginWithSmsCode(loginDeps(), { mobile, code, userAgent: userAgentOf(request), now }));
      assertCanAct(caller.user);
      return ok(await bindMobileWithSmsCode(loginDeps(), { userId: caller.user.id, mobile, code, now }));
    },
  );

  app.get(
    '/wechat/token',
    { schema: { querystring: Type.Object({ refreshToken: Type.String({ maxLength: 512 }) }), response: { 200: Envelope(TokenPair) } } },
    async (request) => ok(await rotateRefreshToken(app.db, ttl, { refreshToken: request.query.refreshToken, userAgent: userAgentOf(request), now: Date.now() })),
  );

  app.post(
    '/users/logout',
    { schema: { body: EmptyBody, response: { 200: Envelope(LogoutResult) } } },
    async (request) => {
      // Idempotent: a token that is missing, stale or already revoked has nothing left to end.
      const caller = await callerOrAnonymous(request);
      const revoked = caller ? await endSession(app.db, caller.sessionId, Date.now()) : false;
      return ok({ revoked });
    },
  );

  app.get(
    '/wechat/token2',
    {
      onRequest: requireTestLogin,
      schema: {
        querystring: Type.Object({ userId: UserIdQuery, productType: Type.Optional(Int({ minimum: 0, maximum: 100 })) }),
        response: { 200: Envelope(TokenPair) },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.query.userId);
      if (!user) throw new AppError(ErrorCodes.USER_NOT_FOUND);
      const { sessionId: _sessionId, ...pair } = await issueTokenPair(app.db, ttl, { userId: user.id, userAgent: userAgentOf(request), now: Date.now() });
      return ok(pair);
    },
  );

  app.get(
    '/users/preset',
    { onRequest: requireTestLogin, schema: { response: { 200: Envelope(Type.Array(PresetUser)) } } },
    async () => ok(await presetUsers(app.db)),
  );
}
