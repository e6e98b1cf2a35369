/**
 * Order plumbing shared by the activity services (decision 014). Activity orders use the same
 * `orders` rows, pay path and notify handler as every other order; what differs is the type, the
 * price and what fulfilment adds (their order kinds, order-kinds.ts).
 *
 * Group and invite orders are sign-up kind 1 on the course, so they share the one-pending-order
 * slot with an ordinary course order: a learner who switches from the ordinary buy button to a
 * group or an invitation has their other pending order for the course cancelled (asking the
 * provider first, like `DELETE /v1/orders/{id}`), so at most one order for the course is payable.
 */
import type { CourseCard } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import type { OrderRow } from '../../db/schema.ts';
import type { PaymentProvider } from '../../adapters/pay/payment-provider.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findCardsByIds } from '../courses/course-card-repository.ts';
import { toCourseCard } from '../courses/course-card.ts';
import { cancelOrder } from '../orders/order-service.ts';
import { findPendingOrder, markClosed } from '../orders/order-repository.ts';

export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * Frees the user's pending slot for (kind, course) unless `keep` says the pending order there is
 * the one wanted. Answers the kept order, if any.
 */
export async function clearPendingSlot(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  kind: number,
  courseId: number,
  now: number,
  keep: (order: OrderRow) => boolean,
): Promise<OrderRow | undefined> {
  const existing = await findPendingOrder(db, userId, kind, courseId);
  if (!existing) return undefined;
  if (existing.expires_at > now && keep(existing)) return existing;
  if (existing.expires_at <= now) await markClosed(db, existing.id, now);
  // Throws ORDER_NOT_PENDING when the provider says it was paid a moment ago.
  else await cancelOrder(db, provider, userId, existing.id, now);
  return undefined;
}

export async function courseCards(db: Db, courseIds: readonly number[]): Promise<Map<number, CourseCard>> {
  const rows = await findCardsByIds(db, [...new Set(courseIds)]);
  return new Map(rows.map((r) => [r.id, toCourseCard(r)]));
}

export async function courseCard(db: Db, courseId: number): Promise<CourseCard> {
  const card = (await courseCards(db, [courseId])).get(courseId);
  if (!card) throw new NotFoundError('课程不存在');
  return card;
}
