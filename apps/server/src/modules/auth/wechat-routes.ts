/**
 * WeChat login (decision 017). `wx_login` (inside WeChat) and `qr_login` (desktop) give the
 * browser a binding cookie and answer the WeChat page to open; WeChat then sends the browser to
 * `wx_callback`, which signs the learner in and redirects to the H5's
 * `/user/loginComplete?code=<one-time login code>` — never with a token. The page exchanges the
 * code with `POST /v1/users/login_code`, which only the same browser (binding cookie) can do:
 * -10210 for a used, expired or unknown code, -10211 for another browser. The callback is a browser
 * navigation, so it never answers an envelope: every failure redirects to `/user/login?error=<code>`
 * (-10001 bad or expired state / wrong browser, -10017 WeChat refused or declined, -10022 WeChat
 * already bound elsewhere, -1797/262145 for a restricted account linking), with `redirect=<returnUrl>`
 * when the returnUrl is trustworthy. Over http the H5 uses hash routes (`/#/user/…`).
 */
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, ErrorCodes, LoginCodeBody, LoginUrl, ReturnUrl, TokenPair, Int } from '@jinfa/shared';
import { ok } from '../../lib/envelope.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { assertCanAct } from '../../plugins/auth.ts';
import type { WechatApp } from '../../adapters/wechat/wechat-oauth.ts';
import { OAUTH_STATE_TTL_MS, signOAuthState, verifyOAuthState } from './oauth-state.ts';
import { bindingCookie, bindingNonce, exchangeLoginCode, isBinding, issueLoginCode, LOGIN_BIND_COOKIE, newBinding } from './login-binding.ts';
import { isSafeReturnUrl } from './return-url.ts';
import { completeWechatLogin } from './wechat-login-service.ts';
import { callerOrAnonymous, h5Href, isWechatBrowser, publicOrigin, readCookie, userAgentOf } from './request-context.ts';

export const WX_CALLBACK_PATH = '/v1/users/wx_callback';

const LoginQuery = Type.Object({ returnUrl: Type.Optional(ReturnUrl) });
const QrLoginQuery = Type.Object({
  productType: Type.Optional(Int({ minimum: 0, maximum: 100 })),
  returnUrl: Type.Optional(ReturnUrl),
});
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 512 })),
  state: Type.Optional(Type.String({ maxLength: 256 })),
  /** The returnUrl, carried in our own redirect_uri (WeChat's state holds 128 bytes at most). */
  r: Type.Optional(Type.String({ maxLength: 2048 })),
});

export async function wechatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ttl = { accessTokenTtlSec: app.config.accessTokenTtlSec, refreshTokenTtlSec: app.config.refreshTokenTtlSec };

  /** Binds this browser (cookie), signs a state for it and answers the WeChat page URL. */
  async function startLogin(request: FastifyRequest, reply: FastifyReply, wechatApp: WechatApp, returnUrlParam: string | undefined) {
    const returnUrl = returnUrlParam || '/';
    if (!isSafeReturnUrl(returnUrl)) throw new ValidationError('returnUrl 只能是本站的页面路径');
    const caller = await callerOrAnonymous(request);
    // A signed-in learner starting WeChat login links WeChat to their account; restricted ones cannot act.
    if (caller) assertCanAct(caller.user);
    const origin = publicOrigin(app, request);
    const binding = newBinding();
    const nonce = bindingNonce(app.config.tokenSecret, binding);
    const state = signOAuthState(app.config.tokenSecret, { app: wechatApp, returnUrl, linkUserId: caller?.user.id ?? null, nonce, now: Date.now() });
    const redirectUri = `${origin}${WX_CALLBACK_PATH}?r=${encodeURIComponent(returnUrl)}`;
    const client = app.adapters.wechat;
    const url = wechatApp === 'open' ? client.qrConnectUrl(redirectUri, state) : client.authorizeUrl(redirectUri, state);
    void reply.header('set-cookie', bindingCookie(binding, OAUTH_STATE_TTL_MS / 1000, origin.startsWith('https:')));
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
    { schema: { querystring: CallbackQuery, response: { 302: Type.Null({ description: 'to /user/loginComplete?code=<one-time login code>, or /user/login?error=<code>' }) } } },
    async (request, reply) => {
      const origin = publicOrigin(app, request);
      const now = Date.now();
      const secure = origin.startsWith('https:');
      void reply.header('cache-control', 'no-store');
      const fail = (code: number, returnUrl?: string) => {
        // The flow is over: forget this browser's binding.
        void reply.header('set-cookie', bindingCookie('', 0, secure));
        return reply.redirect(h5Href(origin, '/user/login', { error: String(code), ...(returnUrl ? { redirect: returnUrl } : {}) }), 302);
      };

      const returnUrl = request.query.r || '/';
      const state = verifyOAuthState(app.config.tokenSecret, request.query.state ?? '', returnUrl, now);
      const binding = readCookie(request, LOGIN_BIND_COOKIE);
      if (!state || !isSafeReturnUrl(returnUrl) || !isBinding(binding) || !safeEqual(bindingNonce(app.config.tokenSecret, binding), state.nonce)) {
        request.log.info({ hasState: !!state, hasBinding: !!binding }, 'wechat callback refused: bad state or another browser');
        return fail(ErrorCodes.VALIDATION);
      }
      // No code: the learner declined on WeChat's page.
      if (!request.query.code) return fail(ErrorCodes.WECHAT_AUTH_FAILED, returnUrl);

      try {
        // Linking needs the signed-in caller who STARTED the flow (signed into the state); a
        // navigation carries no token, and none is read from this address.
        const signedIn = await completeWechatLogin(
          { db: app.db, client: app.adapters.wechat, secret: app.config.tokenSecret },
          { app: state.app, code: request.query.code, linkUserId: state.linkUserId, now },
        );
        const code = await issueLoginCode(app.db, { ...signedIn, binding, now });
        return reply.redirect(h5Href(origin, '/user/loginComplete', { returnUrl, code }), 302);
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

  app.post(
    '/users/login_code',
    { schema: { body: LoginCodeBody, response: { 200: Envelope(TokenPair) } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const pair = await exchangeLoginCode(app.db, ttl, {
        code: request.body.code,
        binding: readCookie(request, LOGIN_BIND_COOKIE),
        userAgent: userAgentOf(request),
        now: Date.now(),
      });
      void reply.header('set-cookie', bindingCookie('', 0, publicOrigin(app, request).startsWith('https:')));
      return ok(pair);
    },
  );
}
