/**
 * The console's home and discovery section (issue 13, docs/console.md "Home and discovery").
 * - `banners.enabled`: an operator turns a banner off without deleting it (1 shown, 0 hidden);
 *   the H5 home (`GET /v1/banners`) lists only enabled ones.
 * - `hot_search_words`: the search page's hot words, edited in the console (they were a constant
 *   in course-service.ts); seeded with that constant so the learner's list is unchanged until an
 *   operator edits it. `sort` ascending is the order shown; `hot` marks the highlighted ones.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers.ts';

const SEED: ReadonlyArray<[string, number]> = [
  ['反洗钱', 1],
  ['民法典', 1],
  ['担保', 1],
  ['个人信息保护', 1],
  ['票据', 0],
  ['不良资产', 0],
  ['破产', 0],
  ['金融借款', 0],
  ['支付结算', 0],
  ['关联交易', 0],
];

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('banners').addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  const id = idColumn(ctx.dialect);
  await db.schema
    .createTable('hot_search_words')
    .addColumn('id', id.type, id.build)
    .addColumn('keyword', 'text', (c) => c.notNull().unique())
    .addColumn('hot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  const k = db as unknown as Kysely<{ hot_search_words: { keyword: string; hot: number; sort: number } }>;
  await k
    .insertInto('hot_search_words')
    .values(SEED.map(([keyword, hot], i) => ({ keyword, hot, sort: i + 1 })))
    .execute();
}
