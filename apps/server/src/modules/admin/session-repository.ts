/** Console sessions (operator_sessions joined to operators). Only this file and its siblings' repositories touch Kysely. */
import type { Conn } from '../../db/conn.ts';

export interface LiveOperatorSession {
  sessionId: number;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  operatorId: number;
  name: string;
  role: string;
  lecturerId: number | null;
  corporateId: number | null;
}

/** The unrevoked, unexpired session of a token hash whose operator is not disabled; undefined when none. */
export async function findLiveSession(db: Conn, tokenHash: string, now: number): Promise<LiveOperatorSession | undefined> {
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select([
      's.id as sessionId',
      's.csrf_token as csrfToken',
      's.created_at as createdAt',
      's.last_seen_at as lastSeenAt',
      's.expires_at as expiresAt',
      'o.id as operatorId',
      'o.name as name',
      'o.role as role',
      'o.lecturer_id as lecturerId',
      'o.corporate_id as corporateId',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('o.disabled', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  // bigint columns come back as numbers on both dialects (db/database.ts parses int8).
  return {
    ...row,
    createdAt: Number(row.createdAt),
    lastSeenAt: Number(row.lastSeenAt),
    expiresAt: Number(row.expiresAt),
  };
}

export async function insertSession(
  db: Conn,
  row: { tokenHash: string; operatorId: number; csrfToken: string; now: number; expiresAt: number },
): Promise<number> {
  const r = await db
    .insertInto('operator_sessions')
    .values({
      token_hash: row.tokenHash,
      operator_id: row.operatorId,
      csrf_token: row.csrfToken,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expiresAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function touchSession(db: Conn, sessionId: number, now: number, expiresAt: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeSession(db: Conn, sessionId: number, now: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Every live session of the operator; answers how many were revoked. */
export async function revokeOperatorSessions(db: Conn, operatorId: number, now: number): Promise<number> {
  const r = await db.updateTable('operator_sessions').set({ revoked_at: now }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The operator's sessions that ended (expired or revoked) before `before`: dropped at each sign-in, so the table stays the size of its staff. */
export async function pruneEndedSessions(db: Conn, operatorId: number, before: number): Promise<void> {
  await db
    .deleteFrom('operator_sessions')
    .where('operator_id', '=', operatorId)
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .execute();
}
