/** Membership plans by name for the console's pickers (the plans themselves are the memberships module's). */
import type { Conn } from '../../../db/conn.ts';

export function listMembershipPlanNames(db: Conn) {
  return db.selectFrom('membership_plans').select(['id', 'name', 'billing_type']).orderBy('sort').orderBy('id').execute();
}
