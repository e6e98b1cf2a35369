/**
 * Catalogue reads: course cards and pages, one course with its lecturer and subject, chapters,
 * tags, banners, subjects and hot tags. Plain rows out; presenting them is course-presenter.ts.
 *
 * "Listed" means on shelf (status 1) and public (no corporate), unless a corporate is named:
 * then it is that corporate's on-shelf courses.
 */
import { sql, type Compilable, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB, UserCourseSource } from '../../db/schema.ts';
import type { Conn } from '../../db/conn.ts';
import type { CardRow } from './course-card.ts';
import { COURSE_ROW_CARD_COLUMNS, PUBLISHED_CHAPTER, chapterCount, normaliseCard, parseJsonArray, tagsJson, withCardColumns, withStatics } from './course-card-repository.ts';
import { CourseStatus } from './course-state.ts';
import { searchCondition, wordValue } from './search-repository.ts';
import { placeholder, runPrecompiled } from '../../db/precompiled.ts';
import type { SearchWord } from './search-terms.ts';


export interface CourseFilter {
  /** 1: member-free courses; 3: courses with a (non-zero) member price. */
  listType?: 1 | 3 | undefined;
  subjectId?: number | undefined;
  tagId?: number | undefined;
  isFree?: number | undefined;
  courseType?: number | undefined;
  /** 1, 2, 3, or 6 meaning 2 and 3. */
  courseLevel?: number | undefined;
  activityType?: number | undefined;
  corporateId?: number | undefined;
  homeListType?: number | undefined;
  words?: readonly SearchWord[] | undefined;
}

export type CourseSortKey = 'default' | 'latest' | 'popular';

type CourseQuery = SelectQueryBuilder<DB, 'courses', object>;

/** `wordValues`: placeholders for the search words' values when the query is precompiled. */
function applyFilter(query: CourseQuery, db: Conn, f: CourseFilter, wordValues?: readonly unknown[], walk = false): CourseQuery {
  // A literal, not a bound value: SQLite uses a partial index only when it can prove its WHERE.
  let q = query.where('courses.status', '=', sql.lit(CourseStatus.ON_SHELF));
  q = f.corporateId !== undefined ? q.where('courses.corporate_id', '=', f.corporateId) : q.where('courses.corporate_id', 'is', null);
  if (f.listType === 1) q = q.where('courses.member_free', '=', 1);
  if (f.listType === 3) q = q.where('courses.vip_price', '>', 0);
  if (f.subjectId !== undefined) q = q.where('courses.subject_id', '=', f.subjectId);
  if (f.isFree !== undefined) q = q.where('courses.is_free', '=', f.isFree);
  if (f.courseType !== undefined) q = q.where('courses.course_type', '=', f.courseType);
  if (f.courseLevel === 6) q = q.where('courses.course_level', 'in', [2, 3]);
  else if (f.courseLevel !== undefined) q = q.where('courses.course_level', '=', f.courseLevel);
  if (f.activityType !== undefined) q = q.where('courses.activity_type', '=', f.activityType);
  if (f.homeListType !== undefined) q = q.where('courses.home_list_type', '=', f.homeListType);
  const tagId = f.tagId;
  if (tagId !== undefined) {
    q = walk
      ? // Probed per course by the primary key (course_id, tag_id) while walking the list's index.
        q.where((eb) => eb.exists(eb.selectFrom('course_tags').select('course_tags.tag_id').whereRef('course_tags.course_id', '=', 'courses.id').where('course_tags.tag_id', '=', tagId)))
      : q.where('courses.id', 'in', (eb) => eb.selectFrom('course_tags').select('course_tags.course_id').where('course_tags.tag_id', '=', tagId));
  }
  const words = f.words;
  if (words && words.length > 0) q = q.where((eb) => searchCondition(eb, db, words, walk, wordValues));
  return q;
}

function ordered<Q extends SelectQueryBuilder<DB, 'courses', object>>(q: Q, sort: CourseSortKey): Q {
  switch (sort) {
    case 'latest':
      return q.orderBy('courses.published_at', 'desc').orderBy('courses.id', 'desc') as Q;
    case 'popular':
      return q.orderBy('courses.learners_count', 'desc').orderBy('courses.id', 'desc') as Q;
    default:
      // Curated order: a higher sort shows first.
      return q.orderBy('courses.sort', 'desc').orderBy('courses.id', 'desc') as Q;
  }
}

