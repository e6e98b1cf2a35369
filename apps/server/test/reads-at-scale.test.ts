/**
 * Reads at scale (issue 11, decision 022), on SQLite and (with TEST_DATABASE_URL) PostgreSQL:
 * - the plans the main reads get on a grown catalogue use their index, in order: no full scan of
 *   courses or orders, no temporary B-tree (SQLite) or Sort node (PostgreSQL);
 * - tag and search lists answer the same rows whether the matches drive the query or the ordered
 *   index is walked;
 * - start-up does not wait for a large search-index rebuild: the server answers while it runs,
 *   search answers, and completely once the rebuild is done; a stopped rebuild resumes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createQueryId, type Kysely, type RootOperationNode } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { build, type TestApp } from './support/build.ts';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from './support/db.ts';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { MemoryKvStore } from '../src/adapters/kv-store.ts';
import { createAdapters } from '../src/adapters/create-adapters.ts';
import type { DB } from '../src/db/schema.ts';
import type { Dialect } from '../src/db/database.ts';
import { seedDemoData } from '../src/demo/seeder.ts';
import { refreshPlannerStatistics } from '../src/db/planner-statistics.ts';
import { compileListQueries, tagListQueries, type CourseFilter, type CourseSortKey } from '../src/modules/courses/course-repository.ts';
import { countListsOf, readListCount, rebuildListCounts } from '../src/modules/learning/list-count-repository.ts';
import { parseKeyword } from '../src/modules/courses/search-terms.ts';
import { catalogueUpkeepOf, catalogueUpkeepSettings } from '../src/jobs/search-index.ts';
import { rebuildSearchIndex, rebuildSearchIndexInBatches, searchIndexState } from '../src/modules/courses/search-repository.ts';
import { invalidateCatalogue } from '../src/modules/courses/http-cache.ts';
import { listOrdersOfUser } from '../src/modules/orders/order-repository.ts';
import { listFavorites } from '../src/modules/favorites/favorite-repository.ts';
import { listListenCourses } from '../src/modules/listening/listening-repository.ts';
import { growCatalogue } from '../../../bench/support/grow.ts';
import { buildCourse, signedInUser } from './support/factories.ts';

async function explain(db: Kysely<DB>, dialect: Dialect, compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
  const result = await db.executeQuery({ sql: prefix + compiled.sql, parameters: compiled.parameters, query: { kind: 'RawNode' } } as never);
  return (result.rows as Array<Record<string, string>>).map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
}

/** The SQL a repository function runs, captured from its query node. */
async function captured(db: Kysely<DB>, run: (db: Kysely<DB>) => Promise<unknown>) {
  const nodes: RootOperationNode[] = [];
  const spy = db.withPlugin({ transformQuery: (args) => (nodes.push(args.node), args.node), transformResult: async (args) => args.result });
  await run(spy);
  const node = nodes[0];
  if (!node) throw new Error('no query');
  return db.getExecutor().compileQuery(node, createQueryId());
}

/** A precompiled query's SQL with its placeholders filled by name. */
function withValues(compiled: { sql: string; parameters: readonly unknown[] }, values: Record<string, unknown>) {
  return { sql: compiled.sql, parameters: compiled.parameters.map((p) => (p !== null && typeof p === 'object' && 'name' in p ? values[(p as { name: string }).name] : p)) };
}

/** The plan reads its rows through `index`, in order, without a full scan or a sort. */
function expectIndexed(plan: string, dialect: Dialect, index: string | RegExp) {
  expect(plan).toMatch(index);
  if (dialect === 'sqlite') {
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(plan).not.toMatch(/SCAN (courses|orders|favorites|listen_courses)\b/);
  } else {
    expect(plan).not.toMatch(/(^|->\s+)(Incremental )?Sort\b/m);
    expect(plan).not.toMatch(/Seq Scan on (courses|orders|favorites|listen_courses)\b/);
  }
}

