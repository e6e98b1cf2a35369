/**
 * The console's home and discovery section (issue 13, docs/console.md "Home and discovery"):
 * banners, tags, search hot words and the home sections. Each write is one transaction holding
 * the write and its audit row; once it has committed, the catalogue caches are dropped
 * (`invalidateCatalogue`, other instances follow within their 5 s TTL) so the H5 home, search
 * and tag lists show the change at once. Renaming a tag re-indexes the courses that carry it
 * (the search text holds tag names). Home sections are changed through
 * `PATCH /v1/admin/courses/:id {homeListType, sort}` (course-admin-service.ts).
 */
import {
  ConsoleErrorCodes,
  type AdminBanner,
  type AdminBannerCreate,
  type AdminBannerPage,
  type AdminBannerPatch,
  type AdminHomeSections,
  type AdminHotWord,
  type AdminHotWords,
  type AdminTag,
  type AdminTagListQuery,
  type AdminTagPage,
} from '@jinfa/shared';
import type { Conn, Db } from '../../../db/conn.ts';
import type { BannersTable } from '../../../db/schema.ts';
import type { Updateable } from 'kysely';
import { AppError } from '../../../lib/errors.ts';
import { EXHIBITION_TITLES } from '../../courses/course-service.ts';
import { CourseStatus } from '../../courses/course-state.ts';
import {
  countTagRows,
  deleteBanner as deleteBannerRow,
  deleteTag as deleteTagRow,
  findBanner,
  findTag,
  findTagByName,
  insertBanner,
  insertTag,
  listBanners as listBannerRows,
  listHomeCourses,
  listHotWords,
  listTags as listTagRows,
  nextBannerSort,
  renameTag as renameTagRow,
  replaceHotWords,
  tagCourseIds,
  updateBanner as updateBannerRow,
  type AdminBannerRow,
} from '../../courses/discovery-admin-repository.ts';
import { invalidateCatalogue } from '../../courses/http-cache.ts';
import { reindexCourse } from '../../courses/search-repository.ts';
import type { AuditFn } from './section-kit.ts';
import { pageOf, paging } from './section-kit.ts';

const notFound = () => new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);

function presentBanner(b: AdminBannerRow): AdminBanner {
  return { id: b.id, title: b.title, image: b.image, linkType: b.link_type, link: b.link, sort: b.sort, enabled: b.enabled === 1 };
}

// ---- banners ----

export async function listBanners(db: Db): Promise<AdminBannerPage> {
  const items = (await listBannerRows(db)).map(presentBanner);
  return pageOf(items, items.length, 1, Math.max(items.length, 1));
}

async function bannerOrThrow(db: Conn, id: number): Promise<AdminBannerRow> {
  const row = await findBanner(db, id);
  if (!row) throw notFound();
  return row;
}

export async function createBanner(db: Db, audit: AuditFn, body: AdminBannerCreate): Promise<AdminBanner> {
  const banner = await db.transaction().execute(async (trx) => {
    const id = await insertBanner(trx, {
      title: body.title.trim() || body.title,
      image: body.image,
      link_type: body.linkType,
      link: body.link.trim() || body.link,
      sort: await nextBannerSort(trx),
      enabled: body.enabled === false ? 0 : 1,
    });
    const after = presentBanner(await bannerOrThrow(trx, id));
    await audit(trx, { action: 'banner.create', targetType: 'banner', targetId: id, before: null, after });
    return after;
  });
  invalidateCatalogue(db);
  return banner;
}

export async function updateBanner(db: Db, audit: AuditFn, id: number, body: AdminBannerPatch): Promise<AdminBanner> {
  const banner = await db.transaction().execute(async (trx) => {
    const before = presentBanner(await bannerOrThrow(trx, id));
    const set: Updateable<BannersTable> = {};
    if (body.title !== undefined) set.title = body.title;
    if (body.image !== undefined) set.image = body.image;
    if (body.linkType !== undefined) set.link_type = body.linkType;
    if (body.link !== undefined) set.link = body.link;
    if (body.enabled !== undefined) set.enabled = body.enabled ? 1 : 0;
    await updateBannerRow(trx, id, set);
    const after = presentBanner(await bannerOrThrow(trx, id));
    await audit(trx, { action: 'banner.update', targetType: 'banner', targetId: id, before, after });
    return after;
  });
  invalidateCatalogue(db);
  return banner;
}

export async function deleteBanner(db: Db, audit: AuditFn, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = presentBanner(await bannerOrThrow(trx, id));
    await deleteBannerRow(trx, id);
    await audit(trx, { action: 'banner.delete', targetType: 'banner', targetId: id, before, after: null });
  });
  invalidateCatalogue(db);
}