/** Filter fields bound as values (the others shape the SQL: listType picks a condition, level 6 a list). */
const BOUND_FIELDS = ['subjectId', 'tagId', 'isFree', 'courseType', 'activityType', 'corporateId', 'homeListType'] as const;

/**
 * The filter with placeholders for its values (db/precompiled.ts), the values, and a key naming
 * the shape of its SQL: which fields are present, the list type, level 6, the search words' kinds.
 */
function bindFilter(db: Conn, f: CourseFilter, walk = false) {
  const values: Record<string, unknown> = {};
  const shaped: CourseFilter = { listType: f.listType };
  const key: string[] = [`t${f.listType ?? ''}`];
  for (const name of BOUND_FIELDS) {
    if (f[name] === undefined) continue;
    values[name] = f[name];
    shaped[name] = placeholder<number>(name);
    key.push(name);
  }
  if (f.courseLevel === 6) {
    shaped.courseLevel = 6;
    key.push('level6');
  } else if (f.courseLevel !== undefined) {
    values.courseLevel = f.courseLevel;
    shaped.courseLevel = placeholder<number>('courseLevel');
    key.push('courseLevel');
  }
  const words = f.words ?? [];
  shaped.words = words;
  const wordValues = words.map((w, i) => {
    values[`w${i}`] = wordValue(db, w, walk);
    key.push(`w:${w.kind}`);
    return placeholder<string>(`w${i}`);
  });
  return { key: key.join(','), shaped, wordValues, values };
}

/** Totals of list filters, kept briefly (decision 022): every page and every learner share one count. */
export const LIST_TOTAL_TTL_MS = 10_000;
const LIST_TOTALS_MAX = 2_000;
const totalsByDb = new WeakMap<Conn, Map<string, { n: number; expires: number }>>();

/** Forgets the cached list totals read through `db` (invalidateCatalogue calls it). */
export function forgetListTotals(db: Conn): void {
  totalsByDb.get(db)?.clear();
  // A count under way may predate the write: it answers its own requests but is not shared further.
  inFlightByDb.get(db)?.clear();
}

/**
 * One page of listed cards and the total (decision 022). The page is one precompiled query that
 * walks a partial index in the list's order and stops after `limit` rows; the total is a count of
 * index entries with the same filter, kept per filter for LIST_TOTAL_TTL_MS so paging and repeated
 * visits do not count again. Lecturer, chapters and tags come from the card statics.
 */
export async function listCourseCards(
  db: Conn,
  filter: CourseFilter,
  sort: CourseSortKey,
  page: { limit: number; offset: number },
): Promise<{ rows: CardRow[]; total: number }> {
  const { key, shaped, wordValues, values } = bindFilter(db, filter);
  if (isTagOnly(filter)) return listTagCards(db, key, values, sort, page);
  // A tag or a search: the matching ids can drive the query (then be sorted), or the list's
  // ordered index can be walked with each course probed by key (stopping after one page). Few
  // matches: the first; many: the second. The total, needed anyway, says which (decision 022).
  const bySet = filter.tagId !== undefined || (filter.words?.length ?? 0) > 0;
  const known = bySet ? await listTotal(db, key, values, countOf(db, shaped, wordValues)) : undefined;
  const walk = known !== undefined && known > WALK_ABOVE;
  const bound = walk ? bindFilter(db, filter, true) : { shaped, wordValues, values };
  const rows = await runPrecompiled(
    db,
    `list:${sort}:${key}${walk ? ':walk' : ''}`,
    () =>
      ordered(applyFilter(db.selectFrom('courses'), db, bound.shaped, bound.wordValues, walk), sort)
        .select(COURSE_ROW_CARD_COLUMNS)
        .limit(placeholder<number>('limit'))
        .offset(placeholder<number>('offset')),
    { ...bound.values, limit: page.limit, offset: page.offset },
  );
  let total: number;
  if (known !== undefined) total = known;
  else if (page.offset === 0 && rows.length < page.limit) total = rows.length;
  else total = await listTotal(db, key, values, countOf(db, shaped, wordValues));
  return { rows: await withStatics(db, rows), total };
}

const countOf = (db: Conn, shaped: CourseFilter, wordValues: readonly unknown[]) => () =>
  applyFilter(db.selectFrom('courses'), db, shaped, wordValues).select((eb) => eb.fn.countAll<number>().as('n'));

