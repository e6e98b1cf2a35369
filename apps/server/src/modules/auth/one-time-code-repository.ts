/** `one_time_codes` (migration 017): login codes and download tickets, stored as hashes. */
import type { Kysely, Transaction } from 'kysely';
import type { DB, OneTimeCodeRow } from '../../db/schema.ts';

type Conn = Kysely<DB> | Transaction<DB>;

export type OneTimePurpose = 'login' | 'download';

/** Expired codes are kept a day (a replay still reads "used or expired"), then deleted. */
export const SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

export async function insertOneTimeCode(
  db: Conn,
  c: { codeHash: string; purpose: OneTimePurpose; userId: number; scope: string; isNewUser: boolean; expiresAt: number; now: number },
): Promise<void> {
  await db
    .insertInto('one_time_codes')
    .values({
      code_hash: c.codeHash,
      purpose: c.purpose,
      user_id: c.userId,
      scope: c.scope,
      is_new_user: c.isNewUser ? 1 : 0,
      expires_at: c.expiresAt,
      used_at: null,
      created_at: c.now,
    })
    .execute();
}

/**
 * Spends a live code of this purpose and scope: one conditional UPDATE, so of two concurrent
 * attempts exactly one gets the row. Undefined when unknown, expired, used or of another scope.
 */
export function spendOneTimeCode(db: Conn, c: { codeHash: string; purpose: OneTimePurpose; scope: string; now: number }): Promise<OneTimeCodeRow | undefined> {
  return db
    .updateTable('one_time_codes')
    .set({ used_at: c.now })
    .where('code_hash', '=', c.codeHash)
    .where('purpose', '=', c.purpose)
    .where('scope', '=', c.scope)
    .where('used_at', 'is', null)
    .where('expires_at', '>', c.now)
    .returningAll()
    .executeTakeFirst();
}

export function findOneTimeCode(db: Conn, codeHash: string, purpose: OneTimePurpose): Promise<OneTimeCodeRow | undefined> {
  return db.selectFrom('one_time_codes').selectAll().where('code_hash', '=', codeHash).where('purpose', '=', purpose).executeTakeFirst();
}

/** Removes codes that expired before `before` (they can never be spent). */
export async function deleteExpiredOneTimeCodes(db: Conn, before: number): Promise<number> {
  const res = await db.deleteFrom('one_time_codes').where('expires_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
