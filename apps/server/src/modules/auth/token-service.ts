/**
 * Sessions: an access token and a refresh token, 32 random bytes each (base64url), stored only as
 * their sha256. Refreshing rotates the pair; presenting a refresh token that was already rotated
 * means it leaked (or a client replayed it), so every session of that user is revoked.
 */
import { ErrorCodes, type TokenPair } from '@jinfa/shared';
import { AppError } from '../../lib/errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { Conn, Db } from '../../db/conn.ts';
import { findSessionByRefreshHash, insertSession, markSessionRotated, revokeAllSessions, revokeSession } from './session-repository.ts';

export interface TokenTtl {
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
}

export interface IssuedSession extends TokenPair {
  sessionId: number;
}

/** What our tokens look like; anything else is refused before touching the database. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

export async function issueTokenPair(
  db: Conn,
  ttl: TokenTtl,
  input: { userId: number; userAgent: string; isNewUser?: boolean; now: number },
): Promise<IssuedSession> {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const sessionId = await insertSession(db, {
    userId: input.userId,
    accessHash: sha256Hex(accessToken),
    refreshHash: sha256Hex(refreshToken),
    accessExpiresAt: input.now + ttl.accessTokenTtlSec * 1000,
    refreshExpiresAt: input.now + ttl.refreshTokenTtlSec * 1000,
    userAgent: input.userAgent,
    now: input.now,
  });
  return {
    sessionId,
    accessToken,
    refreshToken,
    expiresIn: ttl.accessTokenTtlSec,
    refreshExpiresIn: ttl.refreshTokenTtlSec,
    userId: input.userId,
    isNewUser: input.isNewUser ?? false,
  };
}

/**
 * `GET /v1/wechat/token?refreshToken=`: a new pair for a live refresh token; the old session ends.
 * Like signing in, it is allowed to locked and blacklisted users (every action after it is not).
 */
export async function rotateRefreshToken(db: Db, ttl: TokenTtl, input: { refreshToken: string; userAgent: string; now: number }): Promise<TokenPair> {
  const { refreshToken, now } = input;
  if (!TOKEN_SHAPE.test(refreshToken)) throw new AppError(ErrorCodes.TOKEN_INVALID);
  const session = await findSessionByRefreshHash(db, sha256Hex(refreshToken));
  if (!session) throw new AppError(ErrorCodes.TOKEN_INVALID);
  if (session.rotated_at !== null) {
    // Reuse of a rotated refresh token: whoever holds it is not (only) the user.
    await revokeAllSessions(db, session.user_id, now);
    throw new AppError(ErrorCodes.TOKEN_INVALID);
  }
  if (session.revoked_at !== null || session.refresh_expires_at <= now) throw new AppError(ErrorCodes.TOKEN_INVALID);

  const issued = await db.transaction().execute(async (trx) => {
    if (!(await markSessionRotated(trx, session.id, now))) return null;
    return issueTokenPair(trx, ttl, { userId: session.user_id, userAgent: input.userAgent, now });
  });
  if (!issued) {
    // Another request rotated it between our read and our write: the same token used twice.
    await revokeAllSessions(db, session.user_id, now);
    throw new AppError(ErrorCodes.TOKEN_INVALID);
  }
  const { sessionId: _sessionId, ...pair } = issued;
  return pair;
}

/** Logout: ends one session. False when it had already ended. */
export function endSession(db: Conn, sessionId: number, now: number): Promise<boolean> {
  return revokeSession(db, sessionId, now);
}
