/**
 * Totals of a learner's history lists (my orders, favourites, listen records, 学习中, 已购) from
 * `user_list_counts`, which row triggers keep in the same transaction as every write of the
 * counted tables (migration 025, decision 022): a page's total is one primary-key lookup, never
 * a count of the learner's rows.
 */
import { sql } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import { placeholder, runPrecompiled } from '../../db/precompiled.ts';

/** The counted lists; `orders:<type>` counts one order type. */
export type ListName = 'orders' | `orders:${number}` | 'favorites' | 'listen' | 'visited' | 'owned';

export async function readListCount(db: Conn, userId: number, list: ListName): Promise<number> {
  const build = () =>
    db
      .selectFrom('user_list_counts')
      .select('n')
      .where('user_id', '=', placeholder<number>('userId'))
      .where('list', '=', placeholder<string>('list'));
  const [row] = await runPrecompiled(db, 'user-list-count', build, { userId, list });
  return Number(row?.n ?? 0);
}

/** The real counts of every list of one learner, by list name (what the counters must equal). */
export async function countListsOf(db: Conn, userId: number): Promise<Map<string, number>> {
  const { rows } = await sql<{ list: string; n: number | string }>`
    select 'orders' as list, count(*) as n from orders where user_id = ${userId}
    union all select 'orders:' || type, count(*) from orders where user_id = ${userId} group by type
    union all select 'favorites', count(*) from favorites where user_id = ${userId}
    union all select 'listen', count(*) from listen_courses where user_id = ${userId} and hidden = 0
    union all select 'visited', count(*) from course_learners where user_id = ${userId}
    union all select 'owned', count(*) from user_courses where user_id = ${userId}`.execute(db);
  return new Map(rows.map((r) => [r.list, Number(r.n)]));
}

/**
 * Repair: sets one learner's counters to the real counts (after a restore, a manual edit with the
 * triggers disabled, or to check them). A maintenance step: on PostgreSQL a write of that learner
 * committed while it runs may be missed, so run it when the learner is not writing (or repeat it).
 */
export async function rebuildListCounts(db: Conn, userId: number): Promise<void> {
  const real = await countListsOf(db, userId);
  await db.deleteFrom('user_list_counts').where('user_id', '=', userId).execute();
  const rows = [...real].filter(([, n]) => n > 0).map(([list, n]) => ({ user_id: userId, list, n }));
  if (rows.length > 0) await db.insertInto('user_list_counts').values(rows).execute();
}
