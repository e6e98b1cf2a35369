/**
 * Operator accounts: created by the CLI (`npm run admin:create`, which also resets a forgotten
 * password) and by an owner in the console. Both paths validate the same way and write an
 * audit row in the same transaction as the change.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCodes, ConsoleErrorCodes } from '@jinfa/shared';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { maskMobile } from '../../lib/mask.ts';
import type { Conn, Db } from '../../db/conn.ts';
import type { OperatorRow } from '../../db/schema.ts';
import { isOperatorRole, OPERATOR_ROLES, type OperatorRole } from './guard.ts';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password.ts';
import { writeAudit } from './audit.ts';
import { insertAuditRow } from './audit-repository.ts';
import {
  corporateExists,
  findOperatorById,
  findOperatorByPhone,
  insertOperator,
  lecturerExists,
  updateOperator,
  type OperatorChanges,
} from './operator-repository.ts';
import { revokeOperatorSessions } from './session-repository.ts';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export interface OperatorInput {
  phone: string;
  password: string;
  role: OperatorRole | string;
  name?: string;
  lecturerId?: number | null;
  corporateId?: number | null;
}

/** What the console shows of an operator (never the hash or the TOTP secret). */
export function presentOperator(row: OperatorRow) {
  return {
    id: row.id,
    phone: maskMobile(row.phone),
    name: row.name,
    role: row.role as OperatorRole,
    lecturerId: row.lecturer_id,
    corporateId: row.corporate_id,
    totpEnabled: row.totp_enabled === 1,
    disabled: row.disabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What goes into the audit log's before/after (phone masked there too). */
function auditView(row: OperatorRow) {
  const { password_hash: _hash, totp_secret: _secret, ...rest } = row;
  return rest;
}

function validatePassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new ValidationError(`密码至少 ${MIN_PASSWORD_LENGTH} 位`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new ValidationError(`密码最多 ${MAX_PASSWORD_LENGTH} 位`);
}

/** The role's links: a lecturer names an existing lecturer; a corporate id, when given, exists. */
async function validateLinks(db: Conn, role: OperatorRole, lecturerId: number | null, corporateId: number | null): Promise<void> {
  if (role === 'lecturer' && lecturerId === null) throw new ValidationError('讲师角色需要指定讲师');
  if (lecturerId !== null && !(await lecturerExists(db, lecturerId))) throw new ValidationError('讲师不存在');
  if (corporateId !== null && !(await corporateExists(db, corporateId))) throw new ValidationError('企业不存在');
}

function checkedInput(input: OperatorInput): { phone: string; role: OperatorRole } {
  const phone = input.phone.trim();
  if (!PHONE_PATTERN.test(phone)) throw new AppError(ErrorCodes.MOBILE_INVALID);
  if (!isOperatorRole(input.role)) throw new ValidationError(`角色须为 ${OPERATOR_ROLES.join(' / ')}`);
  validatePassword(input.password);
  return { phone, role: input.role };
}

/**
 * The CLI's path: creates the operator, or for a phone that exists sets its password and role
 * (and name / lecturer when given) and re-enables it. Audited with no operator and ip `cli`.
 */
export async function upsertOperator(db: Db, input: OperatorInput, now = Date.now()): Promise<{ id: number; created: boolean }> {
  const { phone, role } = checkedInput(input);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const existing = await findOperatorByPhone(trx, phone);
    const lecturerId = input.lecturerId !== undefined ? input.lecturerId : (existing?.lecturer_id ?? null);
    const corporateId = input.corporateId !== undefined ? input.corporateId : (existing?.corporate_id ?? null);
    await validateLinks(trx, role, lecturerId, corporateId);
    let id: number;
    if (existing) {
      id = existing.id;
      const changes: OperatorChanges = { password_hash: passwordHash, role, lecturer_id: lecturerId, corporate_id: corporateId, disabled: 0 };
      if (input.name?.trim()) changes.name = input.name.trim();
      await updateOperator(trx, id, changes, now);
      // A reset password ends every open session of the account.
      await revokeOperatorSessions(trx, id, now);
    } else {
      id = await insertOperator(trx, { phone, name: input.name?.trim() || `管理员${phone.slice(-4)}`, password_hash: passwordHash, role, lecturer_id: lecturerId, corporate_id: corporateId, now });
    }
    const after = await findOperatorById(trx, id);
    await insertAuditRow(trx, {
      operator_id: null,
      action: existing ? 'operator.cli_update' : 'operator.cli_create',
      target_type: 'operator',
      target_id: String(id),
      before_json: existing ? JSON.stringify({ ...auditView(existing), phone: maskMobile(existing.phone) }) : null,
      after_json: after ? JSON.stringify({ ...auditView(after), phone: maskMobile(after.phone) }) : null,
      ip: 'cli',
      created_at: now,
    });
    return { id, created: !existing };
  });
}

