/**
 * WeChat login. `wx_login` (inside WeChat) and `qr_login` (desktop) answer the WeChat page to
 * open; WeChat then sends the browser to `wx_callback`, which signs the learner in and
 * redirects to the H5's `/user/loginComplete` with the tokens. The callback is a browser
 * navigation, so it never answers an envelope: every failure redirects to `/user/login?error=<code>`
 * (-10001 bad or expired state / wrong browser, -10017 WeChat refused or declined, -10022 WeChat
 * already bound elsewhere, -1797/262145 for a restricted account linking), with `redirect=<returnUrl>`
 * when the returnUrl is trustworthy. Over http the H5 uses hash routes (`/#/user/…`).
 */
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, ErrorCodes, LoginUrl, ReturnUrl } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { assertCanAct } from '../../plugins/auth.ts';
import type { WechatApp } from '../../adapters/wechat/wechat-oauth.ts';
import { OAUTH_NONCE_COOKIE, OAUTH_STATE_TTL_MS, signOAuthState, verifyOAuthState } from './oauth-state.ts';
import { isSafeReturnUrl } from './return-url.ts';
import { completeWechatLogin } from './wechat-login-service.ts';
import { callerOrAnonymous, h5Href, isWechatBrowser, publicOrigin, readCookie, userAgentOf } from './request-context.ts';

export const WX_CALLBACK_PATH = '/v1/users/wx_callback';

const LoginQuery = Type.Object({ returnUrl: Type.Optional(ReturnUrl) });
const QrLoginQuery = Type.Object({
  productType: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  returnUrl: Type.Optional(ReturnUrl),
});
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 512 })),
  state: Type.Optional(Type.String({ maxLength: 256 })),
  /** The returnUrl, carried in our own redirect_uri (WeChat's state holds 128 bytes at most). */
  r: Type.Optional(Type.String({ maxLength: 2048 })),
});

function nonceCookie(value: string, maxAgeSec: number, secure: boolean): string {
  return `${OAUTH_NONCE_COOKIE}=${value}; Path=${WX_CALLBACK_PATH}; Max-Age=${maxAgeSec}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export async function wechatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ttl = { accessTokenTtlSec: app.config.accessTokenTtlSec, refreshTokenTtlSec: app.config.refreshTokenTtlSec };

  /** Signs a state for this browser (nonce cookie) and answers the WeChat page URL. */
  async function startLogin(request: FastifyRequest, reply: FastifyReply, wechatApp: WechatApp, returnUrlParam: string | undefined) {
    const returnUrl = returnUrlParam || '/';
    if (!isSafeReturnUrl(returnUrl)) throw new ValidationError('returnUrl 只能是本站的页面路径');
    const caller = await callerOrAnonymous(request);
    // A signed-in learner starting WeChat login links WeChat to their account; restricted ones cannot act.
    if (caller) assertCanAct(caller.user);
    const origin = publicOrigin(app, request);
    const { state, nonce } = signOAuthState(app.config.tokenSecret, { app: wechatApp, returnUrl, linkUserId: caller?.user.id ?? null, now: Date.now() });
    const redirectUri = `${origin}${WX_CALLBACK_PATH}?r=${encodeURIComponent(returnUrl)}`;
    const client = app.adapters.wechat;
    const url = wechatApp === 'open' ? client.qrConnectUrl(redirectUri, state) : client.authorizeUrl(redirectUri, state);
    void reply.header('set-cookie', nonceCookie(nonce, OAUTH_STATE_TTL_MS / 1000, origin.startsWith('https:')));
    void reply.header('cache-control', 'no-store');
    return ok({ url });
  }

  app.get('/users/wx_login', { schema: { querystring: LoginQuery, response: { 200: Envelope(LoginUrl) } } }, async (request, reply) => {
    if (!isWechatBrowser(request)) throw new AppError(ErrorCodes.WECHAT_REQUIRED);
    return startLogin(request, reply, 'mp', request.query.returnUrl);
  });

  app.get('/users/qr_login', { schema: { querystring: QrLoginQuery, response: { 200: Envelope(LoginUrl) } } }, async (request, reply) =>
    startLogin(request, reply, 'open', request.query.returnUrl),
  );

  app.get(
    '/users/wx_callback',
    { schema: { querystring: CallbackQuery, response: { 302: Type.Null({ description: 'to /user/loginComplete with tokens, or /user/login?error=<code>' }) } } },
    async (request, reply) => {
      const origin = publicOrigin(app, request);
      const now = Date.now();
      void reply.header('set-cookie', nonceCookie('', 0, origin.startsWith('https:')));
      void reply.header('cache-control', 'no-store');
      const fail = (code: number, returnUrl?: string) =>
        reply.redirect(h5Href(origin, '/user/login', { error: String(code), ...(returnUrl ? { redirect: returnUrl } : {}) }), 302);

      const returnUrl = request.query.r || '/';
      const state = verifyOAuthState(app.config.tokenSecret, request.query.state ?? '', returnUrl, now);
      const nonce = readCookie(request, OAUTH_NONCE_COOKIE);
      if (!state || !isSafeReturnUrl(returnUrl) || !nonce || !safeEqual(nonce, state.nonce)) {
        request.log.info({ hasState: !!state, hasNonce: !!nonce }, 'wechat callback refused: bad state');
        return fail(ErrorCodes.VALIDATION);
      }
      // No code: the learner declined on WeChat's page.
      if (!request.query.code) return fail(ErrorCodes.WECHAT_AUTH_FAILED, returnUrl);

      try {
        const linkUserId = state.linkUserId ?? (await callerOrAnonymous(request))?.user.id ?? null;
        const pair = await completeWechatLogin(
          { db: app.db, dialect: app.dialect, client: app.adapters.wechat, secret: app.config.tokenSecret, ttl },
          { app: state.app, code: request.query.code, linkUserId, userAgent: userAgentOf(request), now },
        );
        return reply.redirect(
          h5Href(origin, '/user/loginComplete', {
            returnUrl,
            accessToken: pair.accessToken,
            refreshToken: pair.refreshToken,
            expiresIn: String(pair.expiresIn),
            userId: String(pair.userId),
          }),
          302,
        );
      } catch (err) {
        if (err instanceof AppError) {
          request.log.info({ code: err.code }, 'wechat login refused');
          return fail(err.code, returnUrl);
        }
        request.log.error({ err }, 'wechat login failed');
        return fail(ErrorCodes.SERVER_ERROR, returnUrl);
      }
    },
  );
}
