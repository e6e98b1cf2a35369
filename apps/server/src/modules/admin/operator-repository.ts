/** Operator rows. Plain rows in, plain rows out. */
import type { Conn } from '../../db/conn.ts';
import type { OperatorRow, OperatorsTable } from '../../db/schema.ts';

function plain(row: OperatorRow): OperatorRow {
  return { ...row, id: Number(row.id), created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}

export async function findOperatorById(db: Conn, id: number): Promise<OperatorRow | undefined> {
  const row = await db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? plain(row) : undefined;
}

export async function findOperatorByPhone(db: Conn, phone: string): Promise<OperatorRow | undefined> {
  const row = await db.selectFrom('operators').selectAll().where('phone', '=', phone).executeTakeFirst();
  return row ? plain(row) : undefined;
}

export type NewOperatorRow = Pick<OperatorsTable, 'phone' | 'name' | 'password_hash' | 'role' | 'lecturer_id' | 'corporate_id'> & { now: number };

export async function insertOperator(db: Conn, row: NewOperatorRow): Promise<number> {
  const { now, ...rest } = row;
  const r = await db
    .insertInto('operators')
    .values({ ...rest, totp_secret: null, totp_enabled: 0, disabled: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export interface OperatorChanges {
  name?: string;
  password_hash?: string;
  role?: string;
  lecturer_id?: number | null;
  corporate_id?: number | null;
  disabled?: number;
  totp_secret?: string | null;
  totp_enabled?: number;
}

export async function updateOperator(db: Conn, id: number, changes: OperatorChanges, now: number): Promise<void> {
  await db.updateTable('operators').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

export async function listOperators(db: Conn, page: { offset: number; limit: number; ascending: boolean }): Promise<{ rows: OperatorRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('operators').selectAll().orderBy('id', page.ascending ? 'asc' : 'desc').limit(page.limit).offset(page.offset).execute(),
    db.selectFrom('operators').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(plain), total: Number(count.n) };
}

export async function lecturerExists(db: Conn, id: number): Promise<boolean> {
  return (await db.selectFrom('lecturers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function corporateExists(db: Conn, id: number): Promise<boolean> {
  return (await db.selectFrom('corporates').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

// ---- sign-in failures (lock-out) ----

/** Failures older than this can no longer lock anything: pruned as new ones come in. */
const FAILURE_KEEP_MS = 60 * 60_000;

export async function insertLoginFailure(db: Conn, phone: string, ip: string, now: number): Promise<void> {
  await db.deleteFrom('operator_login_failures').where('created_at', '<', now - FAILURE_KEEP_MS).execute();
  await db.insertInto('operator_login_failures').values({ phone, ip, created_at: now }).execute();
}

/** The times of the phone's latest failures since `since`, newest first. */
export async function recentLoginFailures(db: Conn, phone: string, since: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('operator_login_failures')
    .select('created_at')
    .where('phone', '=', phone)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.created_at));
}

/** A successful sign-in forgets the phone's failures (they are counters, not a record: the audit log is). */
export async function clearLoginFailures(db: Conn, phone: string): Promise<void> {
  await db.deleteFrom('operator_login_failures').where('phone', '=', phone).execute();
}
