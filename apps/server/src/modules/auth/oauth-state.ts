/**
 * The OAuth `state` of a WeChat login: which app, when it expires (10 minutes), who asked to
 * link (a logged-in caller), and a nonce derived from the browser's binding cookie
 * (login-binding.ts: HMAC of the HttpOnly cookie, never the cookie itself), so the callback only
 * completes in the browser that started the flow (login CSRF). Signed with HMAC over those
 * fields and the returnUrl. WeChat limits `state` to 128 bytes of [A-Za-z0-9], so the returnUrl
 * itself travels in the callback's own query (`?r=`) and the signature binds it; no table needed.
 * Layout: <app m|o><expiry ms, base36>X<link user id, base36, 0 = none>X<nonce, 16 hex>X<mac, 32 hex>
 */
import { hmacHex, safeEqual } from '../../lib/crypto.ts';
import type { WechatApp } from '../../adapters/wechat/wechat-oauth.ts';

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export interface OAuthState {
  app: WechatApp;
  expiresAt: number;
  linkUserId: number | null;
  nonce: string;
}

const SHAPE = /^([mo])([0-9a-z]{1,12})X([0-9a-z]{1,12})X([0-9a-f]{16})X([0-9a-f]{32})$/;

function mac(secret: string, fields: string, returnUrl: string): string {
  return hmacHex(secret, `wx-oauth-state|${fields}|${returnUrl}`).slice(0, 32);
}

export function signOAuthState(
  secret: string,
  input: { app: WechatApp; returnUrl: string; linkUserId: number | null; nonce: string; now: number },
): string {
  const { nonce } = input;
  if (!/^[0-9a-f]{16}$/.test(nonce)) throw new Error('OAuth state nonce must be 16 hex characters');
  const fields = `${input.app === 'open' ? 'o' : 'm'}${(input.now + OAUTH_STATE_TTL_MS).toString(36)}X${(input.linkUserId ?? 0).toString(36)}X${nonce}`;
  return `${fields}X${mac(secret, fields, input.returnUrl)}`;
}

/** The state's content when its signature, expiry and returnUrl check out; null otherwise. */
export function verifyOAuthState(secret: string, state: string, returnUrl: string, now: number): OAuthState | null {
  const m = SHAPE.exec(state);
  if (!m) return null;
  const [, app, exp36, uid36, nonce, sig] = m as unknown as [string, string, string, string, string, string];
  const fields = `${app}${exp36}X${uid36}X${nonce}`;
  if (!safeEqual(mac(secret, fields, returnUrl), sig)) return null;
  const expiresAt = Number.parseInt(exp36, 36);
  if (!(expiresAt > now)) return null;
  const uid = Number.parseInt(uid36, 36);
  return { app: app === 'o' ? 'open' : 'mp', expiresAt, linkUserId: uid > 0 ? uid : null, nonce };
}
