/**
 * Demo activities (decision 014): a group-buy activity for every paid group-buy course
 * (`activity_type` 3) and a cash-back offer for every paid cash-back course (`activity_type` 1),
 * priced from the course. Windows are anchored to the real clock like the live schedule, so the
 * demo activity is running whenever the demo is started.
 */
import { DAY_MS } from './common.ts';

/** Group size and the time a started group has to fill. */
export const DEMO_GROUP_SIZE = 3;
export const DEMO_FORM_WITHIN_MS = DAY_MS;
/** The activity window around the seed's live anchor, in days; offers were created a day before it. */
export const DEMO_ACTIVITY_STARTED_DAYS_AGO = 1;
export const DEMO_ACTIVITY_ENDS_IN_DAYS = 90;

/** The rebate a sharer earns: about a tenth of the price, in whole yuan, at least 5 yuan. */
export function demoRebateFen(priceFen: number): number {
  return Math.max(500, Math.floor(priceFen / 1000) * 100);
}

/** The group price: about 60% of the price, rounded down to whole yuan. */
export function demoGroupPriceFen(priceFen: number): number {
  return Math.max(100, Math.floor((priceFen * 0.6) / 100) * 100);
}

/** The group-buy activity's title (the column holds 60 characters). */
export function demoGroupTitle(courseName: string): string {
  return `${DEMO_GROUP_SIZE}人拼团·${courseName}`.slice(0, 60);
}
