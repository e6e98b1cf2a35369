/** Issuing a one-time code (login codes, download tickets): only its hash is stored. */
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { Db } from '../../db/conn.ts';
import { deleteExpiredOneTimeCodes, insertOneTimeCode, SWEEP_AFTER_MS, type OneTimePurpose } from './one-time-code-repository.ts';

/** A new random code of `purpose` and `scope` for the user, live for `ttlMs`; answers the code itself. */
export async function issueOneTimeCode(db: Db, c: { purpose: OneTimePurpose; userId: number; scope: string; isNewUser: boolean; ttlMs: number; now: number }): Promise<string> {
  const code = randomToken(32);
  // Codes dead for a day go as new ones come (one indexed DELETE).
  await deleteExpiredOneTimeCodes(db, c.now - SWEEP_AFTER_MS);
  await insertOneTimeCode(db, { codeHash: sha256Hex(code), purpose: c.purpose, userId: c.userId, scope: c.scope, isNewUser: c.isNewUser, expiresAt: c.now + c.ttlMs, now: c.now });
  return code;
}
