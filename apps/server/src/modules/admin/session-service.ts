/**
 * Console sign-in (decision 026): phone + password (+ TOTP when enabled) → a session whose token
 * goes to the `jf_admin` cookie and whose CSRF token goes to the console. Five failures of one
 * phone within 15 minutes lock it for 15 minutes, whatever password comes next.
 */
import type { FastifyRequest } from 'fastify';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { ConsoleErrorCodes } from '@jinfa/shared';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import type { Db } from '../../db/conn.ts';
import type { OperatorRow } from '../../db/schema.ts';
import { insertAuditRow } from './audit-repository.ts';
import { writeAudit } from './audit.ts';
import { isOperatorRole, sessionExpiry } from './guard.ts';
import { decoyHash, verifyPassword } from './password.ts';
import { clearLoginFailures, findOperatorById, findOperatorByPhone, insertLoginFailure, recentLoginFailures, updateOperator } from './operator-repository.ts';
import { insertSession, pruneEndedSessions, revokeOperatorSessions, revokeSession } from './session-repository.ts';

export const LOCK_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
const TOTP_ISSUER = '金法课堂管理后台';
/** Ended sessions are kept this long (who was signed in when), then pruned at the operator's next sign-in. */
const ENDED_SESSION_KEEP_MS = 30 * 24 * 60 * 60_000;

/** When the phone's lock ends, or null when it is not locked. */
export async function lockedUntil(db: Db, phone: string, now: number): Promise<number | null> {
  const recent = await recentLoginFailures(db, phone, now - LOCK_WINDOW_MS - LOCK_MS, LOCK_FAILURES);
  if (recent.length < LOCK_FAILURES) return null;
  const newest = recent[0]!;
  const oldest = recent[LOCK_FAILURES - 1]!;
  if (newest - oldest > LOCK_WINDOW_MS) return null;
  const until = newest + LOCK_MS;
  return now < until ? until : null;
}

async function checkTotp(sealed: string | null, secret: string, code: string): Promise<boolean> {
  const plain = sealed ? openSecret(secret, sealed) : null;
  if (!plain || !/^\d{6}$/.test(code)) return false;
  try {
    // One step of clock drift either way, as authenticator apps expect.
    const r = await verifyTotp({ secret: plain, token: code, epoch: Math.floor(Date.now() / 1000), epochTolerance: 30 });
    return r.valid;
  } catch {
    return false;
  }
}

export interface SignInResult {
  operator: OperatorRow;
  token: string;
  csrfToken: string;
  expiresAt: number;
}

export async function signIn(
  db: Db,
  request: FastifyRequest,
  input: { phone: string; password: string; totp?: string },
  secret: string,
): Promise<SignInResult> {
  const phone = input.phone.trim();
  const now = Date.now();
  if (await lockedUntil(db, phone, now)) throw new AppError(ConsoleErrorCodes.ADMIN_LOCKED);
  const op = await findOperatorByPhone(db, phone);
  // Unknown phones cost the same argon2 verification as known ones.
  const passwordOk = await verifyPassword(op?.password_hash ?? (await decoyHash()), input.password);
  if (!op || !passwordOk || op.disabled === 1 || !isOperatorRole(op.role)) {
    await insertLoginFailure(db, phone, request.ip, now);
    throw new AppError(ConsoleErrorCodes.ADMIN_BAD_CREDENTIALS);
  }
  if (op.totp_enabled === 1) {
    const code = input.totp?.trim();
    if (!code) throw new AppError(ConsoleErrorCodes.ADMIN_TOTP_REQUIRED);
    if (!(await checkTotp(op.totp_secret, secret, code))) {
      await insertLoginFailure(db, phone, request.ip, now);
      throw new AppError(ConsoleErrorCodes.ADMIN_TOTP_INVALID);
    }
  }
  const token = randomToken(32);
  const csrfToken = randomToken(32);
  const expiresAt = sessionExpiry(now, now);
  await db.transaction().execute(async (trx) => {
    await clearLoginFailures(trx, phone);
    await pruneEndedSessions(trx, op.id, now - ENDED_SESSION_KEEP_MS);
    const sessionId = await insertSession(trx, { tokenHash: sha256Hex(token), operatorId: op.id, csrfToken, now, expiresAt });
    await insertAuditRow(trx, {
      operator_id: op.id,
      action: 'session.create',
      target_type: 'operator_session',
      target_id: String(sessionId),
      before_json: null,
      after_json: JSON.stringify({ secondFactor: op.totp_enabled === 1 }),
      ip: request.ip ?? '',
      created_at: now,
    });
  });
  return { operator: op, token, csrfToken, expiresAt };
}

