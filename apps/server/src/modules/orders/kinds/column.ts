/**
 * A column (sign-up kind 3, `POST /v1/orders/create/order/{columnId}`, decision 013). Rules: -1366
 * when the column is hidden, unknown or empty; -1283 when already bought or every course in it is
 * owned. Grant: one `user_courses` row per on-shelf course of the column, each with the order id;
 * a course the learner already owns keeps its own row (and is not taken back by a refund).
 */
import { ErrorCodes, OrderType, SignupKind } from '@jinfa/shared';
import type { Db } from '../../../db/conn.ts';
import type { UserRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/errors.ts';
// The column's on-shelf courses, as its detail page shows them: what buying it grants.
import { ColumnStatus, listColumnCourseIds } from '../../columns/column-repository.ts';
import { deleteOrderCourseGrants, insertOrderCourseGrant } from '../../access/grant-writes.ts';
import { countOwnedCourses, findColumnForOrder, hasPaidOrderFor } from '../order-kinds-repository.ts';
import { plainQuoteView } from '../order-quote.ts';
import type { OrderDraft, OrderKind, QuoteView } from './registry.ts';

export async function columnDraft(db: Db, user: UserRow, columnId: number): Promise<OrderDraft> {
  const column = await findColumnForOrder(db, columnId);
  if (!column || column.status !== ColumnStatus.ON_SHELF) throw new AppError(ErrorCodes.COLUMN_GONE);
  if (await hasPaidOrderFor(db, user.id, SignupKind.COLUMN, columnId)) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '您已购买该专栏');
  const courseIds = await listColumnCourseIds(db, columnId);
  if (courseIds.length === 0) throw new AppError(ErrorCodes.COLUMN_GONE);
  if ((await countOwnedCourses(db, user.id, courseIds)) === courseIds.length) {
    throw new AppError(ErrorCodes.ALREADY_ENROLLED, '专栏内的课程您都已拥有，无需购买');
  }
  if (column.price <= 0) throw new AppError(ErrorCodes.ORDER_COURSE_FREE, '该专栏免费，直接学习即可');
  const description = column.title.slice(0, 120);
  return { type: OrderType.NORMAL, kind: SignupKind.COLUMN, targetId: column.id, courseId: null, chapterId: null, columnId: column.id, amountFen: column.price, description };
}

async function columnQuoteView(db: Db, _user: UserRow, id: number): Promise<QuoteView> {
  const col = await findColumnForOrder(db, id);
  if (!col || col.status !== ColumnStatus.ON_SHELF) throw new AppError(ErrorCodes.COLUMN_GONE);
  const subtitle = col.lecturer_name ?? '多位讲师联合讲授';
  return plainQuoteView({ target: 'column', targetId: id, kind: SignupKind.COLUMN, type: OrderType.NORMAL, courseId: null, title: col.title, subtitle, cover: col.cover, price: col.price });
}

export const columnOrderKind: OrderKind = {
  name: 'column',
  signupKinds: [SignupKind.COLUMN],
  checkoutPath: '/orders/create/order/:id',
  draft: (db, user, columnId) => columnDraft(db, user, columnId),
  quote: { target: 'column', view: columnQuoteView },
  async fulfil(trx, order, now) {
    // Each on-shelf course of the column; a course the learner already owns keeps its own grant.
    for (const courseId of await listColumnCourseIds(trx, order.target_id)) {
      await insertOrderCourseGrant(trx, { userId: order.user_id, courseId, orderId: order.id, now });
    }
  },
  refund: (trx, order) => deleteOrderCourseGrants(trx, order, false),
};
