/**
 * Refund records and the upkeep lease (issue 4, decision 015).
 * - `refunds`: one row per refund we ask a pay provider for, written BEFORE the provider is called
 *   (status processing), so a crash between the provider and our database leaves a row the upkeep
 *   sweep can finish. `refund_no` is the idempotency key sent to the provider and keeps the
 *   numbers of migration 009's code: `R` + order number for a whole order, `N` + transaction id for
 *   money that came in for an order that could not take it. Status: processing → success | failed
 *   | abnormal; `source` says why (operator, needs_refund, group_failed, …).
 * - `app_locks`: named leases (holder, expires_at) taken with one conditional upsert, so only one
 *   instance runs the upkeep sweep at a time and a crashed holder's lease simply runs out.
 * Refunds made before this migration (refunded orders, refunded or failed needs_refund
 * notifications) are copied in, so the operator list and the learner's refund state see them.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);
  await db.schema
    .createTable('refunds')
    .addColumn('id', id.type, id.build)
    .addColumn('refund_no', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_no', 'text', (c) => c.notNull())
    // The payment being given back: set for needs_refund (one refund per extra transaction).
    .addColumn('transaction_id', 'text')
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('total_fen', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // The operator list by status and the finisher's scan of processing refunds, oldest first.
  await db.schema.createIndex('refunds_status_updated').on('refunds').columns(['status', 'updated_at']).execute();
  await db.schema.createIndex('refunds_order').on('refunds').columns(['order_id']).execute();

  await db.schema
    .createTable('app_locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  // Earlier refunds, with the numbers they were made with (reconcile-service.ts refundNoOf*).
  // Their times were not recorded: paid_at (or the notification's arrival) stands in.
  await sql`
    insert into refunds (refund_no, order_id, order_no, transaction_id, amount_fen, total_fen, reason, status, source, provider, created_at, updated_at, finished_at)
    select 'R' || o.order_no, o.id, o.order_no, null, o.amount_fen, o.amount_fen, '', 'success', 'operator', o.provider,
           coalesce(o.paid_at, o.created_at), coalesce(o.paid_at, o.created_at), coalesce(o.paid_at, o.created_at)
    from orders o where o.status = 'refunded'
  `.execute(db);
  await sql`
    insert into refunds (refund_no, order_id, order_no, transaction_id, amount_fen, total_fen, reason, status, source, provider, created_at, updated_at, finished_at)
    select 'N' || n.transaction_id, o.id, n.order_no, n.transaction_id, n.amount_fen, o.amount_fen, '订单已关闭或重复支付，原路退回',
           case when n.outcome = 'refunded' then 'success' else 'failed' end, 'needs_refund', n.provider,
           n.received_at, n.received_at, case when n.outcome = 'refunded' then n.received_at else null end
    from pay_notifications n join orders o on o.order_no = n.order_no
    where n.outcome in ('refunded', 'refund_failed')
  `.execute(db);
}
