/**
 * The console's people, money and reviews sections (issue 13).
 * - Learners list: indexes that match each filter with the list's order (newest first), so a page
 *   and its count walk one index: all learners, by review state, by account state, by name prefix.
 * - Orders list: every kind, newest first, by status or kind.
 * - Moderation: `appraisals.hidden` / `comments.hidden` (0 shown, 1 hidden by an operator) with
 *   the reason and time; hidden rows leave the learner-facing lists, counts and ratings.
 * - `refund_requests`: a learner's (or support's) request to refund a paid order, decided once by
 *   finance (pending → approved | refused). Approving writes the refund row of decision 015 in the
 *   same transaction, so the refund itself stays exactly-once by its number.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await sql`create index users_console_created on users (created_at desc, id desc)`.execute(db);
  await sql`create index users_console_audit on users (audit_status, created_at desc, id desc)`.execute(db);
  // The review queue: waiting profiles by submission time.
  await sql`create index users_console_audit_wait on users (audit_status, audit_submitted_at, id)`.execute(db);
  await sql`create index users_console_account on users (account_status, created_at desc, id desc)`.execute(db);
  await sql`create index users_console_name on users (name, id)`.execute(db);

  await sql`create index orders_console_created on orders (created_at desc, id desc)`.execute(db);
  await sql`create index orders_console_status on orders (status, created_at desc, id desc)`.execute(db);
  await sql`create index orders_console_kind on orders (kind, created_at desc, id desc)`.execute(db);

  for (const table of ['appraisals', 'comments']) {
    await db.schema.alterTable(table).addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn('hidden_reason', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable(table).addColumn('hidden_at', 'bigint').execute();
    await sql`create index ${sql.id(`${table}_console_hidden`)} on ${sql.id(table)} (hidden, id desc)`.execute(db);
  }

  const id = idColumn(ctx.dialect);
  await db.schema
    .createTable('refund_requests')
    .addColumn('id', id.type, id.build)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    // pending | approved | refused
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'integer')
    .addColumn('decision_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('refund_no', 'text')
    .execute();
  await sql`create index refund_requests_status on refund_requests (status, id desc)`.execute(db);
  await sql`create index refund_requests_order on refund_requests (order_id)`.execute(db);
  // One open request per order.
  await sql`create unique index refund_requests_one_pending on refund_requests (order_id) where status = 'pending'`.execute(db);
}
