/**
 * Activity orders (issue 4, decision 014): group buy (order type 3), invitations (type 2) and
 * cash-back (type 4, sign-up kind rebate 4). The orders themselves stay in `orders` (migration 009);
 * these tables hold what an activity adds around them.
 * - `group_buy_activities`: a course sold at `group_price_fen` to groups of `group_size` that must
 *   fill within `form_within_ms` of being started, between `starts_at` and `ends_at`.
 * - `group_buy_groups`: status forming → formed | failed, each a conditional update. `reserved_count`
 *   counts members holding a slot (pending or paid order) and never exceeds `group_size`;
 *   `paid_count` counts paid members; the payment that makes it equal `group_size` forms the group.
 * - `group_buy_members`: one row per join (group, user, order). Status reserved → paid (→ refund_due
 *   → refunded when the group fails), or reserved → released when the order closed unpaid. A user
 *   holds at most one live membership (reserved or paid) per activity: a partial unique index.
 * - `invitations`: a course order bought through an inviter's link; status spec §3 pending 0,
 *   success 1 (set in the fulfilment transaction), fail 2 (order closed or refunded).
 * - `cashback_offers`: the rebate in fen a sharer earns per referred purchase of a cash-back course.
 * - `cashback_referrals`: who shared the link a cash-back order was created through.
 * - `cashback_rewards`: one per buyer order (UNIQUE), written in the fulfilment transaction;
 *   status pending → paying (claimed by a payout sweep, payout_no fixed) → paid_out | failed, or
 *   pending → cancelled when the buyer's order is refunded.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);

  await db.schema
    .createTable('group_buy_activities')
    .addColumn('id', id.type, id.build)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('group_size', 'integer', (c) => c.notNull())
    .addColumn('group_price_fen', 'integer', (c) => c.notNull())
    .addColumn('form_within_ms', 'bigint', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    // 1 published, 0 withdrawn
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('group_buy_activities_course').on('group_buy_activities').columns(['course_id']).execute();

  await db.schema
    .createTable('group_buy_groups')
    .addColumn('id', id.type, id.build)
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('group_buy_activities.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('leader_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('group_size', 'integer', (c) => c.notNull())
    .addColumn('reserved_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('formed_at', 'bigint')
    .addColumn('failed_at', 'bigint')
    .execute();
  // Open groups of an activity; the sweep's forming-by-expiry scan.
  await db.schema.createIndex('group_buy_groups_activity').on('group_buy_groups').columns(['activity_id', 'status', 'expires_at']).execute();
  await db.schema.createIndex('group_buy_groups_status').on('group_buy_groups').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('group_buy_members')
    .addColumn('id', id.type, id.build)
    .addColumn('group_id', 'integer', (c) => c.notNull().references('group_buy_groups.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_leader', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('group_buy_members_one_live')
    .on('group_buy_members')
    .columns(['activity_id', 'user_id'])
    .unique()
    .where(sql.ref('status'), 'in', sql`('reserved', 'paid')`)
    .execute();
  await db.schema.createIndex('group_buy_members_group').on('group_buy_members').columns(['group_id', 'status']).execute();
  await db.schema.createIndex('group_buy_members_user').on('group_buy_members').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', id.type, id.build)
    .addColumn('inviter_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitations_inviter').on('invitations').columns(['inviter_user_id', 'id']).execute();
  await db.schema.createIndex('invitations_status').on('invitations').columns(['status']).execute();

  await db.schema
    .createTable('cashback_offers')
    .addColumn('course_id', 'integer', (c) => c.primaryKey().references('courses.id').onDelete('cascade'))
    .addColumn('rebate_fen', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cashback_referrals')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('sharer_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cashback_rewards')
    .addColumn('id', id.type, id.build)
    .addColumn('sharer_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('buyer_user_id', 'integer', (c) => c.notNull())
    .addColumn('buyer_order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payout_no', 'text', (c) => c.unique())
    .addColumn('payout_ref', 'text')
    .addColumn('last_error', 'text')
    .addColumn('payable_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema.createIndex('cashback_rewards_sharer').on('cashback_rewards').columns(['sharer_user_id', 'id']).execute();
  await db.schema.createIndex('cashback_rewards_status').on('cashback_rewards').columns(['status', 'payable_at']).execute();
}
