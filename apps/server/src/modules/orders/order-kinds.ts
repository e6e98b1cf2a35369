/**
 * The sign-up kinds beyond the whole course (issue 4, spec §3, decision 013). Each kind is a
 * draft function — its rules in the order a learner should hear them, throwing the rule's code —
 * and every draft goes through the same `placeOrder` (one pending order per user, kind and
 * target), the same pay parameters, the one notify handler and fulfilment.ts.
 *
 * - Chapter (kind 2): a paid chapter of a course, bought on its own. -45092 when the chapter or
 *   its course is off shelf; -1283 when the chapter or the whole course is owned. Grant: user_chapters.
 * - Column (kind 3): -1366 when the column is hidden or gone; -1283 when already bought or every
 *   course in it is already owned. Grant: each course of the column in user_courses (order id).
 * - Live course (kind 6, order type 6): a paid, published live that has not ended (or has a
 *   replay); -1285 after it ended without replay; -1283 owned. Grant: user_lives.
 * - `quote`: what the sign-up page shows — the same rules run dry, so the price shown is the
 *   price charged and a refusal is the code creating would answer.
 */
import { ErrorCodes, OrderType, SignupKind, type OrderQuote, type QuoteTarget } from '@jinfa/shared';
import type { Db } from '../../db/conn.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { yuan } from '../courses/course-card.ts';
import { CourseStatus } from '../courses/course-state.ts';
import { findUserCourse } from '../learning/learning-repository.ts';
import { ColumnStatus, listColumnCourseIds } from '../columns/column-repository.ts';
import { isActiveMember } from './member-price.ts';
import { ACTIVITY_EARLY_BIRD, assertProfileAllowsPurchase, courseDraft, enrolWindowState, placeOrder, type OrderDraft } from './order-service.ts';
import {
  countOwnedCourses,
  findChapterForOrder,
  findColumnForOrder,
  findCourseForKinds,
  findLiveForOrder,
  findUserChapter,
  findUserLive,
  hasPaidOrderFor,
} from './order-kinds-repository.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export async function chapterDraft(db: Db, user: UserRow, chapterId: number, now: number): Promise<OrderDraft> {
  const chapter = await findChapterForOrder(db, chapterId);
  if (!chapter) throw new NotFoundError('章节不存在');
  if (await findUserCourse(db, user.id, chapter.course_id)) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '您已拥有整门课程，无需单独购买章节');
  if (await findUserChapter(db, user.id, chapterId)) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '您已购买本节');
  if (chapter.status !== 1 || chapter.course_status !== CourseStatus.ON_SHELF) throw new AppError(ErrorCodes.OFF_SHELF_CHAPTERS);
  // A free-trial chapter (or one without a price) is played without buying.
  if (chapter.is_free_trial === 1 || chapter.price <= 0) throw new AppError(ErrorCodes.ORDER_COURSE_FREE, '本节可免费试听，无需购买');
  if (chapter.needs_verified_profile === 1) assertProfileAllowsPurchase(user, now);
  return {
    type: OrderType.NORMAL,
    kind: SignupKind.CHAPTER,
    targetId: chapter.id,
    courseId: chapter.course_id,
    chapterId: chapter.id,
    columnId: null,
    amountFen: chapter.price,
    description: `${chapter.course_name} · ${chapter.title}`.slice(0, 120),
  };
}

export async function columnDraft(db: Db, user: UserRow, columnId: number): Promise<OrderDraft> {
  const column = await findColumnForOrder(db, columnId);
  if (!column || column.status !== ColumnStatus.ON_SHELF) throw new AppError(ErrorCodes.COLUMN_GONE);
  if (await hasPaidOrderFor(db, user.id, SignupKind.COLUMN, columnId)) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '您已购买该专栏');
  const courseIds = await listColumnCourseIds(db, columnId);
  if (courseIds.length === 0) throw new AppError(ErrorCodes.COLUMN_GONE);
  if ((await countOwnedCourses(db, user.id, courseIds)) === courseIds.length) {
    throw new AppError(ErrorCodes.ALREADY_ENROLLED, '专栏内的课程您都已拥有，无需购买');
  }
  if (column.price <= 0) throw new AppError(ErrorCodes.ORDER_COURSE_FREE, '该专栏免费，直接学习即可');
  return {
    type: OrderType.NORMAL,
    kind: SignupKind.COLUMN,
    targetId: column.id,
    courseId: null,
    chapterId: null,
    columnId: column.id,
    amountFen: column.price,
    description: column.title.slice(0, 120),
  };
}

export async function liveDraft(db: Db, user: UserRow, liveId: number, now: number): Promise<OrderDraft> {
  const live = await findLiveForOrder(db, liveId);
  if (!live || live.status !== 1) throw new NotFoundError('直播不存在');
  if (await findUserLive(db, user.id, liveId)) throw new AppError(ErrorCodes.ALREADY_ENROLLED, '您已报名该直播');
  if (live.end_at <= now && live.has_replay !== 1) throw new AppError(ErrorCodes.ENROL_ENDED, '直播已结束，报名已截止');
  if (live.price <= 0) throw new AppError(ErrorCodes.ORDER_COURSE_FREE, '免费直播无需购买，直接进入即可');
  return {
    type: OrderType.LIVE,
    kind: SignupKind.LIVE_COURSE,
    targetId: live.id,
    courseId: null,
    chapterId: null,
    columnId: null,
    amountFen: live.price,
    description: live.title.slice(0, 120),
  };
}

