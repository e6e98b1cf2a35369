/**
 * What a paid order grants and what a refund takes back, by sign-up kind (spec §3). Both run
 * INSIDE the transaction whose conditional status update moved the order (pending → paid,
 * paid → refunded), and only for the one caller whose update won — so each paid order grants
 * once and each refund revokes once, whatever the kind.
 *
 * A kind with its own grant (chapter, column, membership, …) adds a case to both switches and
 * keeps its queries in its own repository file.
 */
import type { Conn } from '../users/user-repository.ts';
import type { OrderRow } from '../../db/schema.ts';
import { insertUserCourse } from '../learning/learning-repository.ts';
import { deleteOrderGrant } from './upkeep-repository.ts';

/** Grants what `order` bought. Must be idempotent (on conflict nothing), though callers call it once. */
export async function grantOrder(trx: Conn, order: OrderRow, now: number): Promise<void> {
  switch (order.kind) {
    default:
      // Whole course (kind 1) and every kind that unlocks one course.
      if (order.course_id !== null) await insertUserCourse(trx, { userId: order.user_id, courseId: order.course_id, source: 'order', now });
  }
}

/** Takes back what `order` granted; grants of other sources (free, member, corporate) stay. */
export async function revokeOrder(trx: Conn, order: OrderRow, now: number): Promise<void> {
  void now;
  switch (order.kind) {
    default:
      if (order.course_id !== null) await deleteOrderGrant(trx, order.user_id, order.course_id);
  }
}
