/**
 * Grows a seeded database to catalogue scale for the reads-at-scale bench (issue 11): courses
 * (with chapters for series courses and two tags each, some corporate, some off shelf), other
 * learners with their orders up to `orders` in all, and one learner with `learnerRows` orders,
 * favourites and listen records. Bulk `insert … select` over a number series, so 50,000 courses
 * and 200,000 orders take seconds on either database. Does not ANALYZE: what the product does
 * about planner statistics is part of what is measured. The learners' list counters and the tag
 * rows' list keys (migration 025) are kept by the product's triggers as these rows go in, as for
 * any other write (on PostgreSQL that makes the 200,000-order insert take tens of seconds).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import type { Dialect } from '../../apps/server/src/db/database.ts';

export interface GrowOptions {
  courses: number;
  orders: number;
  learnerId: number;
  learnerRows: number;
  otherLearners?: number;
}

/** `n` from 1 to `count`, as a FROM item named s. */
function series(dialect: Dialect, count: number): RawBuilder<unknown> {
  return dialect === 'sqlite'
    ? sql`(with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(count)}) select n from s) as s`
    : sql`generate_series(1, ${sql.lit(count)}) as s(n)`;
}

/** `case expr % len when 0 then v0 … end`: picks one of `values` by a number. */
function pick(expr: RawBuilder<unknown>, values: readonly (number | string)[]): RawBuilder<unknown> {
  const arms = values.map((v, i) => sql`when ${sql.lit(i)} then ${sql.lit(v)}`);
  return sql`(case (${expr}) % ${sql.lit(values.length)} ${sql.join(arms, sql` `)} end)`;
}

const WORDS = ['反洗钱实务', '民法典担保制度', '票据纠纷', '不良资产处置', '支付结算', '个人信息保护', '金融借款合同', '破产重整', '关联交易', '信用证'];

