/**
 * Payment notifications that are correctly signed but not for what we sold (issue 11 §9,
 * decision 019): another app id or merchant id than the configured ones, a currency other than
 * CNY, or an amount other than the order's. Such a notification grants nothing; it is recorded
 * once per transaction and kind in `pay_anomalies` for an operator, and the notify route
 * acknowledges it so that the provider stops retrying (WeChat would otherwise retry for 24 hours).
 */
import type { AdminPayAnomalyPage, PayAnomalyKind } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import type { PayNotification } from '../../adapters/pay/payment-provider.ts';
import { findOrderByNo } from './order-repository.ts';
import { countPayAnomalies, insertPayAnomalies, listPayAnomalies } from './pay-anomaly-repository.ts';

export const PAY_CURRENCY = 'CNY';

type Summary = Record<string, string | number | null>;

export interface ScreenResult {
  kinds: PayAnomalyKind[];
  /** Rows new in pay_anomalies (0 when the provider repeated itself). */
  recorded: number;
}

/**
 * Checks one verified payment notification against the configured merchant and the order. Only a
 * SUCCESS notification is screened (the others grant nothing anyway). An unknown order is not an
 * anomaly unless the merchant fields are wrong too: fulfilPayment refuses it as before.
 */
export async function screenPayment(
  db: Db,
  provider: { name: string; merchant: { appId: string; mchId: string } },
  n: PayNotification,
  now: number,
): Promise<ScreenResult> {
  if (n.tradeState !== 'SUCCESS') return { kinds: [], recorded: 0 };
  const found = await findOrderByNo(db, n.orderNo);
  const order = found && found.provider === provider.name ? found : undefined;
  const kinds: PayAnomalyKind[] = [];
  if (n.appId !== undefined && n.appId !== provider.merchant.appId) kinds.push('appid');
  if (n.mchId !== undefined && n.mchId !== provider.merchant.mchId) kinds.push('mchid');
  if (n.currency !== undefined && n.currency !== PAY_CURRENCY) kinds.push('currency');
  if (order && n.amountFen !== order.amount_fen) kinds.push('amount');
  if (!kinds.length) return { kinds, recorded: 0 };
  // What an operator needs to recognise the payment; never the payer's openid or any key.
  const summary = JSON.stringify({
    received: { appid: n.appId ?? null, mchid: n.mchId ?? null, currency: n.currency ?? null, amountFen: n.amountFen, tradeState: n.tradeState },
    expected: { appid: provider.merchant.appId, mchid: provider.merchant.mchId, currency: PAY_CURRENCY, amountFen: order?.amount_fen ?? null },
  });
  const recorded = await insertPayAnomalies(
    db,
    kinds.map((kind) => ({ provider: provider.name, orderId: order?.id ?? null, orderNo: n.orderNo, transactionId: n.transactionId, eventId: n.eventId, kind, summary, now })),
  );
  return { kinds, recorded };
}

/** `GET /v1/admin/pay_anomalies`: newest first. */
export async function adminPayAnomalyPage(db: Db, q: { pageIndex: number; pageSize: number }): Promise<AdminPayAnomalyPage> {
  const [rows, total] = await Promise.all([listPayAnomalies(db, (q.pageIndex - 1) * q.pageSize, q.pageSize), countPayAnomalies(db)]);
  return {
    rows: rows.map((r) => {
      const summary = parseSummary(r.summary);
      return {
        anomalyId: r.id,
        provider: r.provider,
        orderId: r.order_id,
        orderNo: r.order_no,
        transactionId: r.transaction_id,
        kind: r.kind as PayAnomalyKind,
        received: summary.received,
        expected: summary.expected,
        createdAt: new Date(Number(r.created_at)).toISOString(),
      };
    }),
    total,
  };
}

function parseSummary(text: string): { received: Summary; expected: Summary } {
  try {
    const v = JSON.parse(text) as { received?: Summary; expected?: Summary };
    return { received: v.received ?? {}, expected: v.expected ?? {} };
  } catch {
    return { received: {}, expected: {} };
  }
}
