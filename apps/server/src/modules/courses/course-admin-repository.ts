/**
 * The console's reads and writes of courses and chapters (issue 13, docs/console.md): every
 * course in any state, not only the listed ones the catalogue reads. Plain rows in and out; the
 * console service (modules/admin/sections/course-admin-service.ts) holds the rules, the
 * transaction and the audit row, and keeps the learner-facing derived data (search index, caches)
 * true after it commits.
 *
 * List paging (migration 027): a page walks one index in the asked order and stops after the page;
 * the total counts entries of the covering index `console_courses_count`, never course rows.
 */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Conn } from '../../db/conn.ts';
import type { CoursesTable, ChaptersTable } from '../../db/schema.ts';
import { containsPattern, likeContains } from '../../db/dialect.ts';

export interface AdminCourseFilter {
  q?: string | undefined;
  status?: number | undefined;
  subjectId?: number | undefined;
  lecturerId?: number | undefined;
}

export type AdminCourseSort = 'updatedAt' | 'price' | 'learnerCount' | 'id';

const SORT_COLUMN = { updatedAt: 'courses.updated_at', price: 'courses.price', learnerCount: 'courses.learners_count', id: 'courses.id' } as const;

function filtered(db: Conn, f: AdminCourseFilter) {
  let q = db.selectFrom('courses');
  if (f.lecturerId !== undefined) q = q.where('courses.lecturer_id', '=', f.lecturerId);
  if (f.subjectId !== undefined) q = q.where('courses.subject_id', '=', f.subjectId);
  if (f.status !== undefined) q = q.where('courses.status', '=', f.status);
  const text = f.q?.trim();
  if (text) q = q.where(containsPattern(db, sql.ref('courses.name'), likeContains(text)));
  return q;
}

/** The count query of a filter (its plan is asserted by the tests). */
export function adminCourseCountQuery(db: Conn, f: AdminCourseFilter) {
  return filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n'));
}

export function adminCoursePageQuery(db: Conn, f: AdminCourseFilter, sort: AdminCourseSort, desc: boolean, page: { limit: number; offset: number }) {
  const dir = desc ? 'desc' : 'asc';
  let q = filtered(db, f)
    .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
    .innerJoin('subjects', 'subjects.id', 'courses.subject_id')
    .select([
      'courses.id',
      'courses.name',
      'courses.cover',
      'courses.lecturer_id',
      'lecturers.name as lecturer_name',
      'courses.subject_id',
      'subjects.name as subject_name',
      'courses.price',
      'courses.vip_price',
      'courses.status',
      'courses.learners_count',
      'courses.updated_at',
    ])
    .select((eb) => eb.selectFrom('chapters').select((e) => e.fn.countAll<number>().as('n')).whereRef('chapters.course_id', '=', 'courses.id').as('chapter_count'))
    .orderBy(SORT_COLUMN[sort], dir);
  if (sort !== 'id') q = q.orderBy('courses.id', dir);
  return q.limit(page.limit).offset(page.offset);
}

export async function listAdminCourses(db: Conn, f: AdminCourseFilter, sort: AdminCourseSort, desc: boolean, page: { limit: number; offset: number }) {
  const rows = await adminCoursePageQuery(db, f, sort, desc, page).execute();
  // A first page shorter than the page size is the whole list: no count needed.
  const total = page.offset === 0 && rows.length < page.limit ? rows.length : Number((await adminCourseCountQuery(db, f).executeTakeFirst())?.n ?? 0);
  return { rows: rows.map((r) => ({ ...r, chapter_count: Number(r.chapter_count ?? 0) })), total };
}

/** What a reach check needs: the course's lecturer. */
export function findCourseOwner(db: Conn, id: number): Promise<{ id: number; lecturer_id: number; course_type: number } | undefined> {
  return db.selectFrom('courses').select(['id', 'lecturer_id', 'course_type']).where('id', '=', id).executeTakeFirst();
}

