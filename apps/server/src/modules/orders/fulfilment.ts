/**
 * What a paid order grants and what a refund takes back, by sign-up kind (spec §3). Both run
 * INSIDE the transaction whose conditional status update moved the order (pending → paid,
 * paid → refunded), and only for the one caller whose update won — so each paid order grants
 * once and each refund revokes once, whatever the kind.
 *
 * A kind with its own grant (chapter, column, membership, …) adds a case to both switches and
 * keeps its queries in its own repository file.
 */
import { SignupKind } from '@jinfa/shared';
import type { Conn } from '../../db/conn.ts';
import type { OrderRow } from '../../db/schema.ts';
import {
  deleteChapterGrants,
  deleteLiveGrants,
  deleteOrderCourseGrants,
  insertChapterGrant,
  insertLiveGrant,
  insertOrderCourseGrant,
} from './order-kinds-repository.ts';
// The column's on-shelf courses, as its detail page shows them: what buying it grants.
import { listColumnCourseIds } from '../columns/column-repository.ts';
import { grantMembership, revokeMembership } from '../memberships/membership-grants.ts';
import { grantActivityOrder, revokeActivityOrder } from '../activities/activity-fulfilment.ts';

/** Grants what `order` bought. Must be idempotent (on conflict nothing), though callers call it once. */
export async function grantOrder(trx: Conn, order: OrderRow, now: number): Promise<void> {
  // Group, invite and cash-back orders (decision 014): a group order grants only when its group forms.
  if (await grantActivityOrder(trx, order, now)) return;
  switch (order.kind) {
    case SignupKind.MEMBERSHIP:
      await grantMembership(trx, order, now);
      break;
    // Kinds 2, 3 and 6 (decision 013): every grant carries the order id and a refund revokes by it.
    case SignupKind.CHAPTER:
      if (order.chapter_id !== null && order.course_id !== null) {
        await insertChapterGrant(trx, { userId: order.user_id, chapterId: order.chapter_id, courseId: order.course_id, orderId: order.id, now });
      }
      break;
    case SignupKind.COLUMN:
      // Each on-shelf course of the column; a course the learner already owns keeps its own grant.
      for (const courseId of await listColumnCourseIds(trx, order.target_id)) {
        await insertOrderCourseGrant(trx, { userId: order.user_id, courseId, orderId: order.id, now });
      }
      break;
    case SignupKind.LIVE_COURSE:
      await insertLiveGrant(trx, { userId: order.user_id, liveId: order.target_id, orderId: order.id, now });
      break;
    default:
      // Whole course (kind 1), early-bird (5) and every kind that unlocks one course.
      if (order.course_id !== null) await insertOrderCourseGrant(trx, { userId: order.user_id, courseId: order.course_id, orderId: order.id, now });
  }
}

/** Takes back what `order` granted; grants of other sources (free, member, corporate) stay. */
export async function revokeOrder(trx: Conn, order: OrderRow, now: number): Promise<void> {
  void now;
  if (await revokeActivityOrder(trx, order, now)) return;
  switch (order.kind) {
    case SignupKind.MEMBERSHIP:
      await revokeMembership(trx, order, now);
      break;
    case SignupKind.CHAPTER:
      await deleteChapterGrants(trx, order.id);
      break;
    case SignupKind.COLUMN:
      await deleteOrderCourseGrants(trx, order, false);
      break;
    case SignupKind.LIVE_COURSE:
      await deleteLiveGrants(trx, order);
      break;
    default:
      // By order id; a grant from before migration 011 (no order id) by user and course.
      await deleteOrderCourseGrants(trx, order, true);
  }
}
