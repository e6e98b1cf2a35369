/**
 * Orders and believed payment notifications. Every status change is a conditional update on the
 * current status, so concurrent callers (double taps, replayed notifications, the sweep) can
 * never move one order twice; callers learn from the return value whether they won.
 */
import type { Insertable } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import type { OrderRow, OrdersTable } from '../../db/schema.ts';
import { placeholder, runPrecompiled } from '../../db/precompiled.ts';
import { countRows } from '../../db/paging.ts';

export type NewOrder = Insertable<OrdersTable>;
/** A new order with every column given (the id is the database's). */
export type NewPendingOrder = Required<Omit<NewOrder, 'id'>>;

/** Every column of a new order (a Record, so a column added to the table must be added here). */
const ORDER_COLUMN_SET: Record<keyof NewPendingOrder, true> = {
  order_no: true,
  user_id: true,
  type: true,
  kind: true,
  target_id: true,
  course_id: true,
  chapter_id: true,
  column_id: true,
  amount_fen: true,
  status: true,
  provider: true,
  description: true,
  prepay_id: true,
  transaction_id: true,
  created_at: true,
  paid_at: true,
  expires_at: true,
  closed_at: true,
  payer_id: true,
};
const ORDER_COLUMNS = Object.keys(ORDER_COLUMN_SET) as (keyof NewPendingOrder)[];

/**
 * Inserts a pending order unless the user already has a pending one for the same kind and target
 * (the partial unique index `orders_one_pending`). True when this call inserted it.
 */
export async function insertPendingOrder(db: Conn, order: NewOrder): Promise<boolean> {
  // No conflict target: the only unique keys are the pending guard and the random order_no.
  const row = await db.insertInto('orders').values(order).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  return row !== undefined;
}

/**
 * The same insert answering the new row (one statement where insert-then-select took two), or
 * undefined when the pending slot was taken.
 */
export async function insertPendingOrderRow(db: Conn, order: NewPendingOrder): Promise<OrderRow | undefined> {
  // Precompiled (the checkout's hottest write): every column a placeholder, filled from `order`.
  const values = Object.fromEntries(ORDER_COLUMNS.map((c) => [c, placeholder(c)])) as unknown as NewOrder;
  const rows = await runPrecompiled(db, 'orders-insert-pending', () => db.insertInto('orders').values(values).onConflict((oc) => oc.doNothing()).returningAll(), order);
  return rows[0];
}

/** An order with its owner's openid for `appId` (null when they have none): what pay parameters need, in one read. */
export async function findOrderWithOwnerOpenid(db: Conn, id: number, appId: string): Promise<{ order: OrderRow; openid: string | undefined } | undefined> {
  const build = () =>
    db
      .selectFrom('orders')
      .selectAll('orders')
      .select((eb) =>
        eb
          .selectFrom('wechat_identities')
          .select('wechat_identities.openid')
          .whereRef('wechat_identities.user_id', '=', 'orders.user_id')
          .where('wechat_identities.app_id', '=', placeholder<string>('appId'))
          .limit(1)
          .as('owner_openid'),
      )
      .where('orders.id', '=', placeholder<number>('id'));
  const [row] = await runPrecompiled(db, 'orders-with-owner-openid', build, { id, appId });
  if (!row) return undefined;
  const { owner_openid: openid, ...order } = row;
  return { order, openid: openid ?? undefined };
}

export function findOrderById(db: Conn, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderByNo(db: Conn, orderNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export function findPendingOrder(db: Conn, userId: number, kind: number, targetId: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The user's most recent order for a course (any kind that carries the course), or of one order type only. */
export function findLatestCourseOrder(db: Conn, userId: number, courseId: number, type?: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .$if(type !== undefined, (qb) => qb.where('type', '=', type as number))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** pending → paid with the provider's transaction. True only for the one caller that moved it. */
export async function markPaid(db: Conn, id: number, transactionId: string, paidAt: number): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ status: 'paid', transaction_id: transactionId, paid_at: paidAt })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** pending → closed. True only for the one caller that moved it. */
export async function markClosed(db: Conn, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ status: 'closed', closed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setPrepayId(db: Conn, id: number, prepayId: string): Promise<void> {
  const build = () =>
    db
      .updateTable('orders')
      .set({ prepay_id: placeholder<string>('prepayId') })
      .where('id', '=', placeholder<number>('id'))
      .where('status', '=', 'pending');
  await runPrecompiled(db, 'orders-set-prepay-id', build, { id, prepayId });
}

/** An order paid through `provider` (paid, or refunded since): what the sandbox needs to refund it after a restart. */
export async function findProviderPaidOrder(db: Conn, provider: string, orderNo: string): Promise<{ amountFen: number; transactionId: string; paidAt: number } | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['amount_fen', 'transaction_id', 'paid_at'])
    .where('order_no', '=', orderNo)
    .where('provider', '=', provider)
    .where('status', 'in', ['paid', 'refunded'])
    .executeTakeFirst();
  return row?.transaction_id ? { amountFen: row.amount_fen, transactionId: row.transaction_id, paidAt: row.paid_at ?? 0 } : undefined;
}

/** Pending orders past their expiry, oldest first. */
export function listExpiredPending(db: Conn, now: number, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export function listOrdersOfUser(db: Conn, userId: number, type: number, offset: number, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    // type 0: all types (the 全部 tab)
    .$if(type !== 0, (qb) => qb.where('type', '=', type))
    // Newest first along (user_id[, type], created_at desc, id desc) (migration 022): ordered by
    // id alone, PostgreSQL may walk the primary key backwards past other users' orders.
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function countOrdersOfUser(db: Conn, userId: number, type: number): Promise<number> {
  return countRows(db.selectFrom('orders').where('user_id', '=', userId).$if(type !== 0, (qb) => qb.where('type', '=', type)));
}

/**
 * Records a believed notification by its transaction id. False when that transaction was
 * already recorded: the caller is a replay and must change nothing.
 */
export async function insertPayNotification(
  db: Conn,
  n: { provider: string; transactionId: string; orderNo: string; eventId: string; amountFen: number; outcome: string; now: number },
): Promise<boolean> {
  const row = await db
    .insertInto('pay_notifications')
    .values({
      provider: n.provider,
      transaction_id: n.transactionId,
      order_no: n.orderNo,
      event_id: n.eventId,
      amount_fen: n.amountFen,
      outcome: n.outcome,
      received_at: n.now,
    })
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setNotificationOutcome(db: Conn, transactionId: string, outcome: string): Promise<void> {
  await db.updateTable('pay_notifications').set({ outcome }).where('transaction_id', '=', transactionId).execute();
}

export interface CourseForOrder {
  id: number;
  name: string;
  status: number;
  is_free: number;
  price: number;
  course_type: number;
  needs_verified_profile: number;
}

export function findCourseForOrder(db: Conn, courseId: number): Promise<CourseForOrder | undefined> {
  return db
    .selectFrom('courses')
    .select(['id', 'name', 'status', 'is_free', 'price', 'course_type', 'needs_verified_profile'])
    .where('id', '=', courseId)
    .executeTakeFirst();
}

export async function findOpenidOfUser(db: Conn, userId: number, appId: string): Promise<string | undefined> {
  const row = await db.selectFrom('wechat_identities').select('openid').where('user_id', '=', userId).where('app_id', '=', appId).executeTakeFirst();
  return row?.openid;
}
