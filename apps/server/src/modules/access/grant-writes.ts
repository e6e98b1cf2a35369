/**
 * The grants an order writes and its refund takes back (decisions 013, 025): a course
 * (`user_courses`, source 'order'), a chapter (`user_chapters`) or a live (`user_lives`), each row
 * carrying the paid order's id so a refund deletes exactly what its order gave. Only order kinds
 * call these (orders/kinds/, memberships/order-kind.ts, activities/order-kinds.ts), inside the
 * transaction whose conditional status update won, so each grant and each revoke happens once;
 * the inserts are on-conflict-nothing anyway. Everyone else reads grants through the access module.
 */
import type { Conn } from '../../db/conn.ts';
import type { OrderRow } from '../../db/schema.ts';

/** One course for one paid order (kinds 1, 4, 5, activity orders and each course of a column). True when new. */
export async function insertOrderCourseGrant(db: Conn, g: { userId: number; courseId: number; orderId: number; now: number }): Promise<boolean> {
  const row = await db
    .insertInto('user_courses')
    .values({ user_id: g.userId, course_id: g.courseId, source: 'order', order_id: g.orderId, created_at: g.now })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The order's own course (a whole-course order and the activity orders on a course); none without one. */
export async function grantCourseOfOrder(db: Conn, order: Pick<OrderRow, 'id' | 'user_id' | 'course_id'>, now: number): Promise<boolean> {
  if (order.course_id === null) return false;
  return insertOrderCourseGrant(db, { userId: order.user_id, courseId: order.course_id, orderId: order.id, now });
}

/**
 * Revokes the course grants of one order. A row granted before migration 011 has no order id: for
 * a whole-course order (`legacy`) it is found by user, course and source 'order' as before.
 */
export async function deleteOrderCourseGrants(db: Conn, order: Pick<OrderRow, 'id' | 'user_id' | 'course_id'>, legacy: boolean): Promise<number> {
  // Only order grants: a row since relabelled (e.g. to a corporate grant) is no longer the order's.
  const res = await db.deleteFrom('user_courses').where('order_id', '=', order.id).where('source', '=', 'order').executeTakeFirst();
  let n = Number(res.numDeletedRows);
  if (n === 0 && legacy && order.course_id !== null) {
    const old = await db
      .deleteFrom('user_courses')
      .where('user_id', '=', order.user_id)
      .where('course_id', '=', order.course_id)
      .where('source', '=', 'order')
      .where('order_id', 'is', null)
      .executeTakeFirst();
    n = Number(old.numDeletedRows);
  }
  return n;
}

export async function insertChapterGrant(db: Conn, g: { userId: number; chapterId: number; courseId: number; orderId: number; now: number }): Promise<boolean> {
  const row = await db
    .insertInto('user_chapters')
    .values({ user_id: g.userId, chapter_id: g.chapterId, course_id: g.courseId, order_id: g.orderId, created_at: g.now })
    .onConflict((oc) => oc.columns(['user_id', 'chapter_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteChapterGrants(db: Conn, orderId: number): Promise<number> {
  const res = await db.deleteFrom('user_chapters').where('order_id', '=', orderId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Grants the live and counts the sign-up (lives.signup_count) when the grant is new. */
export async function insertLiveGrant(db: Conn, g: { userId: number; liveId: number; orderId: number; now: number }): Promise<boolean> {
  const row = await db
    .insertInto('user_lives')
    .values({ user_id: g.userId, live_id: g.liveId, order_id: g.orderId, created_at: g.now })
    .onConflict((oc) => oc.columns(['user_id', 'live_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await db.updateTable('lives').set((eb) => ({ signup_count: eb('signup_count', '+', 1) })).where('id', '=', g.liveId).execute();
  return true;
}

export async function deleteLiveGrants(db: Conn, order: Pick<OrderRow, 'id' | 'target_id'>): Promise<number> {
  const res = await db.deleteFrom('user_lives').where('order_id', '=', order.id).executeTakeFirst();
  const n = Number(res.numDeletedRows);
  if (n > 0) {
    await db
      .updateTable('lives')
      .set((eb) => ({ signup_count: eb('signup_count', '-', n) }))
      .where('id', '=', order.target_id)
      .where('signup_count', '>=', n)
      .execute();
  }
  return n;
}
