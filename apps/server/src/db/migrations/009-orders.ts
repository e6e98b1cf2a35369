/**
 * Orders and payment (issue 4).
 * - `orders`: one row per purchase attempt. `order_no` is the random merchant number sent to the
 *   pay provider (never the id, which is guessable). Status moves pending → paid | closed, and
 *   paid → refunded; every move is a conditional update on the current status. `target_id` is
 *   the thing bought (course, chapter or column id by kind) so that one partial unique index keeps
 *   at most ONE pending order per user, kind and target: double taps share one order.
 * - `pay_notifications`: every believed payment notification, keyed by the provider's
 *   transaction id, written in the same transaction as the fulfilment it caused — a replay finds
 *   its row and changes nothing. `outcome` records what it did (fulfilled, or needs_refund when
 *   the money arrived for an order already closed or paid by another transaction).
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);
  await db.schema
    .createTable('orders')
    .addColumn('id', id.type, id.build)
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // spec §3 order type 1/2/3/4/6 and sign-up kind 1..6
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('chapter_id', 'integer')
    .addColumn('column_id', 'integer')
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('prepay_id', 'text')
    .addColumn('transaction_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('orders_one_pending')
    .on('orders')
    .columns(['user_id', 'kind', 'target_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  // "My orders" by type, newest first; the sweep's pending-by-expiry scan.
  await db.schema.createIndex('orders_user_type').on('orders').columns(['user_id', 'type', 'id']).execute();
  await db.schema.createIndex('orders_status_expires').on('orders').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('pay_notifications')
    .addColumn('id', id.type, id.build)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}
