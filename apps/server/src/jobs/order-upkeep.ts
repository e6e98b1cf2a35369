/**
 * The order sweep (issue 4, decision 015): every minute, on one instance at a time, reconcile
 * pending orders whose notification never came, close what is really unpaid, pay back late money
 * and finish stuck refunds — `runOrderUpkeep` (orders/reconcile-service.ts) does the round.
 */
import type { FastifyInstance } from 'fastify';
import { runOrderUpkeep } from '../modules/orders/reconcile-service.ts';
import { createSweepRunner, type LeaseLock, type Sweep, type UpkeepRunner } from './lease.ts';

export const UPKEEP_LOCK = 'order-upkeep';

export const orderSweep: Sweep = {
  name: UPKEEP_LOCK,
  // Each order closes at most this long after its expiry.
  intervalMs: 60_000,
  label: 'order sweep',
  // Reconcile (lost notifications), then close what is really unpaid, then pay back late money.
  round: (app, now) => runOrderUpkeep(app.db, app.adapters.pay, now, app.log),
};

/** The order sweep of one app instance behind the cross-instance lease `UPKEEP_LOCK`. */
export function createUpkeepRunner(app: FastifyInstance, opts: { lock?: LeaseLock; leaseMs?: number } = {}): UpkeepRunner {
  return createSweepRunner(app, orderSweep, opts);
}
