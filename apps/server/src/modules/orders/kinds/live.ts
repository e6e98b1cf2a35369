/**
 * A paid live course (sign-up kind 6, order type 6, `POST /v1/orders/live/{liveId}`, decision 013).
 * Rules: not found when withdrawn; -1283 owned; -1285 after it ended without a replay; a free live
 * is entered without buying. Grant: `user_lives` (and `lives.signup_count` +1, −1 on refund).
 */
import { ErrorCodes, OrderType, SignupKind } from '@jinfa/shared';
import type { Db } from '../../../db/conn.ts';
import type { UserRow } from '../../../db/schema.ts';
import { AppError, NotFoundError } from '../../../lib/errors.ts';
import { findUserLive } from '../../access/access-repository.ts';
import { deleteLiveGrants, insertLiveGrant } from '../../access/grant-writes.ts';
import { findLiveForOrder } from '../order-kinds-repository.ts';
import { plainQuoteView } from '../order-quote.ts';
import type { OrderDraft, OrderKind, QuoteView } from './registry.ts';

export async function liveDraft(db: Db, user: UserRow, liveId: number, now: number): Promise<OrderDraft> {
  const live = await findLiveForOrder(db, liveId);
  if (!live || live.status !== 1) throw new NotFoundError('直播不存在');
  if (await findUserLive(db, user.id, liveId)) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '您已报名该直播');
  if (live.end_at <= now && live.has_replay !== 1) throw new AppError(ErrorCodes.ENROL_ENDED, '直播已结束，报名已截止');
  if (live.price <= 0) throw new AppError(ErrorCodes.ORDER_COURSE_FREE, '免费直播无需购买，直接进入即可');
  const description = live.title.slice(0, 120);
  return { type: OrderType.LIVE, kind: SignupKind.LIVE_COURSE, targetId: live.id, courseId: null, chapterId: null, columnId: null, amountFen: live.price, description };
}

async function liveQuoteView(db: Db, _user: UserRow, id: number): Promise<QuoteView> {
  const live = await findLiveForOrder(db, id);
  if (!live || live.status !== 1) throw new NotFoundError('直播不存在');
  const { title, lecturer_name: subtitle, cover, price } = live;
  const startAt = new Date(live.start_at).toISOString();
  return plainQuoteView({ target: 'live', targetId: id, kind: SignupKind.LIVE_COURSE, type: OrderType.LIVE, courseId: null, title, subtitle, cover, price, startAt });
}

export const liveOrderKind: OrderKind = {
  name: 'live',
  signupKinds: [SignupKind.LIVE_COURSE],
  checkoutPath: '/orders/live/:id',
  draft: liveDraft,
  quote: { target: 'live', view: liveQuoteView },
  fulfil: (trx, order, now) => insertLiveGrant(trx, { userId: order.user_id, liveId: order.target_id, orderId: order.id, now }),
  refund: (trx, order) => deleteLiveGrants(trx, order),
};
