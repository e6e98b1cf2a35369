/**
 * The activity sweep (issue 4, decision 014): every minute, on one instance at a time under its
 * own lease, fail unformed groups and refund them, fail closed invitations and pay out cash-back
 * rewards — `runActivityUpkeep` (activities/upkeep-service.ts) does the round. It would be safe
 * even without the lease: every step is a conditional update and every payment out is keyed by a
 * derived number; the lease saves the duplicate work and provider calls.
 */
import type { FastifyInstance } from 'fastify';
import { runActivityUpkeep } from '../modules/activities/upkeep-service.ts';
import { createSweepRunner, type LeaseLock, type Sweep, type UpkeepRunner } from './lease.ts';

/** The activity sweep's lease: its own, so the order and activity sweeps never wait for each other. */
export const ACTIVITY_UPKEEP_LOCK = 'activity-upkeep';

export const activitySweep: Sweep = {
  name: ACTIVITY_UPKEEP_LOCK,
  intervalMs: 60_000,
  label: 'activity sweep',
  round: (app, now) => runActivityUpkeep(app.db, app.adapters.pay, app.adapters.payout, { appId: app.config.wechat.appId, now, log: app.log }),
};

/** With several instances on one database (or one Redis), one of them sweeps each period. */
export function createActivityUpkeepRunner(app: FastifyInstance, opts: { lock?: LeaseLock; leaseMs?: number } = {}): UpkeepRunner {
  return createSweepRunner(app, activitySweep, opts);
}
