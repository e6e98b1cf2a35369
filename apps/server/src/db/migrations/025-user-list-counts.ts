/**
 * Per-learner list counters (issue 11 §10, decision 022 "history lists"): the totals of the
 * history lists — my orders (all, and by type), favourites, listen records (visible ones),
 * recently opened courses and owned courses — kept in `user_list_counts (user_id, list, n)` so
 * a page reads its total with one primary-key lookup instead of counting up to 10,000 index
 * entries on every page.
 *
 * One writer per fact: the counters are maintained by row triggers on the listed tables, in the
 * same transaction (and statement) as every insert, delete or relevant update, whichever module
 * makes it — checkout, fulfilment, refunds, cascades of a deleted user or course, bulk imports.
 * An increment is an upsert on (user_id, list) (atomic on both databases: PostgreSQL locks the
 * counter row until commit, SQLite has one writer); a decrement is a plain update. Existing rows
 * are counted once here. `modules/learning/list-count-repository.ts` reads them and has the
 * repair path (`rebuildListCounts`).
 *
 * Lists: `orders`, `orders:<type>`, `favorites`, `listen` (listen_courses with hidden = 0),
 * `visited` (course_learners), `owned` (user_courses).
 *
 * Tag lists in list order: `course_tags` carries its course's list keys — `listed` (on shelf and
 * public), `sort`, `published_at`, `learners_count` — copied by a trigger when the row is
 * inserted and whenever the course's copy changes, so a tag's listed courses come in curated,
 * latest or popular order straight from `(tag_id, <key> desc, course_id desc) WHERE listed = 1`
 * and a page stops after `limit` entries, however the tag is spread over the catalogue (walking
 * the curated index of courses and probing the tag skipped thousands of courses when the tag's
 * courses sat low in the curated order).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';

/** Increments for each list a new row of the table belongs to (`r` is NEW or OLD). */
const ROW_LISTS: ReadonlyArray<{ table: string; lists: (r: string) => string[]; when?: (r: string) => string; columns: string[] }> = [
  { table: 'orders', lists: (r) => [`'orders'`, `'orders:' || ${r}.type`], columns: ['user_id', 'type'] },
  { table: 'favorites', lists: () => [`'favorites'`], columns: ['user_id'] },
  { table: 'listen_courses', lists: () => [`'listen'`], when: (r) => `${r}.hidden = 0`, columns: ['user_id', 'hidden'] },
  { table: 'course_learners', lists: () => [`'visited'`], columns: ['user_id'] },
  { table: 'user_courses', lists: () => [`'owned'`], columns: ['user_id'] },
];

const increment = (r: string, lists: string[]) =>
  `insert into user_list_counts (user_id, list, n) values ${lists.map((l) => `(${r}.user_id, ${l}, 1)`).join(', ')}
     on conflict (user_id, list) do update set n = user_list_counts.n + excluded.n;`;
const decrement = (r: string, lists: string[]) =>
  `update user_list_counts set n = n - 1 where user_id = ${r}.user_id and list in (${lists.join(', ')});`;

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('user_list_counts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_list_counts_pk', ['user_id', 'list'])
    .execute();

  for (const t of ROW_LISTS) {
    const name = `ulc_${t.table}`;
    if (ctx.dialect === 'sqlite') {
      const when = (r: string) => (t.when ? ` when ${t.when(r)}` : '');
      await sql.raw(`create trigger ${name}_ins after insert on ${t.table} for each row${when('new')} begin ${increment('new', t.lists('new'))} end`).execute(db);
      await sql.raw(`create trigger ${name}_del after delete on ${t.table} for each row${when('old')} begin ${decrement('old', t.lists('old'))} end`).execute(db);
      // An update of a counted column moves the row between lists: out of the old ones, into the new.
      await sql.raw(`create trigger ${name}_upd_old after update of ${t.columns.join(', ')} on ${t.table} for each row${when('old')} begin ${decrement('old', t.lists('old'))} end`).execute(db);
      await sql.raw(`create trigger ${name}_upd_new after update of ${t.columns.join(', ')} on ${t.table} for each row${when('new')} begin ${increment('new', t.lists('new'))} end`).execute(db);
    } else {
      const guard = (r: string, body: string) => (t.when ? `if ${t.when(r)} then ${body} end if;` : body);
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$
           begin
             if tg_op in ('DELETE', 'UPDATE') then ${guard('old', decrement('old', t.lists('old')))} end if;
             if tg_op in ('INSERT', 'UPDATE') then ${guard('new', increment('new', t.lists('new')))} end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql.raw(`create trigger ${name} after insert or delete or update of ${t.columns.join(', ')} on ${t.table} for each row execute function ${name}()`).execute(db);
    }
  }

  await tagSortKeys(db, ctx);

  // Count what exists already.
  await sql`insert into user_list_counts (user_id, list, n)
    select user_id, 'orders', count(*) from orders group by user_id
    union all select user_id, 'orders:' || type, count(*) from orders group by user_id, type
    union all select user_id, 'favorites', count(*) from favorites group by user_id
    union all select user_id, 'listen', count(*) from listen_courses where hidden = 0 group by user_id
    union all select user_id, 'visited', count(*) from course_learners group by user_id
    union all select user_id, 'owned', count(*) from user_courses group by user_id`.execute(db);
}

