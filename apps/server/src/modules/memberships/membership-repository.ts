/**
 * Membership plans, rights and grants (migration 010, decision 012), and the user-row reads and
 * writes of the membership arithmetic. Grant writes run inside the order's fulfilment or refund
 * transaction (order-kind.ts, through the order-kind registry); `lockUserRow` first, so two
 * memberships paid at the same moment apply one after the other instead of both reading the
 * same "before".
 */
import { sql, type Insertable } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import type { MembershipGrantRow, MembershipGrantsTable, MembershipPlanRow, MembershipRightRow } from '../../db/schema.ts';

export function findPlan(db: Conn, planId: number): Promise<MembershipPlanRow | undefined> {
  return db.selectFrom('membership_plans').selectAll().where('id', '=', planId).executeTakeFirst();
}

/** On-sale plans of one billing type, in display order. */
export function listPlansOnSale(db: Conn, billingType: number): Promise<MembershipPlanRow[]> {
  return db
    .selectFrom('membership_plans')
    .selectAll()
    .where('billing_type', '=', billingType)
    .where('on_sale', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The first plan (monthly before yearly, then display order) that grants `userType`, on sale or not. */
export function findPlanOfKind(db: Conn, userType: number): Promise<MembershipPlanRow | undefined> {
  return db
    .selectFrom('membership_plans')
    .selectAll()
    .where('user_type', '=', userType)
    .orderBy('on_sale', 'desc')
    .orderBy('billing_type', 'desc')
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export function listRightsOfPlans(db: Conn, planIds: readonly number[]): Promise<MembershipRightRow[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('membership_rights').selectAll().where('plan_id', 'in', planIds).orderBy('plan_id').orderBy('sort').orderBy('id').execute();
}

/**
 * Takes the user row's write lock for the rest of the transaction (a no-op update: PostgreSQL
 * locks the row, SQLite the database), so the read that follows sees the last committed state.
 */
export async function lockUserRow(db: Conn, userId: number): Promise<void> {
  await db.updateTable('users').set({ updated_at: sql<number>`updated_at` }).where('id', '=', userId).execute();
}

export function findMemberState(db: Conn, userId: number): Promise<{ user_type: number; member_expire_at: number | null } | undefined> {
  return db.selectFrom('users').select(['user_type', 'member_expire_at']).where('id', '=', userId).executeTakeFirst();
}

export async function setMemberState(db: Conn, userId: number, userType: number, expireAt: number | null, now: number): Promise<void> {
  await db.updateTable('users').set({ user_type: userType, member_expire_at: expireAt, updated_at: now }).where('id', '=', userId).execute();
}

/** Inserts the order's grant unless it already has one (order_id is unique). True when this call inserted it. */
export async function insertGrant(db: Conn, grant: Insertable<MembershipGrantsTable>): Promise<boolean> {
  const row = await db
    .insertInto('membership_grants')
    .values(grant)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the order's grant revoked. True only for the one caller that moved it. */
export async function markGrantRevoked(db: Conn, orderId: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('membership_grants')
    .set({ revoked_at: now })
    .where('order_id', '=', orderId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Every grant of the user, revoked or not, oldest first. */
export function listGrantsOfUser(db: Conn, userId: number): Promise<MembershipGrantRow[]> {
  return db.selectFrom('membership_grants').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function setGrantPeriod(db: Conn, grantId: number, startsAt: number, expiresAt: number): Promise<void> {
  await db.updateTable('membership_grants').set({ starts_at: startsAt, expires_at: expiresAt }).where('id', '=', grantId).execute();
}

/** The user's latest unrevoked grant of one kind (its plan names the rights shown). */
export function findLatestGrantOfKind(db: Conn, userId: number, userType: number): Promise<MembershipGrantRow | undefined> {
  return db
    .selectFrom('membership_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('user_type', '=', userType)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Fen the user saved by member prices: over their paid whole-course orders, what the course's
 * list price is above what they paid. (Today's list price: orders keep only the amount paid.)
 */
export async function sumMemberSavings(db: Conn, userId: number, courseKind: number): Promise<number> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('courses as c', 'c.id', 'o.course_id')
    .select((eb) => eb.fn.sum<number | string | null>(eb('c.price', '-', eb.ref('o.amount_fen'))).as('saved'))
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'paid')
    .where('o.kind', '=', courseKind)
    .whereRef('o.amount_fen', '<', 'c.price')
    .executeTakeFirst();
  return Number(row?.saved ?? 0);
}

export function findCorporateName(db: Conn, corporateId: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('corporates').select(['id', 'name']).where('id', '=', corporateId).executeTakeFirst();
}
