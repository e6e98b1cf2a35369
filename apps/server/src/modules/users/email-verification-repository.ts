/** The pending e-mail code of a learner and the verified mark on the user (migration 018). */
import type { EmailVerificationRow } from '../../db/schema.ts';
import type { Conn } from '../../db/conn.ts';

export function findEmailVerification(db: Conn, userId: number): Promise<EmailVerificationRow | undefined> {
  return db.selectFrom('email_verifications').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Writes the learner's one pending code, replacing any earlier one (a new code voids the old). */
export async function saveEmailVerification(
  db: Conn,
  row: { userId: number; email: string; codeHash: string; expiresAt: number; sentAt: number; windowStartedAt: number; windowSends: number },
): Promise<void> {
  const values = {
    email: row.email,
    code_hash: row.codeHash,
    expires_at: row.expiresAt,
    attempts: 0,
    sent_at: row.sentAt,
    window_started_at: row.windowStartedAt,
    window_sends: row.windowSends,
  };
  await db
    .insertInto('email_verifications')
    .values({ user_id: row.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Puts back what was there before a send that failed (or removes the row when there was none). */
export async function restoreEmailVerification(db: Conn, userId: number, previous: EmailVerificationRow | undefined): Promise<void> {
  if (!previous) {
    await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
    return;
  }
  const { user_id: _id, ...values } = previous;
  await db.updateTable('email_verifications').set(values).where('user_id', '=', userId).execute();
}

/**
 * Spends one attempt of a live code for this address, in one conditional update so that parallel
 * guesses cannot get past the limit, and answers the code's hash with the attempts now spent.
 * Undefined when there is no such code, it expired, or its attempts were used up.
 */
export function spendEmailAttempt(
  db: Conn,
  userId: number,
  email: string,
  maxAttempts: number,
  now: number,
): Promise<{ attempts: number; code_hash: string } | undefined> {
  return db
    .updateTable('email_verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning(['attempts', 'code_hash'])
    .executeTakeFirst();
}

/** Marks the address verified if it is still the learner's address, and forgets the code. */
export async function markEmailVerified(db: Conn, userId: number, email: string, now: number): Promise<boolean> {
  const res = await db.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('id', '=', userId).where('email', '=', email).executeTakeFirst();
  await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
  return Number(res.numUpdatedRows) === 1;
}
