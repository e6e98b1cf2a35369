/**
 * Memberships an operator grants in the console (issue 13 "用户 Learners", docs/console.md):
 * `membership_grants.order_id` becomes nullable (a console grant has no order; a grant of an
 * order keeps its unique order id), and `source` says where a grant came from ('order' | 'console').
 * Why an operator granted or revoked is in the audit log (learner.membership.grant / .revoke).
 *
 * PostgreSQL drops the NOT NULL in place; SQLite cannot, so the table is rebuilt with the same
 * columns, rows and index (nothing references membership_grants).
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

const COLUMNS = 'id, order_id, user_id, plan_id, user_type, duration_days, granted_at, starts_at, expires_at, prev_user_type, prev_expire_at, revoked_at';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') {
    await sql`ALTER TABLE membership_grants ALTER COLUMN order_id DROP NOT NULL`.execute(db);
    await db.schema.alterTable('membership_grants').addColumn('source', 'text', (c) => c.notNull().defaultTo('order')).execute();
    return;
  }
  const id = idColumn(ctx.dialect);
  await db.schema
    .createTable('membership_grants_next')
    .addColumn('id', id.type, id.build)
    .addColumn('order_id', 'integer', (c) => c.unique().references('orders.id').onDelete('cascade'))
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
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('order'))
    .execute();
  await sql.raw(`INSERT INTO membership_grants_next (${COLUMNS}) SELECT ${COLUMNS} FROM membership_grants`).execute(db);
  await db.schema.dropTable('membership_grants').execute();
  await sql`ALTER TABLE membership_grants_next RENAME TO membership_grants`.execute(db);
  await db.schema.createIndex('membership_grants_user').on('membership_grants').columns(['user_id', 'id']).execute();
}
