/**
 * The catalogue's read rules: which courses a list shows, the course states a course page
 * answers with (spec §8), and the shapes the H5 receives.
 *
 * Course states:
 * - unknown id → -10004 (not found);
 * - off shelf (status 0) → -1281, not started (status 2) → -45061, on the page and on its
 *   series and related lists alike;
 * - an on-shelf course with no duration or no published chapter is still readable (the page
 *   shows 暂未更新); only its chapter list answers -45063 (not yet updated), because that is
 *   the one call with nothing to show.
 */
import type { Kysely } from 'kysely';
import { ErrorCodes, type AccessReason, type Banner, type CourseAccessBy, type Chapter, type CourseCard, type CourseDetail, type CoursePage, type CourseListQuery, type ExhibitionSection, type HotSearch, type Subject, type TagSummary } from '@jinfa/shared';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import {
  findCourseWithLecturer,
  findPublishedChapters,
  findCourseForCaller,
  findCallerCourseState,
  listCourseCards,
  listHotTags,
  listPublicBanners,
  listHotSearchWords,
  listRelatedCards,
  listSubjectsWithCounts,
  type CourseDetailRow,
  type CourseFilter,
} from './course-repository.ts';
import { toCourseCard } from './course-card.ts';
import { toChapter, toCourseDetail } from './course-presenter.ts';
import { catalogueCacheFor, type ResponseCache } from './http-cache.ts';
import { assertCourseOnShelf } from './course-state.ts';
import { parseKeyword } from './search-terms.ts';
import type { UserCourseSource, UserRow } from '../../db/schema.ts';

type Db = Kysely<DB>;

/** Home exhibition zones (spec §3 home list types) with the titles the home page shows. */
export const EXHIBITION_TITLES: Readonly<Record<number, string>> = {
  1: '基础会员专区',
  2: '老课特价专区',
  3: '专题会员专区',
  4: '福利专区',
};

/**
 * The initial hot searches (migration 030 copies them into `hot_search_words`, which the console
 * edits and `/v1/search/hot` reads). Curated hot searches: what learners in banking law look for, limited to words the catalogue
 * answers (a test searches each one) — 保理 and 信用证 wait until there is a course on them.
 */
export const HOT_SEARCHES: readonly HotSearch[] = [
  { keyword: '反洗钱', hot: true },
  { keyword: '民法典', hot: true },
  { keyword: '担保', hot: true },
  { keyword: '个人信息保护', hot: true },
  { keyword: '票据', hot: false },
  { keyword: '不良资产', hot: false },
  { keyword: '破产', hot: false },
  { keyword: '金融借款', hot: false },
  { keyword: '支付结算', hot: false },
  { keyword: '关联交易', hot: false },
];


function pageOf(q: { pageIndex?: number | undefined; pageSize?: number | undefined }) {
  const size = q.pageSize ?? 10;
  return { limit: size, offset: ((q.pageIndex ?? 1) - 1) * size };
}

export async function listCourses(db: Db, q: CourseListQuery): Promise<CoursePage> {
  const filter: CourseFilter = {
    listType: q.listType,
    subjectId: q.subjectId,
    tagId: q.tagId,
    isFree: q.isFree,
    courseType: q.courseType,
    courseLevel: q.courseLevel,
    activityType: q.activityType,
    corporateId: q.corporateId,
    words: parseKeyword(q.keyword),
  };
  const { rows, total } = await listCourseCards(db, filter, q.sort ?? 'default', pageOf(q));
  return { rows: rows.map(toCourseCard), total };
}

export async function latestCourses(db: Db, size: number): Promise<CourseCard[]> {
  const { rows } = await listCourseCards(db, {}, 'latest', { limit: size, offset: 0 });
  return rows.map(toCourseCard);
}

/** Courses with a member price (spec: 专题会员 / special VIP list). */
export async function specialVipCourses(db: Db, page: { pageIndex?: number; pageSize?: number }): Promise<CoursePage> {
  const { rows, total } = await listCourseCards(db, { listType: 3 }, 'default', pageOf(page));
  return { rows: rows.map(toCourseCard), total };
}

export async function corporateCourses(db: Db, corporateId: number, page: { pageIndex?: number; pageSize?: number }): Promise<CoursePage> {
  const { rows, total } = await listCourseCards(db, { corporateId }, 'default', pageOf(page));
  return { rows: rows.map(toCourseCard), total };
}

/** The home zones in type order; zones with no course are left out. */
export async function exhibitionSections(db: Db, size: number, type?: number): Promise<ExhibitionSection[]> {
  const types = type !== undefined ? [type] : Object.keys(EXHIBITION_TITLES).map(Number);
  const sections: ExhibitionSection[] = [];
  for (const t of types) {
    const { rows } = await listCourseCards(db, { homeListType: t }, 'default', { limit: size, offset: 0 });
    if (rows.length > 0) sections.push({ type: t, title: EXHIBITION_TITLES[t] ?? '', courses: rows.map(toCourseCard) });
  }
  return sections;
}