/** A tag and nothing else narrowing the listed courses (public, on shelf). */
function isTagOnly(f: CourseFilter): f is CourseFilter & { tagId: number } {
  return (
    f.tagId !== undefined &&
    f.listType === undefined &&
    f.subjectId === undefined &&
    f.isFree === undefined &&
    f.courseType === undefined &&
    f.courseLevel === undefined &&
    f.activityType === undefined &&
    f.corporateId === undefined &&
    f.homeListType === undefined &&
    (f.words?.length ?? 0) === 0
  );
}

/** The course_tags copy of each list order's key (migration 025). */
const TAG_ORDER_KEY = { default: 'sort', latest: 'published_at', popular: 'learners_count' } as const;

/**
 * A tag's listed courses in list order, from `(tag_id, <key> desc, course_id desc) WHERE listed = 1`
 * on course_tags, whose list keys triggers copy from the course (migration 025): a page reads
 * `offset + limit` index entries and as many course rows, however the tag's courses are spread
 * over the curated order. The total counts the same partial index (index only), kept briefly.
 */
export function tagListQueries(db: Conn, sort: CourseSortKey) {
  const key = TAG_ORDER_KEY[sort];
  const tagged = db
    .selectFrom('course_tags')
    .where('course_tags.tag_id', '=', placeholder<number>('tagId'))
    .where('course_tags.listed', '=', sql.lit(1));
  return {
    page: () =>
      tagged
        .innerJoin('courses', 'courses.id', 'course_tags.course_id')
        .select(COURSE_ROW_CARD_COLUMNS)
        .orderBy(`course_tags.${key}`, 'desc')
        .orderBy('course_tags.course_id', 'desc')
        .limit(placeholder<number>('limit'))
        .offset(placeholder<number>('offset')),
    count: () => tagged.select((eb) => eb.fn.countAll<number>().as('n')),
  };
}

async function listTagCards(
  db: Conn,
  key: string,
  values: Record<string, unknown>,
  sort: CourseSortKey,
  page: { limit: number; offset: number },
): Promise<{ rows: CardRow[]; total: number }> {
  const queries = tagListQueries(db, sort);
  const rows = await runPrecompiled(db, `tag-list:${sort}`, queries.page, { tagId: values.tagId, limit: page.limit, offset: page.offset });
  const total =
    page.offset === 0 && rows.length < page.limit ? rows.length : await listTotal(db, `tag-only:${key}`, values, queries.count);
  return { rows: await withStatics(db, rows), total };
}

/** Matches above which a tag or search list walks the ordered index rather than sorting the matches. */
const WALK_ABOVE = 300;

async function listTotal(
  db: Conn,
  key: string,
  values: Record<string, unknown>,
  build: () => Compilable<{ n: number }>,
): Promise<number> {
  let totals = totalsByDb.get(db);
  if (!totals) {
    totals = new Map();
    totalsByDb.set(db, totals);
  }
  const totalKey = `${key}|${JSON.stringify(values)}`;
  const now = Date.now();
  const hit = totals.get(totalKey);
  if (hit && hit.expires > now) return hit.n;
  // 50 requests arriving as a total expires run one count, not 50.
  let countsInFlight = inFlightByDb.get(db);
  if (!countsInFlight) {
    countsInFlight = new Map();
    inFlightByDb.set(db, countsInFlight);
  }
  const inFlight = countsInFlight;
  let pending = inFlight.get(totalKey);
  if (!pending) {
    const store = totals;
    const mine = runPrecompiled(db, `count:${key}`, build, values)
      .then(([counted]) => {
        const n = Number(counted?.n ?? 0);
        // Not kept when the catalogue changed while counting (forgetListTotals dropped it).
        if (inFlight.get(totalKey) === mine) {
          if (store.size >= LIST_TOTALS_MAX) store.clear();
          store.set(totalKey, { n, expires: now + LIST_TOTAL_TTL_MS });
        }
        return n;
      })
      .finally(() => {
        if (inFlight.get(totalKey) === mine) inFlight.delete(totalKey);
      });
    pending = mine;
    inFlight.set(totalKey, pending);
  }
  return pending;
}

/** Counts under way, per database handle and filter. */
const inFlightByDb = new WeakMap<Conn, Map<string, Promise<number>>>();

/** The SQL of a list page and of its total, for the plan tests and the decision record. */
export function compileListQueries(db: Conn, filter: CourseFilter, sort: CourseSortKey, walk = false) {
  const page = ordered(applyFilter(db.selectFrom('courses'), db, filter, undefined, walk), sort).select(COURSE_ROW_CARD_COLUMNS).limit(10).offset(10).compile();
  const count = applyFilter(db.selectFrom('courses'), db, filter).select((eb) => eb.fn.countAll<number>().as('n')).compile();
  return { page, count };
}