type PlaceOpts = { provider: string; now: number };

export async function createChapterOrder(db: Db, dialect: Dialect, user: UserRow, chapterId: number, opts: PlaceOpts) {
  return placeOrder(db, dialect, user.id, await chapterDraft(db, user, chapterId, opts.now), opts);
}

export async function createColumnOrder(db: Db, dialect: Dialect, user: UserRow, columnId: number, opts: PlaceOpts) {
  return placeOrder(db, dialect, user.id, await columnDraft(db, user, columnId), opts);
}

export async function createLiveOrder(db: Db, dialect: Dialect, user: UserRow, liveId: number, opts: PlaceOpts) {
  return placeOrder(db, dialect, user.id, await liveDraft(db, user, liveId, opts.now), opts);
}

/** What the page shows whatever the rules say; the rules then decide price and code. */
type QuoteView = Omit<OrderQuote, 'price' | 'priceYuan' | 'code' | 'message' | 'owned'> & { listPrice: number };

async function quoteView(db: Db, user: UserRow, target: QuoteTarget, id: number, now: number): Promise<QuoteView> {
  const base = { target, targetId: id, window: null, startAt: null, note: '' };
  if (target === 'course') {
    const c = await findCourseForKinds(db, id);
    if (!c) throw new NotFoundError('课程不存在');
    const bird = c.activity_type === ACTIVITY_EARLY_BIRD;
    const hasWindow = c.enroll_start_at !== null || c.enroll_end_at !== null;
    let note = '';
    if (!isActiveMember(user, now)) {
      if (c.member_free === 1) note = '会员可免费学习此课程，开通会员更划算';
      else if (c.vip_price !== null && c.vip_price > 0 && c.vip_price < c.price) note = `会员价 ¥${yuan(c.vip_price)}，开通会员后购买更优惠`;
    }
    return {
      ...base,
      note,
      kind: bird ? SignupKind.BIRD_BUY : SignupKind.COURSE,
      type: OrderType.NORMAL,
      courseId: c.id,
      title: c.name,
      subtitle: [c.lecturer_name, c.lecturer_position].filter(Boolean).join(' · ') || c.subtitle,
      cover: c.cover,
      listPrice: c.price,
      originalPrice: Math.max(c.original_price, c.price),
      originalPriceYuan: yuan(Math.max(c.original_price, c.price)),
      window: hasWindow
        ? {
            startAt: c.enroll_start_at === null ? null : iso(c.enroll_start_at),
            endAt: c.enroll_end_at === null ? null : iso(c.enroll_end_at),
            state: enrolWindowState(c, now),
          }
        : null,
    };
  }
  if (target === 'chapter') {
    const ch = await findChapterForOrder(db, id);
    if (!ch) throw new NotFoundError('章节不存在');
    return {
      ...base,
      kind: SignupKind.CHAPTER,
      type: OrderType.NORMAL,
      courseId: ch.course_id,
      title: ch.title,
      subtitle: ch.course_name,
      cover: ch.course_cover,
      listPrice: ch.price,
      originalPrice: ch.price,
      originalPriceYuan: yuan(ch.price),
    };
  }
  if (target === 'column') {
    const col = await findColumnForOrder(db, id);
    if (!col || col.status !== ColumnStatus.ON_SHELF) throw new AppError(ErrorCodes.COLUMN_GONE);
    return {
      ...base,
      kind: SignupKind.COLUMN,
      type: OrderType.NORMAL,
      courseId: null,
      title: col.title,
      subtitle: col.lecturer_name ?? '多位讲师联合讲授',
      cover: col.cover,
      listPrice: col.price,
      originalPrice: col.price,
      originalPriceYuan: yuan(col.price),
    };
  }
  const live = await findLiveForOrder(db, id);
  if (!live || live.status !== 1) throw new NotFoundError('直播不存在');
  return {
    ...base,
    kind: SignupKind.LIVE_COURSE,
    type: OrderType.LIVE,
    courseId: null,
    title: live.title,
    subtitle: live.lecturer_name,
    cover: live.cover,
    listPrice: live.price,
    originalPrice: live.price,
    originalPriceYuan: yuan(live.price),
    startAt: iso(live.start_at),
  };
}

function draftFor(db: Db, user: UserRow, target: QuoteTarget, id: number, now: number): Promise<OrderDraft> {
  if (target === 'course') return courseDraft(db, user, id, now);
  if (target === 'chapter') return chapterDraft(db, user, id, now);
  if (target === 'column') return columnDraft(db, user, id);
  return liveDraft(db, user, id, now);
}

/** `GET /v1/orders/quote/{target}/{id}`: the caller's price and the rule's answer, without creating anything. */
export async function quote(db: Db, user: UserRow, target: QuoteTarget, id: number, now: number): Promise<OrderQuote> {
  const { listPrice, ...view } = await quoteView(db, user, target, id, now);
  try {
    const draft = await draftFor(db, user, target, id, now);
    return { ...view, kind: draft.kind, price: draft.amountFen, priceYuan: yuan(draft.amountFen), code: 0, message: '', owned: false };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      ...view,
      price: listPrice,
      priceYuan: yuan(listPrice),
      code: err.code,
      message: err.message,
      owned: err.code === ErrorCodes.ALREADY_ENROLLED,
    };
  }
}
