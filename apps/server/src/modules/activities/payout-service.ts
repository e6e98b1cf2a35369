/**
 * Paying cash-back rewards out (decision 014), from the activity sweep.
 *
 * 1. Claim: pending → paying with the reward's payout number, a conditional update — of sweeps
 *    running at once (two instances, two timers) exactly one claims a reward.
 * 2. Transfer with that number. The provider treats it as an idempotency key, so even a second
 *    attempt (a retry after a crash, a timeout) never pays twice.
 * 3. SUCCESS → paid_out; FAILED or a definitive refusal → failed (for an operator); PROCESSING or
 *    a retryable failure → stays paying and is taken up again after PAYOUT_RETRY_MS by one sweep
 *    (compare-and-set on updated_at).
 * A refund of the buyer's order cancels a reward only while it is pending (the cash-back order kind, order-kinds.ts).
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/conn.ts';
import type { CashbackRewardRow } from '../../db/schema.ts';
import { PayProviderError } from '../../adapters/pay/payment-provider.ts';
import type { PayoutProvider } from '../../adapters/payout/payout-provider.ts';
import { findOpenidOfUser } from '../orders/order-repository.ts';
import { claimReward, listPayableRewards, listStalePaying, retakeReward, settleReward } from './activity-repository.ts';

/** A reward left paying (provider processing, sweep interrupted) is asked about again after this. */
export const PAYOUT_RETRY_MS = 60 * 1000;
export const PAYOUT_REMARK = '金法课堂分享返现';

type Log = { warn: (obj: object, msg: string) => void };
const silent: Log = { warn: () => undefined };

/**
 * A new transfer number for a reward: its id plus a random part (letters and digits, ≤ 32 — WeChat's
 * out_batch_no), so two databases paying through one merchant (staging, production) never collide.
 * It is fixed by the claim that stores it, and every retry reuses the stored one.
 */
export function newPayoutNo(rewardId: number): string {
  return `JFCB${rewardId}R${crypto.randomBytes(8).toString('hex')}`.slice(0, 32);
}

export interface PayoutReport {
  attempted: number;
  paidOut: number;
  failed: number;
}

export async function payOutRewards(
  db: Db,
  payout: PayoutProvider,
  opts: { appId: string; now: number; batch?: number; log?: Log },
): Promise<PayoutReport> {
  const { now } = opts;
  const log = opts.log ?? silent;
  const batch = opts.batch ?? 50;
  const mine: CashbackRewardRow[] = [];
  for (const r of await listPayableRewards(db, now, batch)) {
    const payoutNo = newPayoutNo(r.id);
    if (await claimReward(db, r.id, payoutNo, now)) mine.push({ ...r, status: 'paying', payout_no: payoutNo, updated_at: now });
  }
  for (const r of await listStalePaying(db, now - PAYOUT_RETRY_MS, batch)) {
    if (await retakeReward(db, r.id, r.updated_at, now)) mine.push({ ...r, updated_at: now });
  }
  const report: PayoutReport = { attempted: mine.length, paidOut: 0, failed: 0 };
  for (const r of mine) {
    const payoutNo = r.payout_no as string;
    try {
      const res = await payout.transfer({
        payoutNo,
        userId: r.sharer_user_id,
        openid: await findOpenidOfUser(db, r.sharer_user_id, opts.appId),
        amountFen: r.amount_fen,
        remark: PAYOUT_REMARK,
      });
      if (res.state === 'SUCCESS') {
        if (await settleReward(db, r.id, 'paid_out', { payoutRef: res.transferId, lastError: null, now })) report.paidOut += 1;
      } else if (res.state === 'FAILED') {
        if (await settleReward(db, r.id, 'failed', { payoutRef: res.transferId, lastError: (res.failReason ?? 'FAIL').slice(0, 200), now })) report.failed += 1;
      } else {
        await settleReward(db, r.id, 'paying', { payoutRef: res.transferId, lastError: null, now });
      }
    } catch (err) {
      if (!(err instanceof PayProviderError)) throw err;
      log.warn({ rewardId: r.id, payoutNo, err: err.message }, 'cash-back payout not done');
      const to = err.retryable ? 'paying' : 'failed';
      if ((await settleReward(db, r.id, to, { payoutRef: r.payout_ref, lastError: err.message.slice(0, 200), now })) && to === 'failed') report.failed += 1;
    }
  }
  return report;
}