export async function signOut(db: Db, request: FastifyRequest, sessionId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await revokeSession(trx, sessionId, Date.now());
    await writeAudit(trx, request, { action: 'session.revoke', targetType: 'operator_session', targetId: sessionId, before: null, after: null });
  });
}

export async function revokeAll(db: Db, request: FastifyRequest, operatorId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const n = await revokeOperatorSessions(trx, operatorId, Date.now());
    await writeAudit(trx, request, { action: 'session.revoke_all', targetType: 'operator', targetId: operatorId, before: null, after: { revoked: n } });
    return n;
  });
}

/** A fresh secret for the operator's authenticator app; sign-in asks for codes only once `enableTotp` proved one. */
export async function setupTotp(db: Db, request: FastifyRequest, operatorId: number, secret: string): Promise<{ secret: string; otpauthUrl: string }> {
  const op = await findOperatorById(db, operatorId);
  if (!op) throw new AppError(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
  if (op.totp_enabled === 1) throw new ValidationError('动态验证码已开启');
  const plain = generateSecret();
  await db.transaction().execute(async (trx) => {
    await updateOperator(trx, op.id, { totp_secret: sealSecret(secret, plain) }, Date.now());
    await writeAudit(trx, request, { action: 'operator.totp_setup', targetType: 'operator', targetId: op.id, before: null, after: null });
  });
  return { secret: plain, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: op.phone, secret: plain }) };
}

export async function enableTotp(db: Db, request: FastifyRequest, operatorId: number, code: string, secret: string): Promise<void> {
  const op = await findOperatorById(db, operatorId);
  if (!op) throw new AppError(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
  if (op.totp_enabled === 1) throw new ValidationError('动态验证码已开启');
  if (!op.totp_secret) throw new ValidationError('请先获取动态验证码密钥');
  if (!(await checkTotp(op.totp_secret, secret, code))) throw new AppError(ConsoleErrorCodes.ADMIN_TOTP_INVALID);
  await db.transaction().execute(async (trx) => {
    await updateOperator(trx, op.id, { totp_enabled: 1 }, Date.now());
    await writeAudit(trx, request, { action: 'operator.totp_enable', targetType: 'operator', targetId: op.id, before: { secondFactor: false }, after: { secondFactor: true } });
  });
}

/** Turns TOTP off; proving a current code is required, so a stolen session alone cannot weaken sign-in. The secret is dropped. */
export async function disableTotp(db: Db, request: FastifyRequest, operatorId: number, code: string, secret: string): Promise<void> {
  const op = await findOperatorById(db, operatorId);
  if (!op) throw new AppError(ConsoleErrorCodes.ADMIN_LOGIN_REQUIRED);
  if (op.totp_enabled !== 1) throw new ValidationError('动态验证码未开启');
  if (!(await checkTotp(op.totp_secret, secret, code))) throw new AppError(ConsoleErrorCodes.ADMIN_TOTP_INVALID);
  await db.transaction().execute(async (trx) => {
    await updateOperator(trx, op.id, { totp_enabled: 0, totp_secret: null }, Date.now());
    await writeAudit(trx, request, { action: 'operator.totp_disable', targetType: 'operator', targetId: op.id, before: { secondFactor: true }, after: { secondFactor: false } });
  });
}
