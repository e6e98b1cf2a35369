/**
 * Memberships (issue 4 point 3, decision 012).
 * - `membership_plans`: what can be bought — a plan grants one member kind (`user_type`, spec §3:
 *   3 basic, 4 special-topic, 5 bundle, 9 student discount, 10 traffic-pack) for `duration_days`,
 *   billed monthly (`billing_type` 3) or yearly (1) as in `GET /v1/course_members/rights/list?type`.
 *   Prices in fen. `code` is a stable natural key for the seed and links.
 * - `membership_rights`: what a plan gives, shown as a grid (icon key, title, description).
 * - `membership_grants`: ONE row per paid membership order (`order_id` UNIQUE, so a replayed
 *   fulfilment cannot grant twice), with the period it bought. A refund sets `revoked_at` and the
 *   user's membership is recomputed from the remaining grants; `prev_user_type` /
 *   `prev_expire_at` keep what the user was before this grant, so the first grant's values are the
 *   state to fall back to when every grant is revoked.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);

  await db.schema
    .createTable('membership_plans')
    .addColumn('id', id.type, id.build)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_type', 'integer', (c) => c.notNull())
    // 3 monthly, 1 yearly
    .addColumn('billing_type', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('original_price', 'integer', (c) => c.notNull())
    .addColumn('duration_days', 'integer', (c) => c.notNull())
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('membership_plans_billing').on('membership_plans').columns(['billing_type', 'on_sale', 'sort']).execute();

  await db.schema
    .createTable('membership_rights')
    .addColumn('id', id.type, id.build)
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('membership_plans.id').onDelete('cascade'))
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('membership_rights_plan').on('membership_rights').columns(['plan_id', 'sort']).execute();

  await db.schema
    .createTable('membership_grants')
    .addColumn('id', id.type, id.build)
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('membership_plans.id'))
    .addColumn('user_type', 'integer', (c) => c.notNull())
    .addColumn('duration_days', 'integer', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('prev_user_type', 'integer', (c) => c.notNull())
    .addColumn('prev_expire_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('membership_grants_user').on('membership_grants').columns(['user_id', 'id']).execute();
}
