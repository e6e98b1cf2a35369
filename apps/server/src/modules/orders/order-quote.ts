/**
 * `GET /v1/orders/quote/{target}/{id}` (decision 013): what the sign-up page shows — the kind's
 * view, with the price and the rule's answer from the kind's own draft run dry, so the price
 * shown is the price charged and a refusal is the code creating would answer. The kind comes from
 * the registry by its quote target (decision 025).
 */
import { ErrorCodes, type OrderQuote } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { yuan } from '../courses/course-card.ts';
import { orderKinds, type QuoteView } from './kinds/registry.ts';

export async function quote(db: Db, user: UserRow, target: string, id: number, now: number): Promise<OrderQuote> {
  const kind = orderKinds.forQuote(target);
  if (!kind?.quote || !kind.draft) throw new NotFoundError('无法报价');
  const { listPrice, ...view } = await kind.quote.view(db, user, id, now);
  try {
    const draft = await kind.draft(db, user, id, now);
    return { ...view, kind: draft.kind, price: draft.amountFen, priceYuan: yuan(draft.amountFen), code: 0, message: '', owned: false };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      ...view,
      price: listPrice,
      priceYuan: yuan(listPrice),
      code: err.code,
      message: err.message,
      owned: err.code === ErrorCodes.ALREADY_ENROLLED,
    };
  }
}

/** The view of a kind sold at one price, with no enrolment window and no note (a chapter, a column, a live). */
export function plainQuoteView(
  v: Pick<QuoteView, 'target' | 'targetId' | 'kind' | 'type' | 'courseId' | 'title' | 'subtitle' | 'cover'> & { price: number; startAt?: string },
): QuoteView {
  const { price, startAt = null, ...rest } = v;
  return { ...rest, window: null, startAt, note: '', listPrice: price, originalPrice: price, originalPriceYuan: yuan(price) };
}