export async function growCatalogue(db: Kysely<DB>, dialect: Dialect, opts: GrowOptions): Promise<void> {
  const now = Date.now();
  const ids = async (table: 'subjects' | 'lecturers' | 'tags' | 'corporates') =>
    (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
  const [subjects, lecturers, tags, corporates] = await Promise.all([ids('subjects'), ids('lecturers'), ids('tags'), ids('corporates')]);
  const before = await db.selectFrom('courses').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow();
  const firstId = Number(before.m ?? 0) + 1;
  const n = sql`s.n`;

  await sql`insert into courses (name, subtitle, cover, detail, course_type, course_level, subject_id, lecturer_id, media_type, price, vip_price,
      original_price, is_free, member_free, home_list_type, activity_type, corporate_id, status, duration_seconds, native_only,
      needs_verified_profile, learners_count, sort, published_at, created_at, updated_at)
    select '金融法规专题第' || s.n || '讲' || ${pick(n, WORDS)}, ${pick(sql`s.n + 3`, WORDS)}, '', '<p>课程介绍</p>',
      1 + s.n % 2, 1 + s.n % 3, ${pick(n, subjects)}, ${pick(n, lecturers)}, 1 + s.n % 2,
      case when s.n % 7 = 0 then 0 else 1000 + (s.n % 50) * 100 end,
      case when s.n % 3 = 0 and s.n % 7 <> 0 then 500 else null end,
      2000, case when s.n % 7 = 0 then 1 else 0 end, case when s.n % 4 = 0 then 1 else 0 end,
      case when s.n % 13 between 1 and 4 then s.n % 13 else null end,
      case when s.n % 11 < 4 then s.n % 11 else 0 end,
      case when s.n % 25 = 0 then ${pick(n, corporates.length > 0 ? corporates : [0])} else null end,
      case when s.n % 20 = 0 then 0 when s.n % 20 = 10 then 2 else 1 end,
      1800, 0, 0, (s.n * 7919) % 5000, s.n % 100, ${sql.lit(now - 86_400_000 * 400)} + cast(s.n as bigint) * 60000, ${sql.lit(now)}, ${sql.lit(now)}
    from ${series(dialect, opts.courses)}`.execute(db);

  await sql`insert into chapters (course_id, title, sort, duration_seconds, is_free_trial, price, status)
    select c.id, '第' || s.n || '章', s.n, 600, case when s.n = 1 then 1 else 0 end, 0, 1
    from courses c cross join ${series(dialect, 3)} where c.id >= ${firstId} and c.course_type = 2`.execute(db);

  if (tags.length > 1) {
    await sql`insert into course_tags (course_id, tag_id) select c.id, ${pick(sql`c.id`, tags)} from courses c where c.id >= ${firstId}`.execute(db);
    await sql`insert into course_tags (course_id, tag_id) select c.id, ${pick(sql`c.id + 1`, tags)} from courses c where c.id >= ${firstId}`.execute(db);
  }

  // Other learners, then the orders: the learner's own and the rest spread over the others.
  const others = opts.otherLearners ?? 2000;
  const firstUser = Number((await db.selectFrom('users').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m ?? 0) + 1;
  await sql`insert into users (name, nickname, avatar, mobile, email, company, department, position, audit_status, audit_remark,
      user_type, member_expire_at, corporate_id, account_status, subscribed, activated, created_at, updated_at)
    select '学员' || s.n, '学员' || s.n, '', null, '', '', '', '', 0, '', 1, null, null, 0, 0, 1, ${sql.lit(now)}, ${sql.lit(now)}
    from ${series(dialect, others)}`.execute(db);

  const orderRows = (userExpr: RawBuilder<unknown>, count: number, tag: string) =>
    sql`insert into orders (order_no, user_id, type, kind, target_id, course_id, amount_fen, status, provider, description, created_at, paid_at, expires_at)
      select ${tag} || s.n, ${userExpr}, ${pick(n, [1, 2, 3, 4, 6])}, 1, ${sql.lit(firstId)} + s.n % ${sql.lit(opts.courses)},
        ${sql.lit(firstId)} + s.n % ${sql.lit(opts.courses)}, 1000, case when s.n % 3 = 0 then 'closed' else 'paid' end, 'sandbox', '',
        ${sql.lit(now - 86_400_000 * 300)} + s.n * 1000, ${sql.lit(now - 86_400_000 * 300)} + s.n * 1000, ${sql.lit(now)}
      from ${series(dialect, count)}`.execute(db);
  await orderRows(sql`${sql.lit(opts.learnerId)}`, opts.learnerRows, 'GL');
  await orderRows(sql`${sql.lit(firstUser)} + s.n % ${sql.lit(others)}`, Math.max(0, opts.orders - opts.learnerRows), 'GO');

  const rows = Math.min(opts.learnerRows, opts.courses);
  await sql`insert into favorites (user_id, course_id, created_at)
    select ${sql.lit(opts.learnerId)}, ${sql.lit(firstId - 1)} + s.n, ${sql.lit(now)} + s.n from ${series(dialect, rows)}`.execute(db);
  await sql`insert into listen_courses (user_id, course_id, last_chapter_id, position_seconds, duration_seconds, played_seconds, started_at, finished_at, updated_at, hidden)
    select ${sql.lit(opts.learnerId)}, ${sql.lit(firstId - 1)} + s.n, null, 60, 1800, 60, ${sql.lit(now)} + s.n, null, ${sql.lit(now)} + s.n, 0
    from ${series(dialect, rows)}`.execute(db);
  await sql`insert into listen_records (record_id, user_id, course_id, chapter_id, started_at, updated_at, position_seconds, duration_seconds, reported_seconds, played_seconds, reports)
    select 'grow-' || s.n, ${sql.lit(opts.learnerId)}, ${sql.lit(firstId - 1)} + s.n, null, ${sql.lit(now)} + s.n, ${sql.lit(now)} + s.n, 60, 1800, 60, 60, 1
    from ${series(dialect, rows)}`.execute(db);
}