/** The course's list keys, as course_tags keeps them; `c` names the course row. */
const TAG_KEYS = ['listed', 'sort', 'published_at', 'learners_count'] as const;
const tagKeyValues = (c: string) => `case when ${c}.status = 1 and ${c}.corporate_id is null then 1 else 0 end, ${c}.sort, ${c}.published_at, ${c}.learners_count`;
const TAG_INDEXES: ReadonlyArray<[string, string]> = [
  ['course_tags_listed_sort', 'sort'],
  ['course_tags_listed_latest', 'published_at'],
  ['course_tags_listed_popular', 'learners_count'],
];

async function tagSortKeys(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('course_tags').addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('course_tags').addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('course_tags').addColumn('published_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('course_tags').addColumn('learners_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  const copy = (courseId: string, tagCond: string) =>
    `update course_tags set (${TAG_KEYS.join(', ')}) = (select ${tagKeyValues('c')} from courses c where c.id = ${courseId}) where course_id = ${courseId}${tagCond};`;
  const fromCourse = `update course_tags set (${TAG_KEYS.join(', ')}) = (select ${tagKeyValues('new')}) where course_id = new.id;`;
  const changed = `old.status is distinct from new.status or old.corporate_id is distinct from new.corporate_id or old.sort is distinct from new.sort
    or old.published_at is distinct from new.published_at or old.learners_count is distinct from new.learners_count`;
  const watched = 'status, corporate_id, sort, published_at, learners_count';
  if (ctx.dialect === 'sqlite') {
    await sql.raw(`create trigger course_tags_keys_ins after insert on course_tags for each row begin ${copy('new.course_id', ' and tag_id = new.tag_id')} end`).execute(db);
    await sql
      .raw(`create trigger courses_tag_keys_upd after update of ${watched} on courses for each row when ${changed.replaceAll('is distinct from', 'is not')} begin ${fromCourse} end`)
      .execute(db);
  } else {
    await sql
      .raw(
        `create function course_tags_keys_ins() returns trigger language plpgsql as $$
         begin ${copy('new.course_id', ' and tag_id = new.tag_id')} return null; end $$`,
      )
      .execute(db);
    await sql.raw('create trigger course_tags_keys_ins after insert on course_tags for each row execute function course_tags_keys_ins()').execute(db);
    await sql
      .raw(
        `create function courses_tag_keys_upd() returns trigger language plpgsql as $$
         begin if ${changed} then ${fromCourse} end if; return null; end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger courses_tag_keys_upd after update of ${watched} on courses for each row execute function courses_tag_keys_upd()`).execute(db);
  }
  // What exists already.
  await sql.raw(`update course_tags set (${TAG_KEYS.join(', ')}) = (select ${tagKeyValues('c')} from courses c where c.id = course_tags.course_id)`).execute(db);
  for (const [name, key] of TAG_INDEXES) {
    await sql.raw(`create index ${name} on course_tags (tag_id, ${key} desc, course_id desc) where listed = 1`).execute(db);
  }
  // The probe of a walk and the count of a tag stay on (course_id, tag_id) and course_tags_tag_course.
}
