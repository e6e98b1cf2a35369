/**
 * `Order.item` for every kind (decision 013): the title and cover of what an order bought — the
 * course (kinds 1, 4, 5), the chapter (2, with its course's cover), the column (3) or the live
 * (6); any other kind (e.g. a membership, 7) shows its description. Loaded in one query per kind
 * for a whole page of orders.
 */
import { ORDER_KIND_LABELS, ORDER_TYPE_LABELS, SignupKind, type OrderItem } from '@jinfa/shared';
import type { Conn } from '../../db/conn.ts';
import type { OrderRow } from '../../db/schema.ts';
import type { CardRow } from '../courses/course-card.ts';
import { findChapterItems, findColumnItems, findLiveItems, type ItemRow } from './order-kinds-repository.ts';

const idsOf = (rows: readonly OrderRow[], kind: number) => [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.target_id))];
const byId = (items: readonly ItemRow[]) => new Map(items.map((i) => [i.id, i]));

/** One item per order id. `cards` are the course cards already loaded for the page. */
export async function orderItems(db: Conn, rows: readonly OrderRow[], cards: ReadonlyMap<number, CardRow>): Promise<Map<number, OrderItem>> {
  const [chapters, columns, lives] = await Promise.all([
    findChapterItems(db, idsOf(rows, SignupKind.CHAPTER)).then(byId),
    findColumnItems(db, idsOf(rows, SignupKind.COLUMN)).then(byId),
    findLiveItems(db, idsOf(rows, SignupKind.LIVE_COURSE)).then(byId),
  ]);
  const out = new Map<number, OrderItem>();
  for (const r of rows) {
    let found: { title: string; cover: string } | undefined;
    if (r.kind === SignupKind.CHAPTER) found = chapters.get(r.target_id);
    else if (r.kind === SignupKind.COLUMN) found = columns.get(r.target_id);
    else if (r.kind === SignupKind.LIVE_COURSE) found = lives.get(r.target_id);
    else if (r.course_id !== null) {
      const card = cards.get(r.course_id);
      if (card) found = { title: card.name, cover: card.cover };
    }
    out.set(r.id, {
      targetId: r.target_id,
      // A deleted target still shows what was bought: the description saved on the order.
      title: found?.title ?? r.description,
      cover: found?.cover ?? '',
      kindLabel: ORDER_KIND_LABELS[r.kind] ?? '订单',
      typeLabel: ORDER_TYPE_LABELS[r.type] ?? '普通',
    });
  }
  return out;
}
