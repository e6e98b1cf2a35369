/**
 * E-mail verification (decision 018): `POST /v1/users/me/email/code` mails a 6-digit code to the
 * learner's profile address; `POST /v1/users/me/email/verify` confirms it. Until then nothing
 * else is mailed there (send_ppt answers -10241).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EmailCodeResult, EmailVerifyBody, EmailVerifyResult, Envelope } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { EmptyBody } from '../../lib/http.ts';
import { sendEmailCode, verifyEmailCode } from './email-verification-service.ts';


export async function emailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/users/me/email/code', { schema: { body: EmptyBody, response: { 200: Envelope(EmailCodeResult) } } }, async (request, reply) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    // The app-wide mail caps per user, address and IP (plugins/rate-limit.ts) on top of ours.
    await app.sendCap('mail', { userId: user.id, address: user.email, ip: request.ip }, reply);
    return ok(await sendEmailCode({ db: app.db, mail: app.adapters.mail, secret: app.config.tokenSecret }, user, Date.now()));
  });

  app.post('/users/me/email/verify', { schema: { body: EmailVerifyBody, response: { 200: Envelope(EmailVerifyResult) } } }, async (request) => {
    const { user } = await request.requireUser({ allowRestricted: true });
    return ok(await verifyEmailCode({ db: app.db, secret: app.config.tokenSecret }, user, request.body.code, Date.now()));
  });
}
