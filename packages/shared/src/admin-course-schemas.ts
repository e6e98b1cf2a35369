/**
 * The console's dashboard, lookups, courses and chapters (issue 13, docs/console.md). Money is fen,
 * times epoch ms; lists answer `{items, total, page, pageSize}` and take antd's `ascend`/`descend`.
 * Every editable field maps to a column the learner side already shows (apps/server db/schema.ts
 * CoursesTable and ChaptersTable); nothing here is stored without being presented to learners.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Literals, NullableInt, NullableString } from './fragments.ts';
import { Code, Id, Int, MAX_SECONDS, Money, PageNo, PageSize, Seconds, Timestamp, OrNull } from './numbers.ts';

/** A page of a console list. */
export function ConsolePage<T extends TSchema>(item: T) {
  return Type.Object({ items: Type.Array(item), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });
}

export const ConsoleOrder = Literals(['ascend', 'descend']);
export type ConsoleOrder = Static<typeof ConsoleOrder>;

// ---- dashboard ----

export const AdminDashboardQuery = Type.Object({
  /** 1 = today, 7 / 30 = the last 7 / 30 days including today (Asia/Shanghai days). */
  days: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(7), Type.Literal(30)], { default: 7 })),
});
export type AdminDashboardQuery = Static<typeof AdminDashboardQuery>;

export const AdminDashboard = Type.Object({
  totals: Type.Object({
    /** Paid orders in the window (by payment time), before refunds. */
    salesFen: Type.Integer(),
    /** Orders placed in the window, whatever became of them. */
    orders: Type.Integer(),
    paidOrders: Type.Integer(),
    newLearners: Type.Integer(),
    /** Learning time the server credited (listen_day, decision 016). */
    learningSeconds: Type.Integer(),
    /** Refunds that succeeded in the window; salesFen − refundsFen is the net. */
    refundsFen: Type.Integer(),
  }),
  series: Type.Array(
    Type.Object({ day: Type.String(), salesFen: Type.Integer(), orders: Type.Integer(), newLearners: Type.Integer(), learningSeconds: Type.Integer() }),
  ),
  topCourses: Type.Array(Type.Object({ courseId: Type.Integer(), title: Type.String(), orders: Type.Integer(), salesFen: Type.Integer() })),
  waiting: Type.Object({ profiles: Type.Integer(), refunds: Type.Integer(), anomalies: Type.Integer() }),
});
export type AdminDashboard = Static<typeof AdminDashboard>;

// ---- lookups ----

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });
export const AdminLookups = Type.Object({
  subjects: Type.Array(Named),
  lecturers: Type.Array(Named),
  tags: Type.Array(Named),
  membershipPlans: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), kind: Type.String() })),
});
export type AdminLookups = Static<typeof AdminLookups>;

// ---- courses ----

/** 0 off shelf, 1 on shelf, 2 not started (spec course states). */
export const AdminCourseStatus = Code(0, 2);

export const AdminCourseListQuery = Type.Object({
  page: Type.Optional(PageNo({ default: 1 })),
  pageSize: Type.Optional(PageSize({ max: 100, default: 20 })),
  /** Part of the title. */
  q: Type.Optional(Type.String({ maxLength: 50 })),
  status: Type.Optional(AdminCourseStatus),
  subjectId: Type.Optional(Id()),
  lecturerId: Type.Optional(Id()),
  sort: Type.Optional(Literals(['updatedAt', 'price', 'learnerCount', 'id'])),
  order: Type.Optional(ConsoleOrder),
});
export type AdminCourseListQuery = Static<typeof AdminCourseListQuery>;

export const AdminCourseListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  lecturerId: Type.Integer(),
  lecturerName: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  price: Type.Integer(),
  vipPrice: NullableInt,
  onShelf: Type.Boolean(),
  status: Type.Integer(),
  chapterCount: Type.Integer(),
  learnerCount: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type AdminCourseListItem = Static<typeof AdminCourseListItem>;
export const AdminCoursePage = ConsolePage(AdminCourseListItem);
export type AdminCoursePage = Static<typeof AdminCoursePage>;

export const AdminChapter = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  sort: Type.Integer(),
  /** The chapter's newest media asset, whatever its state; null when none is attached. */
  mediaAssetId: NullableInt,
  /** pending | processing | ready | failed, or null without media. */
  mediaStatus: NullableString,
  durationSeconds: NullableInt,
  /** Fen, when sold by chapter. */
  price: Type.Integer(),
  /** A free trial chapter. */
  isFree: Type.Boolean(),
  /** Shown to learners (status 1); a hidden chapter stays editable here. */
  published: Type.Boolean(),
});
export type AdminChapter = Static<typeof AdminChapter>;

const Title = Type.String({ minLength: 1, maxLength: 100 });
const Text = (maxLength: number) => Type.String({ maxLength });
const Url = Type.String({ maxLength: 1024 });
const NullableMoney = OrNull(Money());
const NullableTime = OrNull(Timestamp());

/**
 * The editable fields. `description` is rich text, sanitised on write (the course page renders it).
 * Prices: `price` list price (0 = free), `vipPrice` member price (null none, 0 = free for members),
 * `originalPrice` the struck-through price, `birdPrice` with `enrollStartAt`/`enrollEndAt` the
 * early-bird offer and enrolment window; `appOnly` plays only in the native app; `publishedAt`
 * the publication time the "latest" list orders by.
 */
