/**
 * Signing in with a phone: the SMS code is checked and used up first (so wrong attempts count
 * even though no session follows), then one transaction finds or creates the user and opens a
 * session. Binding a phone to the signed-in user goes through the same code check.
 */
import { AccountStatus, ErrorCodes, UserAuditStatus, UserType, type PhoneBindResult, type TokenPair } from '@jinfa/shared';
import { AppError } from '../../lib/errors.ts';
import { findUserByMobile, insertUser, newUser, updateUser } from '../users/user-repository.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Db, Trx } from '../../db/conn.ts';
import { maskMobile } from '../../lib/mask.ts';
import { consumeSmsCode, SmsPurpose } from './sms-code-service.ts';
import { issueTokenPair, type TokenTtl } from './token-service.ts';

export interface LoginDeps {
  db: Db;
  secret: string;
  ttl: TokenTtl;
}

/** Finds the user holding the mobile or creates one (ordinary, not audited), and opens a session. */
export async function signInByMobile(trx: Trx, ttl: TokenTtl, input: { mobile: string; userAgent: string; now: number }): Promise<TokenPair> {
  const { mobile, now } = input;
  let user = await findUserByMobile(trx, mobile);
  let isNewUser = false;
  if (!user) {
    user = await insertUser(
      trx,
      newUser(now, { mobile, nickname: maskMobile(mobile), user_type: UserType.ORDINARY, audit_status: UserAuditStatus.NOT_AUDITED, account_status: AccountStatus.ACTIVE }),
    );
    isNewUser = true;
  }
  const { sessionId: _sessionId, ...pair } = await issueTokenPair(trx, ttl, { userId: user.id, userAgent: input.userAgent, isNewUser, now });
  return pair;
}

/** `PUT /v1/users/authenticate` by an anonymous caller. Locked and blacklisted users may sign in; what they then do is refused. */
export async function loginWithSmsCode(deps: LoginDeps, input: { mobile: string; code: string; userAgent: string; now: number }): Promise<TokenPair> {
  await consumeSmsCode(deps, { mobile: input.mobile, code: input.code, purposes: [SmsPurpose.LOGIN, SmsPurpose.BIND], now: input.now });
  try {
    return await deps.db.transaction().execute((trx) => signInByMobile(trx, deps.ttl, input));
  } catch (err) {
    // Two first logins of the same new phone at once: the loser finds the winner's user.
    if (!isUniqueViolation(err)) throw err;
    return deps.db.transaction().execute((trx) => signInByMobile(trx, deps.ttl, input));
  }
}

/** `PUT /v1/users/authenticate` by a signed-in caller: the phone moves to this account unless another holds it. */
export async function bindMobileWithSmsCode(
  deps: LoginDeps,
  input: { userId: number; mobile: string; code: string; now: number },
): Promise<PhoneBindResult> {
  const { userId, mobile, now } = input;
  // Refuse a taken phone before the code is spent, so the learner can still use it elsewhere.
  const holder = await findUserByMobile(deps.db, mobile);
  if (holder && holder.id !== userId) throw new AppError(ErrorCodes.MOBILE_TAKEN);
  await consumeSmsCode(deps, { mobile, code: input.code, purposes: [SmsPurpose.BIND, SmsPurpose.LOGIN], now });
  if (holder?.id === userId) return { userId, mobile };
  try {
    await updateUser(deps.db, userId, { mobile, updated_at: now });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCodes.MOBILE_TAKEN);
    throw err;
  }
  return { userId, mobile };
}