/**
 * Courses related to one: same subject counts 2, each shared tag 1; ties and the rest of the
 * catalogue follow in curated order, so the list is full even for a lone course.
 */
export async function listRelatedCards(db: Conn, course: { id: number; subject_id: number }, count: number): Promise<CardRow[]> {
  const base = applyFilter(db.selectFrom('courses'), db, {}).where('courses.id', '!=', course.id);
  const rows = await withCardColumns(base, db)
    .select((eb) =>
      sql<number>`(case when ${eb.ref('courses.subject_id')} = ${course.subject_id} then 2 else 0 end) + (
        select count(*) from course_tags mine
        join course_tags theirs on theirs.tag_id = mine.tag_id
        where mine.course_id = ${course.id} and theirs.course_id = ${eb.ref('courses.id')}
      )`.as('relevance'),
    )
    .orderBy('relevance', 'desc')
    .orderBy('courses.sort', 'desc')
    .orderBy('courses.id', 'desc')
    .limit(count)
    .execute();
  return rows.map(({ relevance: _r, ...r }) => normaliseCard(r));
}

/** One course in any state, with its lecturer and subject; undefined when there is no such course. */
export async function findCourseWithLecturer(db: Conn, id: number) {
  const [row] = await runPrecompiled(db, 'course-page', () => courseWithLecturer(db), { id });
  if (!row) return undefined;
  const { tag_list, ...rest } = row;
  return { ...rest, chapter_count: Number(row.chapter_count ?? 0), tags: parseJsonArray<{ id: number; name: string }>(tag_list) };
}

/**
 * The course page for a signed-in caller in one precompiled query (decision 022): the course with
 * its lecturer and subject, whether the caller favourited it, and the caller's user_courses row
 * (its source), which the entitlement check would otherwise read on its own.
 */
export async function findCourseForCaller(db: Conn, id: number, userId: number) {
  const [row] = await runPrecompiled(
    db,
    'course-page-caller',
    () =>
      courseWithLecturer(db)
        .select((eb) =>
          eb
            .exists(eb.selectFrom('favorites').select('favorites.id').where('favorites.user_id', '=', placeholder<number>('userId')).whereRef('favorites.course_id', '=', 'courses.id'))
            .as('is_favorite'),
        )
        .select((eb) =>
          eb
            .selectFrom('user_courses')
            .select('user_courses.source')
            .where('user_courses.user_id', '=', placeholder<number>('userId'))
            .whereRef('user_courses.course_id', '=', 'courses.id')
            .limit(1)
            .as('owned_source'),
        )
        .select((eb) =>
          eb
            .selectFrom('user_courses')
            .innerJoin('orders', 'orders.id', 'user_courses.order_id')
            .select('orders.kind')
            .where('user_courses.user_id', '=', placeholder<number>('userId'))
            .whereRef('user_courses.course_id', '=', 'courses.id')
            .limit(1)
            .as('owned_order_kind'),
        ),
    { id, userId },
  );
  if (!row) return undefined;
  const { tag_list, is_favorite, owned_source, owned_order_kind, ...rest } = row;
  return {
    course: { ...rest, chapter_count: Number(row.chapter_count ?? 0), tags: parseJsonArray<{ id: number; name: string }>(tag_list) },
    // SQLite answers 0/1, PostgreSQL a boolean.
    isFavorite: Boolean(is_favorite),
    owned: ownedGrant(owned_source, owned_order_kind),
  };
}

/**
 * Only the caller's side of the course page, for a course row already at hand (the page's row
 * is shared by every caller for the catalogue's cache time): whether they favourited it and their
 * user_courses row — two primary-key probes in one precompiled statement (decision 022).
 */
