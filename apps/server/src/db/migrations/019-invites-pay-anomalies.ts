/**
 * Verified invitations and payment anomalies (issue 11 §5, §9; decision 019).
 * - `share_invites`: one row per invitation link a learner asked for (the sharer, the course, when
 *   it stops counting). The link carries a random token; only its SHA-256 is kept, so a database
 *   read does not hand out usable links. A numeric `suid` alone is a hint and matches nothing here.
 * - `pay_anomalies`: correctly signed payment notifications that do not match what we asked for
 *   (app id, merchant id, currency, amount). Nothing is granted; the operator reads them through
 *   `GET /v1/admin/pay_anomalies`. One row per transaction and kind of mismatch, however often
 *   the provider repeats it. `summary` is JSON without secrets (ids, amounts, currency).
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const id = idColumn(ctx.dialect);
  await db.schema
    .createTable('share_invites')
    .addColumn('id', id.type, id.build)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('sharer_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_invites_sharer').on('share_invites').columns(['sharer_user_id', 'course_id']).execute();

  await db.schema
    .createTable('pay_anomalies')
    .addColumn('id', id.type, id.build)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    // appid | mchid | currency | amount
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pay_anomalies_once').on('pay_anomalies').columns(['provider', 'transaction_id', 'kind']).unique().execute();
  await db.schema.createIndex('pay_anomalies_created').on('pay_anomalies').columns(['created_at']).execute();
}
