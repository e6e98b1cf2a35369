/**
 * Sign-in, the current session, sign-out, and TOTP (docs/console.md). The session token travels
 * only in the `jf_admin` cookie (HttpOnly, SameSite=Strict, Secure on an https origin); the CSRF
 * token travels in the answer body and comes back in X-CSRF-Token.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AdminRevokeAllResult, AdminSession, AdminSignInBody, AdminTotpEnableBody, AdminTotpSetup, Envelope, ConsoleErrorCodes } from '@jinfa/shared';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { maskMobile } from '../../lib/mask.ts';
import type { OperatorRow } from '../../db/schema.ts';
import { ADMIN_COOKIE, requireOperator, requireRoles, resolveOperator, SESSION_MAX_MS } from './guard.ts';
import { findOperatorById } from './operator-repository.ts';
import { disableTotp, enableTotp, revokeAll, setupTotp, signIn, signOut } from './session-service.ts';

/** Sign-in attempts per IP per minute (each phone is also locked after 5 failures). */
export const SIGN_IN_PER_IP_PER_MIN = 30;

function presentSelf(row: OperatorRow) {
  return {
    id: row.id,
    phone: maskMobile(row.phone),
    name: row.name,
    role: row.role as 'owner',
    lecturerId: row.lecturer_id,
    corporateId: row.corporate_id,
    totpEnabled: row.totp_enabled === 1,
  };
}

export async function adminSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const secure = (app.config.publicUrl ?? '').toLowerCase().startsWith('https://');
  const { ipPerMinute } = app.config.rateLimit;

  function setSessionCookie(reply: FastifyReply, token: string) {
    reply.setCookie(ADMIN_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', secure, maxAge: SESSION_MAX_MS / 1000 });
  }
  function clearSessionCookie(reply: FastifyReply) {
    reply.clearCookie(ADMIN_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/', secure });
  }

  app.post(
    '/admin/session',
    {
      config: { rateLimit: { max: ipPerMinute === 0 ? 0 : Math.min(ipPerMinute, SIGN_IN_PER_IP_PER_MIN) } },
      schema: { tags: ['admin'], summary: 'Console sign-in', body: AdminSignInBody, response: { 200: Envelope(AdminSession) } },
    },
    async (request, reply) => {
      const r = await signIn(app.db, request, request.body, app.config.tokenSecret);
      setSessionCookie(reply, r.token);
      return ok({ operator: presentSelf(r.operator), csrfToken: r.csrfToken });
    },
  );

  app.get(
    '/admin/session',
    { preHandler: requireRoles(), schema: { tags: ['admin'], summary: 'The signed-in operator', response: { 200: Envelope(AdminSession) } } },
    async (request) => {
      const op = requireOperator(request);
      const row = await findOperatorById(app.db, op.id);
      const resolved = await resolveOperator(request);
      if (!row || !resolved) throw new AppError(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
      return ok({ operator: presentSelf(row), csrfToken: resolved.csrfToken });
    },
  );

  app.delete(
    '/admin/session',
    { preHandler: requireRoles(), schema: { tags: ['admin'], summary: 'Sign out', response: { 200: Envelope(Type.Null()) } } },
    async (request, reply) => {
      const op = requireOperator(request);
      await signOut(app.db, request, op.sessionId);
      clearSessionCookie(reply);
      return ok(null);
    },
  );

  app.post(
    '/admin/session/revoke-all',
    { preHandler: requireRoles(), schema: { tags: ['admin'], summary: 'Sign out everywhere', response: { 200: Envelope(AdminRevokeAllResult) } } },
    async (request, reply) => {
      const op = requireOperator(request);
      const revoked = await revokeAll(app.db, request, op.id);
      clearSessionCookie(reply);
      return ok({ revoked });
    },
  );

  app.post(
    '/admin/me/totp/setup',
    { preHandler: requireRoles(), schema: { tags: ['admin'], summary: 'New TOTP secret', response: { 200: Envelope(AdminTotpSetup) } } },
    async (request) => {
      const op = requireOperator(request);
      return ok(await setupTotp(app.db, request, op.id, app.config.tokenSecret));
    },
  );

  app.post(
    '/admin/me/totp/enable',
    { preHandler: requireRoles(), schema: { tags: ['admin'], summary: 'Turn TOTP on', body: AdminTotpEnableBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const op = requireOperator(request);
      await enableTotp(app.db, request, op.id, request.body.code, app.config.tokenSecret);
      return ok(null);
    },
  );

  app.post(
    '/admin/me/totp/disable',
    { preHandler: requireRoles(), schema: { tags: ['admin'], summary: 'Turn TOTP off (needs a current code)', body: AdminTotpEnableBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const op = requireOperator(request);
      await disableTotp(app.db, request, op.id, request.body.code, app.config.tokenSecret);
      return ok(null);
    },
  );
}