/** An owner creates an operator in the console. */
export async function createOperator(db: Db, request: FastifyRequest, input: OperatorInput): Promise<OperatorRow> {
  const { phone, role } = checkedInput(input);
  const passwordHash = await hashPassword(input.password);
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    if (await findOperatorByPhone(trx, phone)) throw new AppError(ConsoleErrorCodes.ADMIN_OPERATOR_EXISTS);
    const lecturerId = input.lecturerId ?? null;
    const corporateId = input.corporateId ?? null;
    await validateLinks(trx, role, lecturerId, corporateId);
    const id = await insertOperator(trx, { phone, name: input.name?.trim() || `管理员${phone.slice(-4)}`, password_hash: passwordHash, role, lecturer_id: lecturerId, corporate_id: corporateId, now });
    const row = (await findOperatorById(trx, id))!;
    await writeAudit(trx, request, { action: 'operator.create', targetType: 'operator', targetId: id, before: null, after: auditView(row) });
    return row;
  });
}

export interface OperatorPatch {
  role?: OperatorRole;
  name?: string;
  disabled?: boolean;
  lecturerId?: number | null;
  corporateId?: number | null;
  password?: string;
}

/**
 * An owner edits an operator. Disabling, a role change or a new password ends the operator's
 * sessions. An owner cannot disable or demote themself (the console would lose its last owner).
 */
export async function patchOperator(db: Db, request: FastifyRequest, id: number, patch: OperatorPatch): Promise<OperatorRow> {
  if (patch.password !== undefined) validatePassword(patch.password);
  const passwordHash = patch.password !== undefined ? await hashPassword(patch.password) : undefined;
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const before = await findOperatorById(trx, id);
    if (!before) throw new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
    const self = request.operator?.id === id;
    if (self && (patch.disabled === true || (patch.role !== undefined && patch.role !== 'owner'))) {
      throw new ValidationError('不能停用自己或取消自己的所有者角色');
    }
    const role = (patch.role ?? before.role) as OperatorRole;
    const lecturerId = patch.lecturerId !== undefined ? patch.lecturerId : before.lecturer_id;
    const corporateId = patch.corporateId !== undefined ? patch.corporateId : before.corporate_id;
    await validateLinks(trx, role, lecturerId, corporateId);
    const changes: OperatorChanges = { role, lecturer_id: lecturerId, corporate_id: corporateId };
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.disabled !== undefined) changes.disabled = patch.disabled ? 1 : 0;
    if (passwordHash !== undefined) changes.password_hash = passwordHash;
    await updateOperator(trx, id, changes, now);
    const endsSessions = patch.disabled === true || role !== before.role || passwordHash !== undefined || lecturerId !== before.lecturer_id;
    if (endsSessions && !self) await revokeOperatorSessions(trx, id, now);
    const after = (await findOperatorById(trx, id))!;
    const auditAfter: Record<string, unknown> = auditView(after);
    if (passwordHash !== undefined) auditAfter.passwordChanged = true;
    await writeAudit(trx, request, { action: 'operator.update', targetType: 'operator', targetId: id, before: auditView(before), after: auditAfter });
    return after;
  });
}