export async function findCallerCourseState(db: Conn, courseId: number, userId: number) {
  const [row] = await runPrecompiled(
    db,
    'course-page-caller-state',
    () =>
      db.selectNoFrom((eb) => [
        eb
          .exists(
            eb
              .selectFrom('favorites')
              .select('favorites.id')
              .where('favorites.user_id', '=', placeholder<number>('userId'))
              .where('favorites.course_id', '=', placeholder<number>('courseId')),
          )
          .as('is_favorite'),
        eb
          .selectFrom('user_courses')
          .select('user_courses.source')
          .where('user_courses.user_id', '=', placeholder<number>('userId'))
          .where('user_courses.course_id', '=', placeholder<number>('courseId'))
          .limit(1)
          .as('owned_source'),
        // The kind of the order behind the grant: a column's course or one bought on its own (decision 024).
        eb
          .selectFrom('user_courses')
          .innerJoin('orders', 'orders.id', 'user_courses.order_id')
          .select('orders.kind')
          .where('user_courses.user_id', '=', placeholder<number>('userId'))
          .where('user_courses.course_id', '=', placeholder<number>('courseId'))
          .limit(1)
          .as('owned_order_kind'),
      ]),
    { courseId, userId },
  );
  return {
    // SQLite answers 0/1, PostgreSQL a boolean.
    isFavorite: Boolean(row?.is_favorite),
    owned: ownedGrant(row?.owned_source, row?.owned_order_kind),
  };
}

/** The caller's grant as the access verdict takes it (null: none). */
function ownedGrant(source: UserCourseSource | null | undefined, orderKind: number | null | undefined) {
  return source === null || source === undefined ? null : { source, order_kind: orderKind ?? null };
}

function courseWithLecturer(db: Conn) {
  return db
    .selectFrom('courses')
    .innerJoin('lecturers', 'lecturers.id', 'courses.lecturer_id')
    .innerJoin('subjects', 'subjects.id', 'courses.subject_id')
    .selectAll('courses')
    .select([
      'lecturers.name as lecturer_name',
      'lecturers.avatar as lecturer_avatar',
      'lecturers.company as lecturer_company',
      'lecturers.department as lecturer_department',
      'lecturers.position as lecturer_position',
      'lecturers.intro as lecturer_intro',
      'subjects.name as subject_name',
    ])
    .select((eb) => chapterCount(eb as unknown as ExpressionBuilder<DB, 'courses'>))
    .select(tagsJson(db, 'objects').as('tag_list'))
    .where('courses.id', '=', placeholder<number>('id'));
}
export type CourseDetailRow = NonNullable<Awaited<ReturnType<typeof findCourseWithLecturer>>>;

export async function findPublishedChapters(db: Conn, courseId: number) {
  return db
    .selectFrom('chapters')
    .select(['id', 'title', 'sort', 'duration_seconds', 'is_free_trial', 'price'])
    .where('course_id', '=', courseId)
    .where('status', '=', PUBLISHED_CHAPTER)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function listPublicBanners(db: Conn) {
  return db
    .selectFrom('banners')
    .select(['id', 'title', 'image', 'link_type', 'link'])
    .where('corporate_id', 'is', null)
    .where('enabled', '=', 1)
    .orderBy('sort', 'desc')
    .orderBy('id')
    .execute();
}

/** The search page's hot words in their console order (migration 030). */
export async function listHotSearchWords(db: Conn) {
  return db.selectFrom('hot_search_words').select(['keyword', 'hot']).orderBy('sort').orderBy('id').execute();
}

export async function listSubjectsWithCounts(db: Conn) {
  const rows = await db
    .selectFrom('subjects')
    .select(['subjects.id', 'subjects.name', 'subjects.icon'])
    .select((eb) =>
      eb
        .selectFrom('courses')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('courses.subject_id', '=', 'subjects.id')
        .where('courses.status', '=', CourseStatus.ON_SHELF)
        .where('courses.corporate_id', 'is', null)
        .as('course_count'),
    )
    .orderBy('subjects.sort')
    .orderBy('subjects.id')
    .execute();
  return rows.map((r) => ({ ...r, course_count: Number(r.course_count) }));
}

/** Tags by how many listed courses carry them; tags on no listed course are left out. */
export async function listHotTags(db: Conn, size: number) {
  const rows = await db
    .selectFrom('tags')
    .innerJoin('course_tags', 'course_tags.tag_id', 'tags.id')
    .innerJoin('courses', 'courses.id', 'course_tags.course_id')
    .where('courses.status', '=', CourseStatus.ON_SHELF)
    .where('courses.corporate_id', 'is', null)
    .select(['tags.id', 'tags.name'])
    .select((eb) => eb.fn.countAll<number>().as('course_count'))
    .groupBy(['tags.id', 'tags.name'])
    .orderBy('course_count', 'desc')
    .orderBy('tags.id')
    .limit(size)
    .execute();
  return rows.map((r) => ({ ...r, course_count: Number(r.course_count) }));
}
