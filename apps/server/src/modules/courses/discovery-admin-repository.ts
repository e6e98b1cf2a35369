/**
 * The console's home and discovery reads and writes (issue 13, docs/console.md "Home and
 * discovery"): public banners (corporate ones are out of the console's reach), tags with their
 * course counts, the search hot words and the courses of each home section. Plain rows out; the
 * service (modules/admin/sections/discovery-service.ts) presents them and audits the writes.
 */
import { sql, type Updateable } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import type { BannersTable } from '../../db/schema.ts';
import { containsPattern, likeContains } from '../../db/dialect.ts';

// ---- banners ----

const BANNER_COLUMNS = ['id', 'title', 'image', 'link_type', 'link', 'sort', 'enabled'] as const;

export async function listBanners(db: Conn) {
  return db.selectFrom('banners').select(BANNER_COLUMNS).where('corporate_id', 'is', null).orderBy('sort', 'desc').orderBy('id').execute();
}

export async function findBanner(db: Conn, id: number) {
  return db.selectFrom('banners').select(BANNER_COLUMNS).where('id', '=', id).where('corporate_id', 'is', null).executeTakeFirst();
}

export type AdminBannerRow = NonNullable<Awaited<ReturnType<typeof findBanner>>>;

export async function nextBannerSort(db: Conn): Promise<number> {
  const row = await db.selectFrom('banners').select((eb) => eb.fn.max('sort').as('m')).where('corporate_id', 'is', null).executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertBanner(db: Conn, values: { title: string; image: string; link_type: number; link: string; sort: number; enabled: number }): Promise<number> {
  const row = await db.insertInto('banners').values({ ...values, corporate_id: null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBanner(db: Conn, id: number, values: Updateable<BannersTable>): Promise<void> {
  await db.updateTable('banners').set(values).where('id', '=', id).execute();
}

export async function deleteBanner(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('banners').where('id', '=', id).execute();
}

// ---- tags ----

function tagQuery(db: Conn, q: string | undefined) {
  let query = db.selectFrom('tags');
  if (q) query = query.where(containsPattern(db, sql.ref('tags.name'), likeContains(q)));
  return query;
}

export async function listTags(db: Conn, q: string | undefined, page: { limit: number; offset: number }) {
  const rows = await tagQuery(db, q)
    .select(['tags.id', 'tags.name'])
    .select((eb) => eb.selectFrom('course_tags').select((e) => e.fn.countAll<number>().as('n')).whereRef('course_tags.tag_id', '=', 'tags.id').as('course_count'))
    .orderBy('tags.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, course_count: Number(r.course_count ?? 0) }));
}

export async function countTagRows(db: Conn, q: string | undefined): Promise<number> {
  const row = await tagQuery(db, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findTag(db: Conn, id: number) {
  return db.selectFrom('tags').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function findTagByName(db: Conn, name: string) {
  return db.selectFrom('tags').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
}

export async function insertTag(db: Conn, name: string): Promise<number> {
  return (await db.insertInto('tags').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function renameTag(db: Conn, id: number, name: string): Promise<void> {
  await db.updateTable('tags').set({ name }).where('id', '=', id).execute();
}

export async function deleteTag(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('tags').where('id', '=', id).execute();
}

export async function tagCourseIds(db: Conn, id: number): Promise<number[]> {
  const rows = await db.selectFrom('course_tags').select('course_id').where('tag_id', '=', id).execute();
  return rows.map((r) => r.course_id);
}

// ---- hot search words ----

export async function listHotWords(db: Conn) {
  return db.selectFrom('hot_search_words').select(['keyword', 'hot']).orderBy('sort').orderBy('id').execute();
}

export async function replaceHotWords(db: Conn, words: readonly { keyword: string; hot: boolean }[]): Promise<void> {
  await db.deleteFrom('hot_search_words').execute();
  if (words.length === 0) return;
  await db
    .insertInto('hot_search_words')
    .values(words.map((w, i) => ({ keyword: w.keyword, hot: w.hot ? 1 : 0, sort: i + 1 })))
    .execute();
}

// ---- home sections ----

/** Public courses placed in a home section, in section order then the section's own order. */
export async function listHomeCourses(db: Conn) {
  return db
    .selectFrom('courses')
    .select(['id', 'name', 'cover', 'sort', 'status', 'home_list_type'])
    .where('home_list_type', 'is not', null)
    .where('corporate_id', 'is', null)
    .orderBy('home_list_type')
    .orderBy('sort', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
