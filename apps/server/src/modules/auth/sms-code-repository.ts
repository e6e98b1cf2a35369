import type { Kysely, Transaction } from 'kysely';
import type { DB, SmsCodeRow } from '../../db/schema.ts';

type Conn = Kysely<DB> | Transaction<DB>;

export async function insertSmsCode(
  db: Conn,
  c: { mobile: string; purpose: number; codeHash: string; expiresAt: number; ip: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('sms_codes')
    .values({ mobile: c.mobile, purpose: c.purpose, code_hash: c.codeHash, expires_at: c.expiresAt, attempts: 0, used_at: null, created_at: c.now, ip: c.ip.slice(0, 64) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The most recent code sent to a mobile (any purpose), for the resend cooldown. */
export function findLatestSmsCode(db: Conn, mobile: string): Promise<SmsCodeRow | undefined> {
  return db.selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The most recent code for a mobile among the given purposes, live or not. */
export function findLatestSmsCodeFor(db: Conn, mobile: string, purposes: readonly number[]): Promise<SmsCodeRow | undefined> {
  return db
    .selectFrom('sms_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('purpose', 'in', [...purposes])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countSmsSentToMobileSince(db: Conn, mobile: string, since: number): Promise<number> {
  const row = await db.selectFrom('sms_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('mobile', '=', mobile).where('created_at', '>', since).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countSmsSentFromIpSince(db: Conn, ip: string, since: number): Promise<number> {
  const row = await db.selectFrom('sms_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('ip', '=', ip).where('created_at', '>', since).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new send supersedes the unused codes for the same mobile and purpose. */
export async function expireUnusedSmsCodes(db: Conn, mobile: string, purpose: number, now: number): Promise<void> {
  await db
    .updateTable('sms_codes')
    .set({ expires_at: now })
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/** Counts one wrong attempt unless the code is already dead; returns the new count, or null when it was not counted. */
export async function recordWrongSmsAttempt(db: Conn, id: number, maxAttempts: number): Promise<number | null> {
  const row = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('used_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  return row ? row.attempts : null;
}

/**
 * Marks a code used exactly once; false when someone else used it first, or when parallel wrong
 * guesses killed it meanwhile (so a burst of guesses cannot outrun the attempt cap).
 */
export async function markSmsCodeUsed(db: Conn, id: number, now: number, maxAttempts: number): Promise<boolean> {
  const res = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Drops a code that could not be delivered, so it neither counts nor works. */
export async function deleteSmsCode(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute();
}
