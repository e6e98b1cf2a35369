/** The count beside a page of rows: the one `count(*)` idiom every repository's `countX` uses. */
import type { SelectQueryBuilder } from 'kysely';

/** How many rows `query` finds: `count(*)` over its table, joins and filters (select nothing else on it). */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // PostgreSQL answers count(*) as a bigint string, SQLite as a number.
  // $castTo: over a generic table TypeScript cannot see the alias; it is the only column selected.
  const row = await query
    .select((eb) => eb.fn.countAll().as('n'))
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
