/**
 * One round of the activity sweep (jobs/activity-upkeep.ts runs it every minute under a lease):
 * groups that failed to form are failed and refunded, closed invitations fail, earned cash-back
 * is paid out. Every step is a conditional update and every payment out is keyed by a derived
 * number, so a round repeated by another instance changes nothing.
 */
import type { Db } from '../../db/conn.ts';
import type { PaymentProvider } from '../../adapters/pay/payment-provider.ts';
import type { PayoutProvider } from '../../adapters/payout/payout-provider.ts';
import { runGroupUpkeep } from './group-service.ts';
import { payOutRewards } from './payout-service.ts';
import { failClosedInvitations } from './activity-repository.ts';

type Log = { warn: (obj: object, msg: string) => void };

/** One round of the activity sweep. Exported for tests and the operator's tools. */
export async function runActivityUpkeep(db: Db, pay: PaymentProvider, payout: PayoutProvider, opts: { appId: string; now: number; log?: Log }) {
  const groups = await runGroupUpkeep(db, pay, opts.now, opts.log);
  const invitationsFailed = await failClosedInvitations(db, opts.now);
  const payouts = await payOutRewards(db, payout, { appId: opts.appId, now: opts.now, log: opts.log });
  return { groups, invitationsFailed, payouts };
}
