/**
 * A login completes only in the browser that started it (issue 11, decision 017).
 *
 * - Starting a WeChat login (`wx_login`, `qr_login`) gives the browser a random binding secret in
 *   an HttpOnly, SameSite=Lax cookie (Lax: it survives WeChat's top-level redirect back).
 * - The OAuth `state` carries HMAC(secret, binding) — never the binding itself — so the callback
 *   can tell that the browser WeChat sends back is the one that started.
 * - The callback answers no token: it stores a one-time login code (random, 60 s, single use,
 *   hashed in `one_time_codes` with the hash of the binding as its scope) and sends the browser
 *   to `/user/loginComplete?code=…`. The page POSTs the code; only a request carrying the same
 *   binding cookie gets the token pair, in a `no-store` body.
 */
import { ErrorCodes, type TokenPair } from '@jinfa/shared';
import { AppError } from '../../lib/errors.ts';
import { hmacHex, randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { Db } from '../../db/conn.ts';
import { findOneTimeCode, spendOneTimeCode } from './one-time-code-repository.ts';
import { issueOneTimeCode } from './one-time-code.ts';
import { issueTokenPair, type TokenTtl } from './token-service.ts';

export const LOGIN_BIND_COOKIE = 'jf_login_bind';
/** The cookie reaches the callback and the exchange, nothing else. */
export const LOGIN_BIND_PATH = '/v1/users';
export const LOGIN_CODE_TTL_MS = 60_000;

const BINDING_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newBinding(): string {
  return randomToken(32);
}

export function isBinding(value: string | null): value is string {
  return value !== null && BINDING_SHAPE.test(value);
}

/** What the OAuth state carries for a binding: 16 hex of an HMAC, useless without the cookie. */
export function bindingNonce(secret: string, binding: string): string {
  return hmacHex(secret, `login-bind|${binding}`).slice(0, 16);
}

function bindingScope(binding: string): string {
  return sha256Hex(`login-bind|${binding}`);
}

export function bindingCookie(value: string, maxAgeSec: number, secure: boolean): string {
  return `${LOGIN_BIND_COOKIE}=${value}; Path=${LOGIN_BIND_PATH}; Max-Age=${maxAgeSec}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A login code for the user, spendable once within 60 s by the browser holding `binding`. */
export async function issueLoginCode(db: Db, input: { userId: number; isNewUser: boolean; binding: string; now: number }): Promise<string> {
  return issueOneTimeCode(db, { purpose: 'login', userId: input.userId, scope: bindingScope(input.binding), isNewUser: input.isNewUser, ttlMs: LOGIN_CODE_TTL_MS, now: input.now });
}

/**
 * `POST /v1/users/login_code`: the token pair for a live code presented by the browser that
 * started the login. A used, expired or unknown code answers -10210; a live code from a browser
 * without the matching binding answers -10211 and stays spendable by its own browser.
 */
export async function exchangeLoginCode(
  db: Db,
  ttl: TokenTtl,
  input: { code: string; binding: string | null; userAgent: string; now: number },
): Promise<TokenPair> {
  const { code, binding, now } = input;
  if (!CODE_SHAPE.test(code)) throw new AppError(ErrorCodes.LOGIN_CODE_INVALID);
  const codeHash = sha256Hex(code);
  const pair = isBinding(binding)
    ? await db.transaction().execute(async (trx) => {
        const row = await spendOneTimeCode(trx, { codeHash, purpose: 'login', scope: bindingScope(binding), now });
        if (!row) return null;
        const { sessionId: _sessionId, ...issued } = await issueTokenPair(trx, ttl, { userId: row.user_id, userAgent: input.userAgent, isNewUser: row.is_new_user === 1, now });
        return issued;
      })
    : null;
  if (pair) return pair;
  const row = await findOneTimeCode(db, codeHash, 'login');
  if (row && row.used_at === null && row.expires_at > now) throw new AppError(ErrorCodes.LOGIN_FOREIGN_BROWSER);
  throw new AppError(ErrorCodes.LOGIN_CODE_INVALID);
}
