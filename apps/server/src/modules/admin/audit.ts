/**
 * The console's audit writer (decision 026). Every console write calls `writeAudit` with the same
 * `db | trx` as the write, so the row commits or rolls back with it. The log is append-only:
 * nothing in the code updates or deletes an audit row.
 */
import type { FastifyRequest } from 'fastify';
import type { Conn } from '../../db/conn.ts';
import { insertAuditRow } from './audit-repository.ts';

export interface AuditEntry {
  /** `course.create`, `refund.approve`, … (`<target>.<verb>`). */
  action: string;
  targetType: string;
  targetId: string | number | null;
  before: unknown;
  after: unknown;
}

/** 11-digit mainland mobiles inside any text (not inside a longer run of digits). */
const PHONE_IN_TEXT = /(?<!\d)(1\d{2})\d{4}(\d{4})(?!\d)/g;
/** Keys whose values never reach the log, compared lower-cased without `_` and `-`. */
const SECRET_KEYS = new Set(['password', 'passwordhash', 'secret', 'token', 'csrftoken', 'tokenhash', 'accesstoken', 'refreshtoken']);
const PHONE_KEY = /phone|mobile/i;
const MAX_DEPTH = 20;

function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[_-]/g, '');
  return SECRET_KEYS.has(k) || k.startsWith('totp');
}

/** A copy of `value` with secret keys dropped and phone numbers masked (138****0001). */
export function scrubForAudit(value: unknown, depth = 0, key = ''): unknown {
  if (value === null || value === undefined) return null;
  if (depth > MAX_DEPTH) return '[…]';
  if (typeof value === 'string') return value.replace(PHONE_IN_TEXT, '$1****$2');
  if (typeof value === 'number') return PHONE_KEY.test(key) ? scrubForAudit(String(value), depth, key) : value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return value.getTime();
  if (Array.isArray(value)) return value.map((v) => scrubForAudit(v, depth + 1, key));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (isSecretKey(k) || v === undefined || typeof v === 'function') continue;
      out[k] = scrubForAudit(v, depth + 1, k);
    }
    return out;
  }
  return null;
}

function toJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return JSON.stringify(scrubForAudit(value));
}

/** Appends one audit row for the operator of `request`, in the caller's transaction when `db` is one. */
export async function writeAudit(db: Conn, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, {
    operator_id: request.operator?.id ?? null,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId === null || entry.targetId === undefined ? null : String(entry.targetId),
    before_json: toJson(entry.before),
    after_json: toJson(entry.after),
    ip: request.ip ?? '',
    created_at: Date.now(),
  });
}