/** `bannerIds` must be every public banner once; the first is shown first. */
export async function reorderBanners(db: Db, audit: AuditFn, bannerIds: readonly number[]): Promise<AdminBannerPage> {
  await db.transaction().execute(async (trx) => {
    const rows = await listBannerRows(trx);
    const known = new Set(rows.map((r) => r.id));
    const asked = new Set(bannerIds);
    if (asked.size !== bannerIds.length || asked.size !== known.size || bannerIds.some((id) => !known.has(id))) {
      throw new AppError(ConsoleErrorCodes.ADMIN_BANNER_ORDER);
    }
    const n = bannerIds.length;
    for (const [i, id] of bannerIds.entries()) await updateBannerRow(trx, id, { sort: n - i });
    await audit(trx, { action: 'banner.reorder', targetType: 'banner', targetId: null, before: rows.map((r) => r.id), after: [...bannerIds] });
  });
  invalidateCatalogue(db);
  return listBanners(db);
}

// ---- tags ----

export async function listTags(db: Db, query: AdminTagListQuery): Promise<AdminTagPage> {
  const { page, pageSize, offset } = paging(query);
  const q = query.q?.trim() || undefined;
  const [rows, total] = await Promise.all([listTagRows(db, q, { limit: pageSize, offset }), countTagRows(db, q)]);
  return pageOf(
    rows.map((r) => ({ id: r.id, name: r.name, courseCount: r.course_count })),
    total,
    page,
    pageSize,
  );
}

function tagName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new AppError(ConsoleErrorCodes.ADMIN_TAG_NAME_EMPTY);
  return name;
}

export async function createTag(db: Db, audit: AuditFn, rawName: string): Promise<AdminTag> {
  const name = tagName(rawName);
  const tag = await db.transaction().execute(async (trx) => {
    if (await findTagByName(trx, name)) throw new AppError(ConsoleErrorCodes.ADMIN_TAG_EXISTS);
    const id = await insertTag(trx, name);
    await audit(trx, { action: 'tag.create', targetType: 'tag', targetId: id, before: null, after: { id, name } });
    return { id, name, courseCount: 0 };
  });
  invalidateCatalogue(db);
  return tag;
}

export async function renameTag(db: Db, audit: AuditFn, id: number, rawName: string): Promise<AdminTag> {
  const name = tagName(rawName);
  const { tag, courseIds } = await db.transaction().execute(async (trx) => {
    const before = await findTag(trx, id);
    if (!before) throw notFound();
    const same = await findTagByName(trx, name);
    if (same && same.id !== id) throw new AppError(ConsoleErrorCodes.ADMIN_TAG_EXISTS);
    await renameTagRow(trx, id, name);
    await audit(trx, { action: 'tag.rename', targetType: 'tag', targetId: id, before, after: { id, name } });
    const courseIds = await tagCourseIds(trx, id);
    return { tag: { id, name, courseCount: courseIds.length }, courseIds };
  });
  for (const courseId of courseIds) await reindexCourse(db, courseId);
  invalidateCatalogue(db);
  return tag;
}

export async function deleteTag(db: Db, audit: AuditFn, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findTag(trx, id);
    if (!before) throw notFound();
    if ((await tagCourseIds(trx, id)).length > 0) throw new AppError(ConsoleErrorCodes.ADMIN_TAG_IN_USE);
    await deleteTagRow(trx, id);
    await audit(trx, { action: 'tag.delete', targetType: 'tag', targetId: id, before, after: null });
  });
  invalidateCatalogue(db);
}

// ---- hot search words ----

export async function getHotWords(db: Db): Promise<AdminHotWords> {
  return { words: (await listHotWords(db)).map((r) => ({ keyword: r.keyword, hot: r.hot === 1 })) };
}

export async function setHotWords(db: Db, audit: AuditFn, words: readonly AdminHotWord[]): Promise<AdminHotWords> {
  const cleaned = words.map((w) => ({ keyword: w.keyword.trim(), hot: w.hot }));
  const distinct = new Set(cleaned.map((w) => w.keyword));
  if (cleaned.some((w) => !w.keyword) || distinct.size !== cleaned.length) throw new AppError(ConsoleErrorCodes.ADMIN_HOT_WORD_INVALID);
  await db.transaction().execute(async (trx) => {
    const before = (await listHotWords(trx)).map((r) => ({ keyword: r.keyword, hot: r.hot === 1 }));
    await replaceHotWords(trx, cleaned);
    await audit(trx, { action: 'hot_words.set', targetType: 'hot_words', targetId: null, before, after: cleaned });
  });
  invalidateCatalogue(db);
  return getHotWords(db);
}

// ---- home sections ----

export async function homeSections(db: Db): Promise<AdminHomeSections> {
  const rows = await listHomeCourses(db);
  const sections = Object.keys(EXHIBITION_TITLES)
    .map(Number)
    .sort((a, b) => a - b)
    .map((type) => ({
      type,
      title: EXHIBITION_TITLES[type] ?? '',
      courses: rows.filter((r) => r.home_list_type === type).map((r) => ({ id: r.id, title: r.name, cover: r.cover, sort: r.sort, onShelf: r.status === CourseStatus.ON_SHELF })),
    }));
  return { sections };
}
