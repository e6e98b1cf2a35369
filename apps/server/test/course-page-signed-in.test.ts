/**
 * The signed-in course page (decision 022): the course row is shared by every caller for the
 * catalogue's cache time, while the caller's favourite and owned state is read on every view.
 */
import { describe, expect, it } from 'vitest';
import { type TestApp, useApp } from './support/build.ts';
import { dialectsUnderTest } from './support/db.ts';
import { buildCourse, buildUser, loginAs } from './support/factories.ts';
import { catalogueCacheFor, invalidateCatalogue } from '../src/modules/courses/http-cache.ts';

describe.each(dialectsUnderTest())('signed-in course page (%s)', (dialect) => {
  let t: TestApp;
  useApp(dialect, (app) => (t = app));

  const page = (id: number, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/v1/courses/${id}`, headers });
  const firstCourse = async () => {
    const built = await buildCourse(t.app.db);
    return t.app.db.selectFrom('courses').select(['id', 'name']).where('id', '=', built.id).executeTakeFirstOrThrow();
  };

  it('shows each caller their own favourite at once while the course row is shared', async () => {
    invalidateCatalogue(t.app.db);
    const course = await firstCourse();
    const a = await loginAs(t, (await buildUser(t.app.db)).id);
    const b = await loginAs(t, (await buildUser(t.app.db)).id);
    expect((await page(course.id, a.headers)).json().data.isFavorite).toBe(false);
    const fav = await t.app.inject({ method: 'POST', url: `/v1/favorites/${course.id}`, headers: a.headers, payload: {} });
    expect(fav.json().code).toBe(0);
    const mine = await page(course.id, a.headers);
    expect(mine.json().data.isFavorite).toBe(true);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await page(course.id, b.headers)).json().data.isFavorite).toBe(false);
    // The private answers themselves are never stored.
    expect(catalogueCacheFor(t.app.db).size).toBe(0);
  });

  it('shows a catalogue write as soon as the catalogue is invalidated', async () => {
    const course = await firstCourse();
    const a = await loginAs(t, (await buildUser(t.app.db)).id);
    expect((await page(course.id, a.headers)).json().data.name).toBe(course.name);
    await t.app.db.updateTable('courses').set({ name: '新标题：票据法实务' }).where('id', '=', course.id).execute();
    invalidateCatalogue(t.app.db);
    expect((await page(course.id, a.headers)).json().data.name).toBe('新标题：票据法实务');
    await t.app.db.updateTable('courses').set({ status: 2 }).where('id', '=', course.id).execute();
    invalidateCatalogue(t.app.db);
    expect((await page(course.id, a.headers)).json().code).not.toBe(0);
    await t.app.db.updateTable('courses').set({ status: 1, name: course.name }).where('id', '=', course.id).execute();
    invalidateCatalogue(t.app.db);
  });
});
