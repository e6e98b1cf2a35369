/**
 * The console's reads and writes of learners (issue 13): the filtered list (newest first along the
 * indexes of migration 028), a learner's memberships, order count and credited learning time, and
 * the review / account-state writes, each conditional on the state the operator saw.
 */
import type { Conn } from '../../db/conn.ts';
import type { MembershipGrantRow, UserRow } from '../../db/schema.ts';
import { countRows } from '../../db/paging.ts';

export interface LearnerFilter {
  /** Exact phone. */
  mobile?: string;
  /** Start of the name. */
  namePrefix?: string;
  auditStatus?: number;
  /** true: profiles the learner submitted (audit_submitted_at set); false: never submitted. */
  submitted?: boolean;
  /** Exactly this account status (0 active, 1 locked, 2 blacklisted). */
  accountStatus?: number;
  /** Any account status but this one. */
  notAccountStatus?: number;
}

function filtered(db: Conn, f: LearnerFilter) {
  let q = db.selectFrom('users');
  if (f.mobile !== undefined) q = q.where('mobile', '=', f.mobile);
  if (f.namePrefix !== undefined) {
    // A range rather than LIKE: both databases walk users_console_name for it, and no escaping.
    q = q.where('name', '>=', f.namePrefix).where('name', '<', `${f.namePrefix}\u{10ffff}`);
  }
  if (f.auditStatus !== undefined) q = q.where('audit_status', '=', f.auditStatus);
  if (f.submitted !== undefined) q = q.where('audit_submitted_at', f.submitted ? 'is not' : 'is', null);
  if (f.accountStatus !== undefined) q = q.where('account_status', '=', f.accountStatus);
  if (f.notAccountStatus !== undefined) q = q.where('account_status', '!=', f.notAccountStatus);
  return q;
}

export async function listLearnersForConsole(
  db: Conn,
  f: LearnerFilter,
  page: { offset: number; limit: number; ascending: boolean; sort: 'created_at' | 'audit_submitted_at' },
): Promise<{ rows: UserRow[]; total: number }> {
  const dir = page.ascending ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    filtered(db, f).selectAll().orderBy(page.sort, dir).orderBy('id', dir).offset(page.offset).limit(page.limit).execute(),
    countRows(filtered(db, f)),
  ]);
  return { rows, total };
}

export interface MembershipGrantWithPlan extends MembershipGrantRow {
  plan_name: string;
}

/** Membership grants of these learners, newest first; `activeAt` keeps only those live then. */
export function listMembershipGrantsOf(db: Conn, userIds: readonly number[], activeAt?: number): Promise<MembershipGrantWithPlan[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom('membership_grants as g')
    .innerJoin('membership_plans as p', 'p.id', 'g.plan_id')
    .selectAll('g')
    .select('p.name as plan_name')
    .where('g.user_id', 'in', userIds);
  if (activeAt !== undefined) q = q.where('g.revoked_at', 'is', null).where('g.expires_at', '>', activeAt);
  return q.orderBy('g.id', 'desc').execute();
}

/** Order totals from the per-learner counters (migration 025): one key lookup each, no counting. */
export async function orderCountsOf(db: Conn, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('user_list_counts').select(['user_id', 'n']).where('user_id', 'in', userIds).where('list', '=', 'orders').execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/** Seconds of listening the server credited to the learner (listen_day, decision 016). */
export async function creditedSecondsOf(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('listen_day')
    .select((eb) => eb.fn.sum<number | string | null>('seconds').as('s'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.s ?? 0);
}

/**
 * Records a review of the submission the operator saw (`submitCount`): a learner who edited the
 * profile since then has submitted a new one, and the review does not apply. True when written.
 */
export async function writeAuditResult(
  db: Conn,
  userId: number,
  submitCount: number,
  result: { auditStatus: number; remark: string; now: number },
): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ audit_status: result.auditStatus, audit_remark: result.remark, updated_at: result.now })
    .where('id', '=', userId)
    .where('audit_submit_count', '=', submitCount)
    .where('audit_submitted_at', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** from → to on users.account_status. True only for the caller that moved it. */
export async function moveAccountStatus(db: Conn, userId: number, from: readonly number[], to: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ account_status: to, updated_at: now })
    .where('id', '=', userId)
    .where('account_status', 'in', [...from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
