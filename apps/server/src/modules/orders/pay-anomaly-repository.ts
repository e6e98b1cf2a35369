/** `pay_anomalies` (migration 019, decision 019): signed payment notifications that did not match. */
import type { Conn } from '../../db/conn.ts';
import type { PayAnomalyRow } from '../../db/schema.ts';
import { countRows } from '../../db/paging.ts';

export interface NewPayAnomaly {
  provider: string;
  orderId: number | null;
  orderNo: string;
  transactionId: string;
  eventId: string;
  kind: string;
  summary: string;
  now: number;
}

/** One row per provider, transaction and kind: a repeated notification adds nothing. Answers how many rows were new. */
export async function insertPayAnomalies(db: Conn, rows: readonly NewPayAnomaly[]): Promise<number> {
  if (!rows.length) return 0;
  const res = await db
    .insertInto('pay_anomalies')
    .values(
      rows.map((r) => ({
        provider: r.provider,
        order_id: r.orderId,
        order_no: r.orderNo,
        transaction_id: r.transactionId,
        event_id: r.eventId,
        kind: r.kind,
        summary: r.summary,
        created_at: r.now,
      })),
    )
    .onConflict((oc) => oc.columns(['provider', 'transaction_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

export function listPayAnomalies(db: Conn, offset: number, limit: number): Promise<PayAnomalyRow[]> {
  return db.selectFrom('pay_anomalies').selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export function countPayAnomalies(db: Conn): Promise<number> {
  return countRows(db.selectFrom('pay_anomalies'));
}