/** A course a learner may open, or the code that says why not. */
async function readableCourse(db: Db, id: number): Promise<CourseDetailRow> {
  return assertCourseOnShelf(await findCourseWithLecturer(db, id));
}

/** The caller fields the course page looks at: who they are and the membership they hold. */
export type CourseCaller = Pick<UserRow, 'id' | 'user_type' | 'member_expire_at' | 'corporate_id'>;

/** Whether and why the caller may study the whole course (the page's owned, accessBy, accessReason). */
export interface CourseAccess {
  owned: boolean;
  accessBy: CourseAccessBy | null;
  accessReason: AccessReason;
}

/**
 * The access module's verdict for the course page (decision 024), passed in at start-up from
 * app.ts: courses never imports access. `known` is the caller's grant, read in the page's own
 * statement (decision 022), so the verdict reads it no second time.
 */
export type CourseAccessReader = (
  db: Db,
  caller: CourseCaller,
  course: CourseDetailRow,
  now: number,
  known: { source: UserCourseSource; order_kind: number | null } | null,
) => Promise<CourseAccess>;

export async function courseDetail(db: Db, id: number, caller: CourseCaller | null, access: CourseAccessReader, now = Date.now()): Promise<CourseDetail> {
  if (caller === null) return toCourseDetail(await readableCourse(db, id), null);
  const store = catalogueCacheFor(db);
  const shared = store.ttlMs > 0 ? sharedCourseRow(store, id, now) : undefined;
  if (shared) {
    // The course row as every caller sees it (kept like the anonymous page, decision 006), and
    // this caller's favourite and owned row in one small query (decision 022).
    const course = assertCourseOnShelf(shared);
    const mine = await findCallerCourseState(db, id, caller.id);
    return toCourseDetail(course, { isFavorite: mine.isFavorite, ...(await access(db, caller, course, now, mine.owned)) });
  }
  // Signed in: the page, the favourite and the owned row in one query (decision 022).
  // A catalogue write while this loads (clear / drop moves the generation): the row is not kept.
  const generation = store.generation;
  const found = await findCourseForCaller(db, id, caller.id);
  if (found && store.ttlMs > 0 && store.generation === generation) keepCourseRow(store, id, found.course, now);
  const course = assertCourseOnShelf(found?.course);
  return toCourseDetail(course, { isFavorite: found?.isFavorite ?? false, ...(await access(db, caller, course, now, found?.owned ?? null)) });
}

/**
 * Course rows for signed-in course pages, kept beside the catalogue cache for its time limit and
 * dropped with it: any `invalidateCatalogue` or per-course drop moves its generation. The answers
 * themselves (private) are never stored.
 */
const courseRows = new WeakMap<ResponseCache, Map<number, { row: CourseDetailRow; expires: number; generation: number }>>();
const MAX_COURSE_ROWS = 2_000;

function sharedCourseRow(store: ResponseCache, id: number, now: number): CourseDetailRow | undefined {
  const kept = courseRows.get(store)?.get(id);
  return kept && kept.expires > now && kept.generation === store.generation ? kept.row : undefined;
}

function keepCourseRow(store: ResponseCache, id: number, row: CourseDetailRow, now: number): void {
  let rows = courseRows.get(store);
  if (!rows) courseRows.set(store, (rows = new Map()));
  if (rows.size >= MAX_COURSE_ROWS) rows.clear();
  rows.set(id, { row, expires: now + store.ttlMs, generation: store.generation });
}

export async function courseSeries(db: Db, id: number): Promise<Chapter[]> {
  const course = await readableCourse(db, id);
  if (course.course_type !== 2) return [];
  const chapters = await findPublishedChapters(db, id);
  if (chapters.length === 0) throw new AppError(ErrorCodes.COURSE_NOT_UPDATED);
  return chapters.map(toChapter);
}

export async function relatedCourses(db: Db, id: number, count: number): Promise<CourseCard[]> {
  const course = await readableCourse(db, id);
  return (await listRelatedCards(db, course, count)).map(toCourseCard);
}

export async function banners(db: Db): Promise<Banner[]> {
  const rows = await listPublicBanners(db);
  return rows.map((b) => ({ bannerId: b.id, title: b.title, image: b.image, linkType: b.link_type, link: b.link }));
}

/** The hot words as the console left them (migration 030 seeded HOT_SEARCHES). */
export async function hotSearches(db: Db): Promise<HotSearch[]> {
  const rows = await listHotSearchWords(db);
  return rows.map((r) => ({ keyword: r.keyword, hot: r.hot === 1 }));
}

export async function subjects(db: Db): Promise<Subject[]> {
  const rows = await listSubjectsWithCounts(db);
  return rows.map((s) => ({ subjectId: s.id, name: s.name, icon: s.icon, courseCount: s.course_count }));
}

export async function hotTags(db: Db, size: number): Promise<TagSummary[]> {
  const rows = await listHotTags(db, size);
  return rows.map((t) => ({ tagId: t.id, tagName: t.name, courseCount: t.course_count }));
}
