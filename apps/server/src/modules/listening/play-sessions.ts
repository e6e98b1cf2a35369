/**
 * Opening a play session (decision 016): play_auth calls this once the entitlement is checked and
 * the media found. The session id is 192 random bits — a handle, not a credential: reports are
 * still authenticated as the learner, and a session answers only its own learner.
 */
import { randomBytes } from 'node:crypto';
import type { Conn } from '../../db/conn.ts';
import { deleteOldPlaySessions, insertPlaySession, savedPosition } from './play-session-repository.ts';
import { PLAY_SESSION_TTL_MS } from './session-accounting.ts';

/** Expired sessions are kept this long, then dropped when their learner next opens one. */
export const PLAY_SESSION_RETENTION_MS = 30 * 86_400_000;

export async function openPlaySession(
  db: Conn,
  p: { userId: number; courseId: number; chapterId: number | null; assetId: number | null; duration: number | null },
  now: number,
): Promise<string> {
  const sessionKey = randomBytes(24).toString('base64url');
  const position = await savedPosition(db, p.userId, p.courseId, p.chapterId);
  const duration = p.duration !== null && p.duration > 0 ? Math.ceil(p.duration) : null;
  await insertPlaySession(db, { sessionKey, ...p, duration, position, now, expiresAt: now + PLAY_SESSION_TTL_MS });
  await deleteOldPlaySessions(db, p.userId, now - PLAY_SESSION_RETENTION_MS);
  return sessionKey;
}