/** One course in any state with its lecturer's and subject's names and its tag ids. */
export async function findAdminCourse(db: Conn, id: number) {
  const row = await db
    .selectFrom('courses')
    .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
    .innerJoin('subjects', 'subjects.id', 'courses.subject_id')
    .selectAll('courses')
    .select(['lecturers.name as lecturer_name', 'subjects.name as subject_name'])
    .where('courses.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const tags = await db.selectFrom('course_tags').select('tag_id').where('course_id', '=', id).orderBy('tag_id').execute();
  return { ...row, tag_ids: tags.map((t) => t.tag_id) };
}
export type AdminCourseRow = NonNullable<Awaited<ReturnType<typeof findAdminCourse>>>;

/** A course's chapters in playing order, each with its newest media asset (any state). */
export async function listAdminChapters(db: Conn, courseId: number) {
  const [chapters, assets] = await Promise.all([
    db
      .selectFrom('chapters')
      .select(['id', 'course_id', 'title', 'sort', 'duration_seconds', 'is_free_trial', 'price', 'status'])
      .where('course_id', '=', courseId)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('media_assets')
      .select(['id', 'chapter_id', 'status'])
      .where('course_id', '=', courseId)
      .where('chapter_id', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  // Ascending ids: the newest asset of each chapter is the one left in the map.
  const newest = new Map(assets.map((a) => [a.chapter_id, a]));
  return chapters.map((c) => ({ ...c, asset: newest.get(c.id) ?? null }));
}
export type AdminChapterRow = Awaited<ReturnType<typeof listAdminChapters>>[number];

export async function findAdminChapter(db: Conn, id: number): Promise<AdminChapterRow | undefined> {
  const chapter = await db
    .selectFrom('chapters')
    .select(['id', 'course_id', 'title', 'sort', 'duration_seconds', 'is_free_trial', 'price', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!chapter) return undefined;
  const asset = await db
    .selectFrom('media_assets')
    .select(['id', 'chapter_id', 'status'])
    .where('course_id', '=', chapter.course_id)
    .where('chapter_id', '=', id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { ...chapter, asset: asset ?? null };
}

/**
 * The columns every new course starts with, whoever makes it (the console, test factories): a plain
 * course for everyone, no learners yet, published and made `now`.
 */
export function newCourseDefaults(now: number) {
  return {
    member_free: 0,
    home_list_type: null,
    activity_type: 0,
    corporate_id: null,
    native_only: 0,
    needs_verified_profile: 0,
    learners_count: 0,
    sort: 0,
    published_at: now,
    created_at: now,
    updated_at: now,
  } satisfies Partial<Insertable<CoursesTable>>;
}

export async function insertCourse(db: Conn, values: Insertable<CoursesTable>): Promise<number> {
  const row = await db.insertInto('courses').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCourse(db: Conn, id: number, values: Updateable<CoursesTable>): Promise<void> {
  await db.updateTable('courses').set(values).where('id', '=', id).execute();
}

/** Replaces a course's tags (triggers copy the list keys onto the new rows, migration 025). */
export async function replaceCourseTags(db: Conn, courseId: number, tagIds: readonly number[]): Promise<void> {
  await db.deleteFrom('course_tags').where('course_id', '=', courseId).execute();
  if (tagIds.length > 0) await db.insertInto('course_tags').values(tagIds.map((tag_id) => ({ course_id: courseId, tag_id }))).execute();
}

export async function lecturerExists(db: Conn, id: number): Promise<boolean> {
  return (await db.selectFrom('lecturers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function subjectExists(db: Conn, id: number): Promise<boolean> {
  return (await db.selectFrom('subjects').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function countTags(db: Conn, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db.selectFrom('tags').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nextChapterSort(db: Conn, courseId: number): Promise<number> {
  const row = await db.selectFrom('chapters').select((eb) => eb.fn.max('sort').as('top')).where('course_id', '=', courseId).executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

export async function insertChapter(db: Conn, values: Insertable<ChaptersTable>): Promise<number> {
  const row = await db.insertInto('chapters').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateChapter(db: Conn, id: number, values: Updateable<ChaptersTable>): Promise<void> {
  await db.updateTable('chapters').set(values).where('id', '=', id).execute();
}

export async function deleteChapter(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('chapters').where('id', '=', id).execute();
}

/**
 * Whether anyone holds or is paying for this chapter: a chapter grant, or a paid or pending order
 * naming it (a pending one may still be paid, and its fulfilment needs the chapter).
 */
export async function chapterBought(db: Conn, id: number): Promise<boolean> {
  const granted = await db.selectFrom('user_chapters').select('id').where('chapter_id', '=', id).limit(1).executeTakeFirst();
  if (granted) return true;
  const ordered = await db.selectFrom('orders').select('id').where('chapter_id', '=', id).where('status', 'in', ['paid', 'pending']).limit(1).executeTakeFirst();
  return ordered !== undefined;
}

export async function listChapterIds(db: Conn, courseId: number): Promise<number[]> {
  const rows = await db.selectFrom('chapters').select('id').where('course_id', '=', courseId).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Writes sort = position (1-based) for each id, in the given order. */
export async function setChapterSorts(db: Conn, courseId: number, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await db.updateTable('chapters').set({ sort: i + 1 }).where('id', '=', id).where('course_id', '=', courseId).execute();
  }
}

/** A series lasts as long as its published chapters (null while none says how long). */
export async function refreshSeriesDuration(db: Conn, courseId: number): Promise<void> {
  const row = await db
    .selectFrom('chapters')
    .select((eb) => [eb.fn.sum<number>('duration_seconds').as('total'), eb.fn.count<number>('duration_seconds').as('known')])
    .where('course_id', '=', courseId)
    .where('status', '=', 1)
    .executeTakeFirst();
  const duration = Number(row?.known ?? 0) > 0 ? Number(row?.total ?? 0) : null;
  await db.updateTable('courses').set({ duration_seconds: duration }).where('id', '=', courseId).where('course_type', '=', 2).execute();
}

export function findMediaAsset(db: Conn, id: number) {
  return db.selectFrom('media_assets').select(['id', 'course_id', 'chapter_id', 'status', 'source', 'duration_seconds']).where('id', '=', id).executeTakeFirst();
}

/** Points an asset at a chapter of a course; the newest asset of a chapter is the one that plays. */
export async function attachAsset(db: Conn, assetId: number, courseId: number, chapterId: number, now: number): Promise<void> {
  await db.updateTable('media_assets').set({ course_id: courseId, chapter_id: chapterId, updated_at: now }).where('id', '=', assetId).execute();
}

/** Leaves a chapter without media: its uploaded assets go back to the unattached pool. */
export async function detachChapterAssets(db: Conn, chapterId: number, now: number): Promise<void> {
  await db
    .updateTable('media_assets')
    .set({ course_id: null, chapter_id: null, updated_at: now })
    .where('chapter_id', '=', chapterId)
    .where('source', 'not in', ['demo', 'fallback'])
    .execute();
}

// ---- lookups ----

export function listSubjectNames(db: Conn) {
  return db.selectFrom('subjects').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
}

export function listLecturerNames(db: Conn) {
  return db.selectFrom('lecturers').select(['id', 'name']).orderBy('id').execute();
}

export function listTagNames(db: Conn) {
  return db.selectFrom('tags').select(['id', 'name']).orderBy('id').execute();
}
