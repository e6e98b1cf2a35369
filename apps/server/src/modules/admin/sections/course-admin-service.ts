/**
 * The console's courses and chapters (issue 13, docs/console.md): reads of every course in any
 * state, and the writes — each one transaction holding the write and its audit row (before and
 * after). Once a write has committed, what learners read is brought in step the way the catalogue
 * expects its writers to (decisions 005, 006, 022): a course's search text is re-indexed
 * (`reindexCourse`, which also drops the catalogue caches), any other write drops the caches
 * (`invalidateCatalogue`); course_tags' copies of the list keys follow by trigger (migration 025).
 * A course created here is therefore found by the H5 list and search as soon as it is shelved,
 * and gone from them as soon as it is unshelved.
 *
 * Lecturers (role `lecturer`) reach only the courses of their `lecturerId` — others answer
 * ADMIN_NOT_FOUND — and may neither move a course to another lecturer nor shelve it (the route's
 * roles).
 */
import type { FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import {
  ConsoleErrorCodes,
  type AdminChapter,
  type AdminChapterCreate,
  type AdminChapterPatch,
  type AdminCourseCreate,
  type AdminCourseDetail,
  type AdminCourseListItem,
  type AdminCourseListQuery,
  type AdminCoursePatch,
} from '@jinfa/shared';
import type { Db, Trx } from '../../../db/conn.ts';
import type { CoursesTable } from '../../../db/schema.ts';
import { AppError, ValidationError } from '../../../lib/errors.ts';
import {
  attachAsset,
  chapterBought,
  countTags,
  deleteChapter as deleteChapterRow,
  detachChapterAssets,
  findAdminChapter,
  findAdminCourse,
  findCourseOwner,
  findMediaAsset,
  insertChapter,
  insertCourse,
  lecturerExists,
  listAdminChapters,
  listAdminCourses,
  listChapterIds,
  newCourseDefaults,
  nextChapterSort,
  refreshSeriesDuration,
  replaceCourseTags,
  setChapterSorts,
  subjectExists,
  updateChapter as updateChapterRow,
  updateCourse as updateCourseRow,
  type AdminChapterRow,
  type AdminCourseRow,
} from '../../courses/course-admin-repository.ts';
import { invalidateCatalogue } from '../../courses/http-cache.ts';
import { sanitizeHtml } from '../../courses/sanitize-html.ts';
import { reindexCourse } from '../../courses/search-repository.ts';
import { writeAudit } from '../audit.ts';
import { assertCourseReach, type OperatorContext } from '../guard.ts';

const ON_SHELF = 1;
const OFF_SHELF = 0;
const PUBLISHED_CHAPTER = 1;
const HIDDEN_CHAPTER = 0;

const notFound = () => new AppError(ConsoleErrorCodes.ADMIN_NOT_FOUND);
const badPrice = (message: string) => new AppError(ConsoleErrorCodes.ADMIN_BAD_PRICE, message);

// ---- presenting ----

function presentChapter(c: AdminChapterRow): AdminChapter {
  return {
    id: c.id,
    title: c.title,
    sort: c.sort,
    mediaAssetId: c.asset?.id ?? null,
    mediaStatus: c.asset?.status ?? null,
    durationSeconds: c.duration_seconds,
    price: c.price,
    isFree: c.is_free_trial === 1,
    published: c.status === PUBLISHED_CHAPTER,
  };
}

function presentCourse(c: AdminCourseRow): Omit<AdminCourseDetail, 'chapters'> {
  return {
    id: c.id,
    title: c.name,
    subtitle: c.subtitle,
    description: c.detail,
    cover: c.cover,
    lecturerId: c.lecturer_id,
    lecturerName: c.lecturer_name,
    subjectId: c.subject_id,
    subjectName: c.subject_name,
    level: c.course_level,
    courseType: c.course_type,
    mediaType: c.media_type,
    tagIds: c.tag_ids,
    price: c.price,
    vipPrice: c.vip_price,
    originalPrice: c.original_price,
    isFree: c.is_free === 1,
    memberFree: c.member_free === 1,
    activityType: c.activity_type,
    birdPrice: c.bird_price,
    enrollStartAt: c.enroll_start_at,
    enrollEndAt: c.enroll_end_at,
    appOnly: c.native_only === 1,
    needsVerifiedProfile: c.needs_verified_profile === 1,
    homeListType: c.home_list_type,
    sort: c.sort,
    durationSeconds: c.duration_seconds,
    publishedAt: c.published_at,
    corporateId: c.corporate_id,
    onShelf: c.status === ON_SHELF,
    status: c.status,
    learnerCount: c.learners_count,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

async function loadCourse(db: Db | Trx, id: number): Promise<AdminCourseRow> {
  const row = await findAdminCourse(db, id);
  if (!row) throw notFound();
  return row;
}

async function detailOf(db: Db | Trx, id: number): Promise<AdminCourseDetail> {
  const [course, chapters] = await Promise.all([loadCourse(db, id), listAdminChapters(db, id)]);
  return { ...presentCourse(course), chapters: chapters.map(presentChapter) };
}

/** The course's lecturer, after the reach check; ADMIN_NOT_FOUND when missing or out of reach. */
async function reachCourse(db: Db | Trx, op: OperatorContext, courseId: number) {
  const owner = await findCourseOwner(db, courseId);
  if (!owner) throw notFound();
  assertCourseReach(op, owner.lecturer_id);
  return owner;
}

async function reachChapter(db: Db | Trx, op: OperatorContext, chapterId: number) {
  const chapter = await findAdminChapter(db, chapterId);
  if (!chapter) throw notFound();
  const owner = await reachCourse(db, op, chapter.course_id);
  return { chapter, owner };
}

// ---- reads ----

export async function listCourses(db: Db, op: OperatorContext, query: AdminCourseListQuery) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  let lecturerId = query.lecturerId;
  if (op.role === 'lecturer') {
    // A lecturer's list is their own courses only, whatever filter is asked.
    if (op.lecturerId === null || (lecturerId !== undefined && lecturerId !== op.lecturerId)) return { items: [], total: 0, page, pageSize };
    lecturerId = op.lecturerId;
  }
  const { rows, total } = await listAdminCourses(
    db,
    { q: query.q, status: query.status, subjectId: query.subjectId, lecturerId },
    query.sort ?? 'updatedAt',
    (query.order ?? 'descend') === 'descend',
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  const items: AdminCourseListItem[] = rows.map((r) => ({
    id: r.id,
    title: r.name,
    cover: r.cover,
    lecturerId: r.lecturer_id,
    lecturerName: r.lecturer_name,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    price: r.price,
    vipPrice: r.vip_price,
    onShelf: r.status === ON_SHELF,
    status: r.status,
    chapterCount: r.chapter_count,
    learnerCount: r.learners_count,
    updatedAt: r.updated_at,
  }));
  return { items, total, page, pageSize };
}

export async function getCourse(db: Db, op: OperatorContext, id: number): Promise<AdminCourseDetail> {
  await reachCourse(db, op, id);
  return detailOf(db, id);
}

// ---- course writes ----

type CourseFields = AdminCoursePatch;

/** A cover is an http(s) URL or a path on this site; anything else (javascript:, data:) is refused. */
function checkCover(cover: string | undefined): void {
  if (cover !== undefined && cover !== '' && !/^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(cover)) throw new ValidationError('封面地址须为 http(s) 链接或站内路径');
}

/** The columns a set of edited fields writes (only what was sent). */
function columnsOf(f: CourseFields): Updateable<CoursesTable> {
  const c: Updateable<CoursesTable> = {};
  if (f.title !== undefined) c.name = f.title.trim();
  if (f.subtitle !== undefined) c.subtitle = f.subtitle.trim();
  if (f.description !== undefined) c.detail = sanitizeHtml(f.description);
  if (f.cover !== undefined) c.cover = f.cover.trim();
  if (f.lecturerId !== undefined) c.lecturer_id = f.lecturerId;
  if (f.subjectId !== undefined) c.subject_id = f.subjectId;
  if (f.level !== undefined) c.course_level = f.level;
  if (f.courseType !== undefined) c.course_type = f.courseType;
  if (f.mediaType !== undefined) c.media_type = f.mediaType;
  if (f.price !== undefined) {
    c.price = f.price;
    c.is_free = f.price === 0 ? 1 : 0;
  }
  if (f.vipPrice !== undefined) {
    c.vip_price = f.vipPrice;
    // A member price of 0 is what "free for members" means on the learner side.
    if (f.memberFree === undefined) c.member_free = f.vipPrice === 0 ? 1 : 0;
  }
  if (f.memberFree !== undefined) c.member_free = f.memberFree ? 1 : 0;
  if (f.originalPrice !== undefined) c.original_price = f.originalPrice;
  if (f.activityType !== undefined) c.activity_type = f.activityType;
  if (f.birdPrice !== undefined) c.bird_price = f.birdPrice;
  if (f.enrollStartAt !== undefined) c.enroll_start_at = f.enrollStartAt;
  if (f.enrollEndAt !== undefined) c.enroll_end_at = f.enrollEndAt;
  if (f.appOnly !== undefined) c.native_only = f.appOnly ? 1 : 0;
  if (f.needsVerifiedProfile !== undefined) c.needs_verified_profile = f.needsVerifiedProfile ? 1 : 0;
  if (f.homeListType !== undefined) c.home_list_type = f.homeListType;
  if (f.sort !== undefined) c.sort = f.sort;
  if (f.durationSeconds !== undefined) c.duration_seconds = f.durationSeconds;
  if (f.publishedAt !== undefined) c.published_at = f.publishedAt;
  return c;
}

interface PriceState {
  price: number;
  vip_price: number | null;
  bird_price: number | null;
  activity_type: number;
  enroll_start_at: number | null;
  enroll_end_at: number | null;
}

/** The prices and window as they will stand after the write must make sense together. */
function checkPrices(p: PriceState): void {
  if (p.vip_price !== null && p.vip_price > p.price) throw badPrice('会员价不能高于售价');
  if (p.bird_price !== null && p.bird_price > p.price) throw badPrice('早鸟价不能高于售价');
  if (p.activity_type === 2 && p.bird_price === null) throw badPrice('早鸟活动须设置早鸟价');
  if (p.enroll_start_at !== null && p.enroll_end_at !== null && p.enroll_end_at <= p.enroll_start_at) throw badPrice('报名结束时间须晚于开始时间');
}

/** Lecturer, subject and tags named by the edit exist. */
async function checkReferences(db: Db | Trx, f: CourseFields): Promise<void> {
  if (f.lecturerId !== undefined && !(await lecturerExists(db, f.lecturerId))) throw new AppError(ConsoleErrorCodes.ADMIN_BAD_REFERENCE, '所选讲师不存在');
  if (f.subjectId !== undefined && !(await subjectExists(db, f.subjectId))) throw new AppError(ConsoleErrorCodes.ADMIN_BAD_REFERENCE, '所选学科不存在');
  if (f.tagIds !== undefined && (await countTags(db, f.tagIds)) !== new Set(f.tagIds).size) throw new AppError(ConsoleErrorCodes.ADMIN_BAD_REFERENCE, '所选标签不存在');
}

function checkTitle(f: CourseFields): void {
  if (f.title !== undefined && f.title.trim() === '') throw new ValidationError('请填写课程名称');
}

export async function createCourse(db: Db, request: FastifyRequest, op: OperatorContext, body: AdminCourseCreate): Promise<AdminCourseDetail> {
  if (op.role === 'lecturer' && (op.lecturerId === null || body.lecturerId !== op.lecturerId)) throw new AppError(ConsoleErrorCodes.ADMIN_FORBIDDEN, '讲师只能为自己创建课程');
  checkTitle(body);
  checkCover(body.cover);
  const now = Date.now();
  const price = body.price ?? 0;
  const values = {
    name: body.title.trim(),
    subtitle: '',
    cover: '',
    detail: '',
    course_type: 1,
    course_level: 1,
    subject_id: body.subjectId,
    lecturer_id: body.lecturerId,
    media_type: 1,
    price,
    vip_price: null,
    original_price: price,
    is_free: price === 0 ? 1 : 0,
    ...newCourseDefaults(now),
    // Lands off the shelf: shelving is its own, audited step.
    status: OFF_SHELF,
    duration_seconds: null,
    enroll_start_at: null,
    enroll_end_at: null,
    bird_price: null,
    ...columnsOf(body),
  };
  checkPrices(values);
  const id = await db.transaction().execute(async (trx) => {
    await checkReferences(trx, body);
    const courseId = await insertCourse(trx, values);
    if (body.tagIds) await replaceCourseTags(trx, courseId, body.tagIds);
    const after = presentCourse(await loadCourse(trx, courseId));
    await writeAudit(trx, request, { action: 'course.create', targetType: 'course', targetId: courseId, before: null, after });
    return courseId;
  });
  await reindexCourse(db, id);
  return detailOf(db, id);
}

export async function updateCourse(db: Db, request: FastifyRequest, op: OperatorContext, id: number, body: AdminCoursePatch): Promise<AdminCourseDetail> {
  checkTitle(body);
  checkCover(body.cover);
  await db.transaction().execute(async (trx) => {
    await reachCourse(trx, op, id);
    if (op.role === 'lecturer' && body.lecturerId !== undefined && body.lecturerId !== op.lecturerId) throw new AppError(ConsoleErrorCodes.ADMIN_FORBIDDEN, '讲师不能把课程转给其他讲师');
    const before = await loadCourse(trx, id);
    const columns = columnsOf(body);
    checkPrices({ ...before, ...(columns as Partial<PriceState>) });
    await checkReferences(trx, body);
    await updateCourseRow(trx, id, { ...columns, updated_at: Date.now() });
    if (body.tagIds) await replaceCourseTags(trx, id, body.tagIds);
    if (body.courseType !== undefined) await refreshSeriesDuration(trx, id);
    const after = await loadCourse(trx, id);
    await writeAudit(trx, request, { action: 'course.update', targetType: 'course', targetId: id, before: presentCourse(before), after: presentCourse(after) });
  });
  // Title, subtitle, lecturer, subject or tags may have changed: the search text follows.
  await reindexCourse(db, id);
  return detailOf(db, id);
}

export async function shelfCourse(db: Db, request: FastifyRequest, op: OperatorContext, id: number, onShelf: boolean): Promise<AdminCourseDetail> {
  await db.transaction().execute(async (trx) => {
    await reachCourse(trx, op, id);
    const before = await loadCourse(trx, id);
    const status = onShelf ? ON_SHELF : OFF_SHELF;
    await updateCourseRow(trx, id, { status, updated_at: Date.now() });
    await writeAudit(trx, request, {
      action: 'course.shelf',
      targetType: 'course',
      targetId: id,
      before: { onShelf: before.status === ON_SHELF, status: before.status },
      after: { onShelf, status },
    });
  });
  invalidateCatalogue(db);
  return detailOf(db, id);
}

// ---- chapters ----

/** Points `assetId` at the chapter: an unattached upload or one already of this course. */
async function attachMedia(trx: Trx, courseId: number, chapterId: number, assetId: number | null, now: number): Promise<number | null> {
  if (assetId === null) {
    await detachChapterAssets(trx, chapterId, now);
    return null;
  }
  const asset = await findMediaAsset(trx, assetId);
  if (!asset) throw new AppError(ConsoleErrorCodes.ADMIN_BAD_REFERENCE, '所选媒体不存在');
  const library = asset.course_id === null && (asset.source === 'demo' || asset.source === 'fallback');
  if (library || (asset.course_id !== null && asset.course_id !== courseId)) throw new AppError(ConsoleErrorCodes.ADMIN_MEDIA_TAKEN);
  await attachAsset(trx, assetId, courseId, chapterId, now);
  return asset.duration_seconds;
}

async function afterChapterWrite(trx: Trx, courseId: number, now: number): Promise<void> {
  await refreshSeriesDuration(trx, courseId);
  await updateCourseRow(trx, courseId, { updated_at: now });
}

async function loadChapter(trx: Trx, id: number): Promise<AdminChapterRow> {
  const row = await findAdminChapter(trx, id);
  if (!row) throw notFound();
  return row;
}

function checkChapterTitle(title: string | undefined): void {
  if (title !== undefined && title.trim() === '') throw new ValidationError('请填写章节名称');
}

export async function createChapter(db: Db, request: FastifyRequest, op: OperatorContext, courseId: number, body: AdminChapterCreate): Promise<AdminChapter> {
  checkChapterTitle(body.title);
  const chapter = await db.transaction().execute(async (trx) => {
    await reachCourse(trx, op, courseId);
    const now = Date.now();
    const isFree = body.isFree ?? false;
    const chapterId = await insertChapter(trx, {
      course_id: courseId,
      title: body.title.trim(),
      sort: await nextChapterSort(trx, courseId),
      duration_seconds: body.durationSeconds ?? null,
      is_free_trial: isFree ? 1 : 0,
      // A free trial chapter is not sold.
      price: isFree ? 0 : (body.price ?? 0),
      status: (body.published ?? true) ? PUBLISHED_CHAPTER : HIDDEN_CHAPTER,
    });
    if (body.mediaAssetId !== undefined && body.mediaAssetId !== null) {
      const seconds = await attachMedia(trx, courseId, chapterId, body.mediaAssetId, now);
      if (body.durationSeconds === undefined && seconds !== null) await updateChapterRow(trx, chapterId, { duration_seconds: Math.round(seconds) });
    }
    await afterChapterWrite(trx, courseId, now);
    const after = presentChapter(await loadChapter(trx, chapterId));
    await writeAudit(trx, request, { action: 'chapter.create', targetType: 'chapter', targetId: chapterId, before: null, after: { courseId, ...after } });
    return after;
  });
  invalidateCatalogue(db);
  return chapter;
}

export async function updateChapter(db: Db, request: FastifyRequest, op: OperatorContext, id: number, body: AdminChapterPatch): Promise<AdminChapter> {
  checkChapterTitle(body.title);
  const chapter = await db.transaction().execute(async (trx) => {
    const { chapter: before, owner } = await reachChapter(trx, op, id);
    const now = Date.now();
    const isFree = body.isFree ?? before.is_free_trial === 1;
    const patch: Parameters<typeof updateChapterRow>[2] = {};
    if (body.title !== undefined) patch.title = body.title.trim();
    if (body.isFree !== undefined) patch.is_free_trial = body.isFree ? 1 : 0;
    if (body.price !== undefined || body.isFree !== undefined) patch.price = isFree ? 0 : (body.price ?? before.price);
    if (body.published !== undefined) patch.status = body.published ? PUBLISHED_CHAPTER : HIDDEN_CHAPTER;
    if (body.durationSeconds !== undefined) patch.duration_seconds = body.durationSeconds;
    if (body.mediaAssetId !== undefined) {
      const seconds = await attachMedia(trx, owner.id, id, body.mediaAssetId, now);
      if (body.durationSeconds === undefined && seconds !== null) patch.duration_seconds = Math.round(seconds);
    }
    if (Object.keys(patch).length > 0) await updateChapterRow(trx, id, patch);
    await afterChapterWrite(trx, owner.id, now);
    const after = presentChapter(await loadChapter(trx, id));
    await writeAudit(trx, request, { action: 'chapter.update', targetType: 'chapter', targetId: id, before: { courseId: owner.id, ...presentChapter(before) }, after: { courseId: owner.id, ...after } });
    return after;
  });
  invalidateCatalogue(db);
  return chapter;
}

export async function deleteChapter(db: Db, request: FastifyRequest, op: OperatorContext, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { chapter, owner } = await reachChapter(trx, op, id);
    if (await chapterBought(trx, id)) throw new AppError(ConsoleErrorCodes.ADMIN_CHAPTER_BOUGHT);
    const now = Date.now();
    // Uploaded media outlives the chapter (back to the unattached pool) rather than cascading away.
    await detachChapterAssets(trx, id, now);
    await deleteChapterRow(trx, id);
    await afterChapterWrite(trx, owner.id, now);
    await writeAudit(trx, request, { action: 'chapter.delete', targetType: 'chapter', targetId: id, before: { courseId: owner.id, ...presentChapter(chapter) }, after: null });
  });
  invalidateCatalogue(db);
}

export async function reorderChapters(db: Db, request: FastifyRequest, op: OperatorContext, courseId: number, chapterIds: readonly number[]): Promise<AdminChapter[]> {
  const chapters = await db.transaction().execute(async (trx) => {
    await reachCourse(trx, op, courseId);
    const current = await listChapterIds(trx, courseId);
    const asked = new Set(chapterIds);
    // Exactly the course's chapters, each once: no missing, foreign or repeated id.
    if (asked.size !== chapterIds.length || chapterIds.length !== current.length || !current.every((cid) => asked.has(cid))) throw new AppError(ConsoleErrorCodes.ADMIN_BAD_ORDER);
    await setChapterSorts(trx, courseId, chapterIds);
    await updateCourseRow(trx, courseId, { updated_at: Date.now() });
    await writeAudit(trx, request, { action: 'chapter.reorder', targetType: 'course', targetId: courseId, before: { chapterIds: current }, after: { chapterIds: [...chapterIds] } });
    return listAdminChapters(trx, courseId);
  });
  invalidateCatalogue(db);
  return chapters.map(presentChapter);
}
