import type { Kysely, Transaction } from 'kysely';
import type { DB, SessionRow, UserRow } from '../../db/schema.ts';
import { placeholder, runPrecompiled } from '../../db/precompiled.ts';

type Conn = Kysely<DB> | Transaction<DB>;

export async function insertSession(
  db: Conn,
  s: { userId: number; accessHash: string; refreshHash: string; accessExpiresAt: number; refreshExpiresAt: number; userAgent: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: s.userId,
      access_hash: s.accessHash,
      refresh_hash: s.refreshHash,
      access_expires_at: s.accessExpiresAt,
      refresh_expires_at: s.refreshExpiresAt,
      user_agent: s.userAgent.slice(0, 255),
      created_at: s.now,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findSessionByAccessHash(db: Conn, hash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('access_hash', '=', hash).executeTakeFirst();
}

/**
 * The live session of an access token and its user, in ONE round trip: every signed-in request
 * asks this, so a join beats two queries (on PostgreSQL each query is a socket round trip).
 */
export async function findLiveSessionUser(db: Conn, hash: string, now: number): Promise<{ sessionId: number; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.id as session_id_')
    .where('sessions.access_hash', '=', hash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.access_expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id_: sessionId, ...user } = row;
  return { sessionId, user };
}

/**
 * findLiveSessionUser as one precompiled statement (no query building per request), with the
 * access token's expiry, so that the auth plugin's short reuse never outlives it.
 */
export async function findLiveSessionUserPrecompiled(
  db: Kysely<DB>,
  hash: string,
  now: number,
): Promise<{ sessionId: number; user: UserRow; accessExpiresAt: number } | undefined> {
  const rows = await runPrecompiled(
    db,
    'auth:live-session-user',
    () =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select(['sessions.id as session_id_', 'sessions.access_expires_at as session_expires_'])
        .where('sessions.access_hash', '=', placeholder<string>('hash'))
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.access_expires_at', '>', placeholder<number>('now')),
    { hash, now },
  );
  const row = rows[0];
  if (!row) return undefined;
  const { session_id_: sessionId, session_expires_: accessExpiresAt, ...user } = row;
  return { sessionId, user, accessExpiresAt: Number(accessExpiresAt) };
}

export function findSessionByRefreshHash(db: Conn, hash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('refresh_hash', '=', hash).executeTakeFirst();
}

/** Revokes a session once; returns false when it was already revoked (refresh-token reuse). */
export async function revokeSession(db: Conn, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Revokes a live session because its refresh token was exchanged; the mark tells a later use of
 * the same refresh token (reuse) apart from one after logout. False when it was no longer live.
 */
export async function markSessionRotated(db: Conn, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('sessions')
    .set({ revoked_at: now, rotated_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function revokeAllSessions(db: Conn, userId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