describe.each(dialectsUnderTest())('reads at scale (%s)', (dialect) => {
  describe('plans on a grown catalogue', () => {
    let t: TestApp;
    let learnerId: number;
    beforeAll(async () => {
      t = await build(dialect);
      await seedDemoData(t.app.db);
      learnerId = (await t.app.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      await growCatalogue(t.app.db, dialect, { courses: 3000, orders: 20_000, learnerId, learnerRows: 2000, otherLearners: 200 });
      await rebuildSearchIndex(t.app.db);
      await refreshPlannerStatistics(t.app.db);
    }, 120_000);
    afterAll(() => t.close());

    const lists: Array<[string, CourseFilter, CourseSortKey, RegExp, boolean?]> = [
      ['curated', {}, 'default', /courses_listed_sort/],
      ['latest', {}, 'latest', /courses_listed_latest/],
      ['popular', {}, 'popular', /courses_listed_popular/],
      ['level 6', { courseLevel: 6 }, 'default', /courses_listed_sort/],
      ['activity type', { activityType: 1 }, 'default', /courses_listed_activity/],
      ['free', { isFree: 1 }, 'default', /courses_listed_free/],
      ['course type', { courseType: 2 }, 'default', /courses_listed_type/],
      ['subject', { subjectId: 1 }, 'default', /courses_listed_subject/],
      ['special vip', { listType: 3 }, 'default', /courses_listed_vip/],
      ['corporate', { corporateId: 1 }, 'default', /courses_corporate_listed/],
      ['tag (walk)', { tagId: 1 }, 'default', /courses_listed_sort/, true],
      ['search 2 chars (walk)', { words: parseKeyword('担保') }, 'default', /courses_listed_sort/, true],
      ['search 3+ chars (walk)', { words: parseKeyword('反洗钱') }, 'default', /courses_listed_sort/, true],
    ];
    it.each(lists)('the %s list walks its index in order', async (_name, filter, sort, index, walk) => {
      // A tag of this small catalogue has a few hundred courses: PostgreSQL rightly hashes and sorts
      // them (at 10,000 courses it walks the curated index; bench/reads-at-scale.ts measures it).
      if (dialect === 'postgres' && filter.tagId !== undefined) return;
      const { page } = compileListQueries(t.app.db, filter, sort, walk ?? false);
      // PostgreSQL may rightly walk the curated index and filter rather than take the filter's
      // own (it prices both by the statistics): either way in order, stopping after a page.
      const expected = dialect === 'postgres' && sort === 'default' && !filter.corporateId ? /courses_listed_(sort|vip|level|activity|free|type|subject)/ : index;
      expectIndexed(await explain(t.app.db, dialect, page), dialect, expected);
    });

    it('counts a list from an index, never from a full scan of course rows (SQLite)', async () => {
      if (dialect !== 'sqlite') return; // PostgreSQL may rightly prefer a sequential scan for a count of most rows.
      for (const filter of [{}, { activityType: 1 }, { isFree: 1 }, { courseType: 2 }] as CourseFilter[]) {
        const { count } = compileListQueries(t.app.db, filter, 'default');
        const plan = await explain(t.app.db, dialect, count);
        expect(plan).toMatch(/USING (COVERING )?INDEX/);
        expect(plan).not.toMatch(/SCAN courses\b/);
      }
    });

    it('tag and search lists answer the same page whether the matches drive or the index is walked', async () => {
      for (const filter of [{ tagId: 1 }, { words: parseKeyword('担保') }, { words: parseKeyword('反洗钱') }] as CourseFilter[]) {
        const run = async (walk: boolean) => {
          const { page } = compileListQueries(t.app.db, filter, 'default', walk);
          const rows = await t.app.db.executeQuery<{ id: number }>({ ...page, query: { kind: 'RawNode' } } as never);
          return rows.rows.map((r) => r.id);
        };
        const driven = await run(false);
        expect(driven.length).toBe(10);
        expect(await run(true)).toEqual(driven);
      }
    });

    it('the course list, a tag and a search answer right totals through the API', async () => {
      const listed = await t.app.db
        .selectFrom('courses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 1)
        .where('corporate_id', 'is', null)
        .where('course_type', '=', 2)
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({ url: '/v1/courses/list?courseType=2&pageIndex=3&pageSize=10' });
      expect(res.json().data.total).toBe(Number(listed.n));
      const tagged = await t.app.db
        .selectFrom('courses')
        .innerJoin('course_tags', 'course_tags.course_id', 'courses.id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 1)
        .where('corporate_id', 'is', null)
        .where('course_tags.tag_id', '=', 1)
        .executeTakeFirstOrThrow();
      const byTag = (await t.app.inject({ url: '/v1/courses/list?tagId=1&pageIndex=2&pageSize=10' })).json().data;
      expect(byTag.total).toBe(Number(tagged.n));
      expect(byTag.rows).toHaveLength(10);
    });

    it('my orders, favourites and listen records read a page from their index, newest first', async () => {
      const orders = await captured(t.app.db, (db) => listOrdersOfUser(db, learnerId, 0, 20, 10));
      expectIndexed(await explain(t.app.db, dialect, orders), dialect, /orders_user_created/);
      const byType = await captured(t.app.db, (db) => listOrdersOfUser(db, learnerId, 1, 20, 10));
      expectIndexed(await explain(t.app.db, dialect, byType), dialect, /orders_user_type_created/);
      const favorites = await captured(t.app.db, (db) => listFavorites(db, learnerId, undefined, 20, 10));
      // PostgreSQL walks the primary key backwards when (as here) the learner holds most favourites.
      expectIndexed(await explain(t.app.db, dialect, favorites), dialect, dialect === 'sqlite' ? /favorites_user_id_course/ : /favorites_user_id_course|favorites_pkey/);
      const listens = await captured(t.app.db, (db) => listListenCourses(db, learnerId, 20, 10));
      expectIndexed(await explain(t.app.db, dialect, listens), dialect, /listen_courses_user_list/);
    });

    const tagSorts: Array<[CourseSortKey, RegExp]> = [
      ['default', /course_tags_listed_sort/],
      ['latest', /course_tags_listed_latest/],
      ['popular', /course_tags_listed_popular/],
    ];
    it.each(tagSorts)('a tag alone (%s) walks its course_tags list index in order, without a sort', async (sort, index) => {
      const plan = await explain(t.app.db, dialect, withValues(tagListQueries(t.app.db, sort).page().compile(), { tagId: 1, limit: 10, offset: 10 }));
      expectIndexed(plan, dialect, index);
      expect(plan).not.toMatch(dialect === 'sqlite' ? /SCAN course_tags\b/ : /Seq Scan on course_tags\b/);
      const count = await explain(t.app.db, dialect, withValues(tagListQueries(t.app.db, sort).count().compile(), { tagId: 1 }));
      expect(count).toMatch(/course_tags_listed_\w+|course_tags_tag_course/);
      expect(count).not.toMatch(dialect === 'sqlite' ? /SCAN course_tags\b/ : /Seq Scan on course_tags\b/);
    });

    it('a tag alone answers the same pages as the courses filtered and sorted, and follows course edits', async () => {
      const column = { default: 'sort', latest: 'published_at', popular: 'learners_count' } as const;
      const expected = async (sort: CourseSortKey, offset: number) => {
        const rows = await t.app.db
          .selectFrom('courses')
          .select('id')
          .where('status', '=', 1)
          .where('corporate_id', 'is', null)
          .where('id', 'in', (eb) => eb.selectFrom('course_tags').select('course_id').where('tag_id', '=', 2))
          .orderBy(column[sort], 'desc')
          .orderBy('id', 'desc')
          .limit(10)
          .offset(offset)
          .execute();
        return rows.map((r) => r.id);
      };
      const api = async (sort: CourseSortKey, pageIndex: number) => {
        const res = await t.app.inject({ url: `/v1/courses/list?tagId=2${sort === 'default' ? '' : `&sort=${sort}`}&pageIndex=${pageIndex}&pageSize=10` });
        return (res.json().data.rows as Array<{ courseId: number }>).map((r) => r.courseId);
      };
      for (const sort of ['default', 'latest', 'popular'] as CourseSortKey[]) {
        expect(await api(sort, 3)).toEqual(await expected(sort, 20));
      }
      // A course edit moves it in its tags' lists (the triggers copy the keys): to the top, then off shelf.
      const [second] = await api('default', 2);
      await t.app.db.updateTable('courses').set({ sort: 1_000_000 }).where('id', '=', second!).execute();
      invalidateCatalogue(t.app.db);
      expect((await api('default', 1))[0]).toBe(second);
      await t.app.db.updateTable('courses').set({ status: 0 }).where('id', '=', second!).execute();
      invalidateCatalogue(t.app.db);
      expect(await api('default', 1)).not.toContain(second);
      expect(await api('default', 1)).toEqual(await expected('default', 0));
    });

    it('history totals come from the learner’s counters, equal to the real counts of the grown data', async () => {
      const real = await countListsOf(t.app.db, learnerId);
      expect(real.get('orders')).toBe(2000);
      const counters = await t.app.db.selectFrom('user_list_counts').select(['list', 'n']).where('user_id', '=', learnerId).execute();
      for (const [list, n] of real) expect(counters.find((c) => c.list === list)?.n ?? 0, list).toBe(n);
      expect(await readListCount(t.app.db, learnerId, 'orders')).toBe(2000);
      const read = t.app.db.selectFrom('user_list_counts').select('n').where('user_id', '=', learnerId).where('list', '=', 'orders').compile();
      expect(await explain(t.app.db, dialect, read)).toMatch(dialect === 'sqlite' ? /USING (PRIMARY KEY|INDEX sqlite_autoindex_user_list_counts)/ : /user_list_counts_pk/);
    });
  });

  describe('history counters (migration 025)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await build(dialect);
    });
    afterAll(() => t.close());

    const expectCountersReal = async (userId: number) => {
      const real = await countListsOf(t.app.db, userId);
      const counters = await t.app.db.selectFrom('user_list_counts').select(['list', 'n']).where('user_id', '=', userId).execute();
      const lists = new Set([...real.keys(), ...counters.map((c) => c.list)]);
      for (const list of lists) expect(counters.find((c) => c.list === list)?.n ?? 0, list).toBe(real.get(list) ?? 0);
      return real;
    };

    it('keeps every counter equal to the real count through concurrent writes, and the API totals with them', async () => {
      const { user, headers } = await signedInUser(t);
      const courses = await Promise.all(Array.from({ length: 12 }, () => buildCourse(t.app.db)));
      const now = Date.now();
      // Concurrent API favourites (each twice: the second is a no-op), then concurrent removals of half.
      await Promise.all(courses.flatMap((c) => [0, 1].map(() => t.app.inject({ method: 'POST', url: `/v1/favorites/${c.id}`, headers, payload: {} }))));
      await Promise.all(courses.slice(0, 6).map((c) => t.app.inject({ method: 'DELETE', url: `/v1/favorites/${c.id}`, headers })));
      // Concurrent transactions writing orders of several types, listen records, visits and grants.
      await Promise.all(
        courses.map((c, i) =>
          t.app.db.transaction().execute(async (trx) => {
            await trx
              .insertInto('orders')
              .values({ order_no: `K${now}-${i}`, user_id: user.id, type: [1, 2, 3][i % 3]!, kind: 1, target_id: c.id, course_id: c.id, amount_fen: 100, status: 'closed', provider: 'sandbox', description: '', created_at: now + i, expires_at: now })
              .execute();
            await trx
              .insertInto('listen_courses')
              .values({ user_id: user.id, course_id: c.id, last_chapter_id: null, position_seconds: 0, duration_seconds: 60, played_seconds: 0, started_at: now, finished_at: null, updated_at: now + i, hidden: 0 })
              .execute();
            await trx.insertInto('course_learners').values({ user_id: user.id, course_id: c.id, created_at: now + i }).execute();
            if (i % 2 === 0) await trx.insertInto('user_courses').values({ user_id: user.id, course_id: c.id, source: 'free', created_at: now + i }).execute();
          }),
        ),
      );
      // Hiding moves a listen record out of the list; showing again, back; a re-hide changes nothing.
      await Promise.all(courses.slice(0, 4).map((c) => t.app.db.updateTable('listen_courses').set({ hidden: 1 }).where('user_id', '=', user.id).where('course_id', '=', c.id).execute()));
      await t.app.db.updateTable('listen_courses').set({ hidden: 1 }).where('user_id', '=', user.id).where('course_id', '=', courses[0]!.id).execute();
      await t.app.db.updateTable('listen_courses').set({ hidden: 0 }).where('user_id', '=', user.id).where('course_id', '=', courses[1]!.id).execute();
      await t.app.db.deleteFrom('orders').where('order_no', '=', `K${now}-0`).execute();

      const real = await expectCountersReal(user.id);
      expect(real.get('favorites')).toBe(6);
      expect(real.get('orders')).toBe(11);
      expect(real.get('listen')).toBe(9);
      const total = async (url: string) => (await t.app.inject({ url, headers })).json().data.total as number;
      expect(await total('/v1/favorites/list?pageIndex=1&pageSize=2')).toBe(6);
      expect(await total('/v1/orders/list/0?pageIndex=1&pageSize=2')).toBe(11);
      expect(await total('/v1/orders/list/2?pageIndex=1&pageSize=2')).toBe(real.get('orders:2'));
      expect(await total('/v1/courses/listen_record_list?pageIndex=1&pageSize=2')).toBe(9);
      expect(await total('/v1/courses/mine?pageIndex=1&pageSize=2')).toBe(12);
      expect(await total('/v1/courses/mine?cur=1&pageIndex=1&pageSize=2')).toBe(6);

      // A course deleted cascades its rows out of every list, and the counters with them.
      await t.app.db.deleteFrom('courses').where('id', '=', courses[11]!.id).execute();
      await expectCountersReal(user.id);
    });

    it('rebuildListCounts repairs a counter that went wrong', async () => {
      const { user } = await signedInUser(t);
      const course = await buildCourse(t.app.db);
      await t.app.db.insertInto('favorites').values({ user_id: user.id, course_id: course.id, created_at: Date.now() }).execute();
      await t.app.db.updateTable('user_list_counts').set({ n: 42 }).where('user_id', '=', user.id).where('list', '=', 'favorites').execute();
      await rebuildListCounts(t.app.db, user.id);
      expect((await expectCountersReal(user.id)).get('favorites')).toBe(1);
    });
  });

  describe('start-up and the search index', () => {
    let database: TestDatabase;
    let app: FastifyInstance | undefined;
    const saved = { ...catalogueUpkeepSettings };
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await seedDemoData(database.db);
    });
    afterEach(async () => {
      Object.assign(catalogueUpkeepSettings, saved);
      await app?.close();
      app = undefined;
    });
    afterAll(() => database.cleanup());

    it('becomes ready and serves while a large rebuild runs, and searches completely once it is done', async () => {
      await database.db.deleteFrom('course_search').execute();
      await database.db.deleteFrom('course_search_terms').execute();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let batches = 0;
      // "Large": anything above 0 courses goes to the background; 10 courses a batch, the first batch held.
      Object.assign(catalogueUpkeepSettings, {
        inlineMaxCourses: 0,
        batch: { sqlite: 10, postgres: 10 },
        afterBatch: async () => {
          batches += 1;
          if (batches === 1) await held;
        },
      });
      const config = testConfig();
      const kv = new MemoryKvStore();
      app = await buildApp({ config, database, kv, adapters: createAdapters(config, kv) });
      await app.ready(); // resolves although the rebuild is held after its first batch

      expect((await searchIndexState(database.db)).stale).toBe(true);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const during = await app.inject({ url: `/v1/courses/list?keyword=${encodeURIComponent('反洗钱')}` });
      expect(during.statusCode).toBe(200);
      expect(during.json().code).toBe(0);

      release();
      await catalogueUpkeepOf(database.db)?.idle();
      expect(batches).toBeGreaterThan(1);
      expect((await searchIndexState(database.db)).stale).toBe(false);
      const after = (await app.inject({ url: `/v1/courses/list?keyword=${encodeURIComponent('反洗钱')}&pageSize=50` })).json().data;

      // The same answer as a rebuild in one go.
      await rebuildSearchIndex(database.db);
      invalidateCatalogue(database.db);
      const reference = (await app.inject({ url: `/v1/courses/list?keyword=${encodeURIComponent('反洗钱')}&pageSize=50` })).json().data;
      expect(reference.total).toBeGreaterThan(0);
      expect(after).toEqual(reference);
    });

    it('a stopped batched rebuild resumes where it stopped, and a second instance waits for the lease', async () => {
      await database.db.deleteFrom('course_search').execute();
      let stop = false;
      const first = await rebuildSearchIndexInBatches(database.db, {
        batch: 10,
        shouldStop: () => stop,
        afterBatch: () => {
          stop = true;
        },
      });
      expect(first).toBeNull();
      const state = await searchIndexState(database.db);
      expect(state.stale).toBe(true);
      expect(state.resumeFrom).toBeGreaterThan(0);
      const rest = await rebuildSearchIndexInBatches(database.db, { batch: 10 });
      const courses = await database.db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(rest).toBe(Number(courses.n) - 10);
      expect((await searchIndexState(database.db)).stale).toBe(false);

      // Another instance holds the lease: this one starts, serves, and leaves the index alone.
      await database.db.deleteFrom('course_search').execute();
      await database.db.insertInto('app_locks').values({ name: 'search-index', holder: 'other', expires_at: Date.now() + 60_000 }).execute();
      Object.assign(catalogueUpkeepSettings, { inlineMaxCourses: 0 });
      const config = testConfig();
      const kv = new MemoryKvStore();
      app = await buildApp({ config, database, kv, adapters: createAdapters(config, kv) });
      await app.ready();
      await catalogueUpkeepOf(database.db)?.idle();
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await searchIndexState(database.db)).stale).toBe(true);
      // The lease ends: the next try rebuilds.
      await database.db.deleteFrom('app_locks').where('name', '=', 'search-index').execute();
      catalogueUpkeepOf(database.db)?.kick();
      await catalogueUpkeepOf(database.db)?.idle();
      expect((await searchIndexState(database.db)).stale).toBe(false);
    });
  });
});
