/**
 * The shared card loader (modules/courses/course-card-repository.ts) and the precompiled queries
 * under it (db/precompiled.ts), on SQLite and (with TEST_DATABASE_URL) PostgreSQL: what changes
 * on a course shows at once, what only a catalogue edit changes shows after `invalidateCatalogue`.
 */
import { describe, expect, it } from 'vitest';
import { placeholder, runPrecompiled } from '../src/db/precompiled.ts';
import { findCardsByIds } from '../src/modules/courses/course-card-repository.ts';
import { invalidateCatalogue } from '../src/modules/courses/http-cache.ts';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse } from './support/factories.ts';

describe.each(dialectsUnderTest())('card loader (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  it('returns cards in the order asked, once per id asked, skipping unknown ids', async () => {
    const a = await buildCourse(t.app.db);
    const b = await buildCourse(t.app.db);
    const cards = await findCardsByIds(t.app.db, [b.id, 987654, a.id, b.id]);
    expect(cards.map((c) => c.id)).toEqual([b.id, a.id, b.id]);
    expect(await findCardsByIds(t.app.db, [])).toEqual([]);
  });

  it('reads prices, state and learner counts fresh; tags and chapters after a catalogue invalidation', async () => {
    const course = await buildCourse(t.app.db, { learners_count: 3 });
    const [before] = await findCardsByIds(t.app.db, [course.id]);
    expect(before).toMatchObject({ learners_count: 3, price: 29900, tag_names: [], chapter_count: 0 });

    await t.app.db.updateTable('courses').set({ learners_count: 4, price: 100, status: 0 }).where('id', '=', course.id).execute();
    const tag = await t.app.db.insertInto('tags').values({ name: '新标签' }).returning('id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('course_tags').values({ course_id: course.id, tag_id: tag.id }).execute();
    const [fresh] = await findCardsByIds(t.app.db, [course.id]);
    expect(fresh).toMatchObject({ learners_count: 4, price: 100, status: 0, tag_names: [] });

    invalidateCatalogue(t.app.db);
    const [after] = await findCardsByIds(t.app.db, [course.id]);
    expect(after?.tag_names).toEqual(['新标签']);
  });

  it('runs a precompiled query with each call’s own values, and refuses a missing one', async () => {
    const a = await buildCourse(t.app.db, { name: '预编译甲' });
    const b = await buildCourse(t.app.db, { name: '预编译乙' });
    const byId = (id: number) =>
      runPrecompiled(t.app.db, 'test:course-name', () => t.app.db.selectFrom('courses').select('name').where('id', '=', placeholder<number>('id')), { id });
    expect(await byId(a.id)).toEqual([{ name: '预编译甲' }]);
    expect(await byId(b.id)).toEqual([{ name: '预编译乙' }]);
    await expect(
      runPrecompiled(t.app.db, 'test:course-name', () => t.app.db.selectFrom('courses').select('name').where('id', '=', placeholder<number>('id')), {}),
    ).rejects.toThrow(/no value for id/);
  });
});