const editable = {
  title: Title,
  subtitle: Text(200),
  description: Text(100_000),
  cover: Url,
  lecturerId: Id(),
  subjectId: Id(),
  /** 1 beginner, 2 intermediate, 3 advanced. */
  level: Code(1, 3),
  /** 1 single course, 2 series (chapters). */
  courseType: Code(1, 2),
  /** 1 video, 2 audio. */
  mediaType: Code(1, 2),
  tagIds: Type.Array(Id(), { maxItems: 20, uniqueItems: true }),
  price: Money(),
  vipPrice: NullableMoney,
  originalPrice: Money(),
  /** Free for basic members and above (membership rights). */
  memberFree: Type.Boolean(),
  /** 0 none, 1 cash-back, 2 early bird, 3 group buy. */
  activityType: Code(0, 3),
  birdPrice: NullableMoney,
  enrollStartAt: NullableTime,
  enrollEndAt: NullableTime,
  appOnly: Type.Boolean(),
  needsVerifiedProfile: Type.Boolean(),
  /** Home exhibition zone 1..4, null when not exhibited. */
  homeListType: OrNull(Code(1, 4)),
  /** Curated order: higher shows first. */
  sort: Int({ minimum: -1_000_000, maximum: 1_000_000 }),
  /** Total length of a single course in seconds (a series sums its chapters). */
  durationSeconds: OrNull(Seconds()),
  publishedAt: Timestamp(),
};

const EditableCourse = Type.Object(editable);
const OptionalCourse = Type.Partial(EditableCourse);

/** Create: title, lecturer and subject are required; the course lands off the shelf. */
export const AdminCourseCreate = Type.Object(
  { ...OptionalCourse.properties, title: editable.title, lecturerId: editable.lecturerId, subjectId: editable.subjectId },
  { additionalProperties: false },
);
export type AdminCourseCreate = Static<typeof AdminCourseCreate>;

/** Edit: any of the editable fields, at least one. */
export const AdminCoursePatch = Type.Object(OptionalCourse.properties, { additionalProperties: false, minProperties: 1 });
export type AdminCoursePatch = Static<typeof AdminCoursePatch>;

export const AdminCourseDetail = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  description: Type.String(),
  cover: Type.String(),
  lecturerId: Type.Integer(),
  lecturerName: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  level: Type.Integer(),
  courseType: Type.Integer(),
  mediaType: Type.Integer(),
  tagIds: Type.Array(Type.Integer()),
  price: Type.Integer(),
  vipPrice: NullableInt,
  originalPrice: Type.Integer(),
  isFree: Type.Boolean(),
  memberFree: Type.Boolean(),
  activityType: Type.Integer(),
  birdPrice: NullableInt,
  enrollStartAt: NullableInt,
  enrollEndAt: NullableInt,
  appOnly: Type.Boolean(),
  needsVerifiedProfile: Type.Boolean(),
  homeListType: NullableInt,
  sort: Type.Integer(),
  durationSeconds: NullableInt,
  publishedAt: Type.Integer(),
  /** A corporate's own course; null for the public catalogue. */
  corporateId: NullableInt,
  onShelf: Type.Boolean(),
  status: Type.Integer(),
  learnerCount: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
  chapters: Type.Array(AdminChapter),
});
export type AdminCourseDetail = Static<typeof AdminCourseDetail>;

export const AdminShelfBody = Type.Object({ onShelf: Type.Boolean() }, { additionalProperties: false });
export type AdminShelfBody = Static<typeof AdminShelfBody>;

// ---- chapters ----

const chapterFields = {
  title: Title,
  /** Fen when sold by chapter; 0 otherwise. */
  price: Money(),
  isFree: Type.Boolean(),
  published: Type.Boolean(),
  durationSeconds: OrNull(Int({ minimum: 0, maximum: MAX_SECONDS })),
  /** An uploaded media asset to play for this chapter (media section); null detaches. */
  mediaAssetId: OrNull(Id()),
};

export const AdminChapterCreate = Type.Object(
  {
    title: chapterFields.title,
    price: Type.Optional(chapterFields.price),
    isFree: Type.Optional(chapterFields.isFree),
    published: Type.Optional(chapterFields.published),
    durationSeconds: Type.Optional(chapterFields.durationSeconds),
    mediaAssetId: Type.Optional(chapterFields.mediaAssetId),
  },
  { additionalProperties: false },
);
export type AdminChapterCreate = Static<typeof AdminChapterCreate>;

export const AdminChapterPatch = Type.Object(
  {
    title: Type.Optional(chapterFields.title),
    price: Type.Optional(chapterFields.price),
    isFree: Type.Optional(chapterFields.isFree),
    published: Type.Optional(chapterFields.published),
    durationSeconds: Type.Optional(chapterFields.durationSeconds),
    mediaAssetId: Type.Optional(chapterFields.mediaAssetId),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminChapterPatch = Static<typeof AdminChapterPatch>;

export const AdminChapterOrder = Type.Object(
  { chapterIds: Type.Array(Id(), { maxItems: 1000 }) },
  { additionalProperties: false },
);
export type AdminChapterOrder = Static<typeof AdminChapterOrder>;
