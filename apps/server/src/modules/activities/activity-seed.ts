/**
 * Demo rows of the activities (decision 014), written by the demo seed (db/seed/seed.ts) in its
 * transaction: a group-buy activity for every group-buy course (`activity_type` 3) and a cash-back
 * offer for every cash-back course (`activity_type` 1). Windows are anchored to the real clock like
 * the live schedule, so the demo activity is running whenever the demo is started.
 */
import type { Conn } from '../../db/conn.ts';

const DAY_MS = 86_400_000;
/** Group size and the time a started group has to fill. */
const DEMO_GROUP_SIZE = 3;
const DEMO_FORM_WITHIN_MS = DAY_MS;

/** The rebate a sharer earns: about a tenth of the price, in whole yuan, at least 5 yuan. */
export function demoRebateFen(priceFen: number): number {
  return Math.max(500, Math.floor(priceFen / 1000) * 100);
}

/** The group price: about 60% of the price, rounded down to whole yuan. */
export function demoGroupPriceFen(priceFen: number): number {
  return Math.max(100, Math.floor((priceFen * 0.6) / 100) * 100);
}

export async function seedActivities(trx: Conn, now: number): Promise<void> {
  const courses = await trx.selectFrom('courses').select(['id', 'name', 'price', 'activity_type']).where('activity_type', 'in', [1, 3]).where('is_free', '=', 0).orderBy('id').execute();
  const groupBuy = courses.filter((c) => c.activity_type === 3);
  if (groupBuy.length > 0) {
    await trx
      .insertInto('group_buy_activities')
      .values(
        groupBuy.map((c) => ({
          course_id: c.id,
          title: `${DEMO_GROUP_SIZE}人拼团·${c.name}`.slice(0, 60),
          group_size: DEMO_GROUP_SIZE,
          group_price_fen: demoGroupPriceFen(c.price),
          form_within_ms: DEMO_FORM_WITHIN_MS,
          starts_at: now - DAY_MS,
          ends_at: now + 90 * DAY_MS,
          status: 1,
          created_at: now - DAY_MS,
        })),
      )
      .execute();
  }
  const cashback = courses.filter((c) => c.activity_type === 1);
  if (cashback.length > 0) {
    await trx
      .insertInto('cashback_offers')
      .values(cashback.map((c) => ({ course_id: c.id, rebate_fen: demoRebateFen(c.price), created_at: now - DAY_MS })))
      .execute();
  }
}
