/**
 * TypeBox schemas of the /v1 contract. The server validates requests and whitelists responses
 * with them; the web app takes its types from them (decision 002).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Literals, NullableInt, NullableString, Page } from './fragments.ts';

/** The response envelope of every /v1 call. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), message: Type.String(), data });
export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
}

import { Id, Int, MAX_ID, PageNo, PageSize, Timestamp } from './numbers.ts';
import { AccessReason } from './access-schemas.ts';
export { MAX_ID };

/** A numeric id in a path: positive, at most MAX_ID — "-1", "0", "abc", "1e20", "Infinity" are refused. */
export const IdParam = Type.Object({ id: Id() });

export const Mobile = Type.String({ pattern: '^1[3-9]\\d{9}$', description: 'mainland China mobile number' });
export const SmsCode = Type.String({ pattern: '^\\d{6}$' });
export const ReturnUrl = Type.String({ maxLength: 2048 });

// ---- users ----
export const UserProfile = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  /** Whether `email` was proved by a code mailed to it; nothing is mailed to it until then (decision 018). */
  emailVerified: Type.Boolean(),
  company: Type.String(),
  department: Type.String(),
  position: Type.String(),
  auditStatus: Type.Integer({ description: '0 not audited, 1 passed, 2 failed' }),
  auditRemark: Type.String(),
  userType: Type.Integer({ description: 'spec §3 user types 1..10' }),
  userTypeLabel: Type.String(),
  memberExpireAt: NullableString,
  corporateId: NullableInt,
  corporateName: Type.String(),
  accountStatus: Type.Integer({ description: '0 active, 1 locked, 2 blacklisted' }),
  hasWechat: Type.Boolean(),
  subscribed: Type.Boolean(),
  activated: Type.Boolean(),
  createdAt: Type.String(),
});
export type UserProfile = Static<typeof UserProfile>;

export const TokenPair = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  expiresIn: Type.Integer({ description: 'seconds until the access token expires' }),
  refreshExpiresIn: Type.Integer(),
  userId: Type.Integer(),
  isNewUser: Type.Boolean(),
});
export type TokenPair = Static<typeof TokenPair>;

export const SmsCodeBody = Type.Object({
  mobile: Mobile,
  /** 1 login, 2 bind phone. */
  type: Type.Optional(Int({ minimum: 1, maximum: 2 })),
});
export type SmsCodeBody = Static<typeof SmsCodeBody>;

export const SmsCodeResult = Type.Object({
  /** Seconds the client should wait before asking again. */
  resendAfter: Type.Integer(),
  expiresIn: Type.Integer(),
});

export const AuthenticateBody = Type.Object({
  mobile: Mobile,
  code: SmsCode,
});
export type AuthenticateBody = Static<typeof AuthenticateBody>;

/** `PUT /v1/users/authenticate` by a logged-in caller: the phone now bound to the account. */
export const PhoneBindResult = Type.Object({
  userId: Type.Integer(),
  mobile: Type.String(),
});
export type PhoneBindResult = Static<typeof PhoneBindResult>;

/** `GET /v1/users/wx_login` and `qr_login`: the WeChat page to send the browser to. */
export const LoginUrl = Type.Object({ url: Type.String() });
export type LoginUrl = Static<typeof LoginUrl>;

export const SubscribeStatus = Type.Object({ subscribed: Type.Boolean() });
export const ActivateResult = Type.Object({ activated: Type.Boolean() });
/** `POST /v1/users/logout`: whether a live session was revoked (false when the token was already gone). */
export const LogoutResult = Type.Object({ revoked: Type.Boolean() });

export const UserInfoBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 2, maxLength: 20 })),
  email: Type.Optional(Type.String({ maxLength: 100 })),
  mobile: Type.Optional(Mobile),
  nickname: Type.Optional(Type.String({ maxLength: 30 })),
  company: Type.Optional(Type.String({ maxLength: 60 })),
  department: Type.Optional(Type.String({ maxLength: 60 })),
  position: Type.Optional(Type.String({ maxLength: 60 })),
});
export type UserInfoBody = Static<typeof UserInfoBody>;

/** `POST /v1/users/me/email/code`: a 6-digit code was mailed to the (masked) address (decision 018). */
export const EmailCodeResult = Type.Object({
  email: Type.String({ description: 'the address the code went to, masked' }),
  /** Seconds the client should wait before asking again. */
  resendAfter: Type.Integer(),
  expiresIn: Type.Integer(),
});
export type EmailCodeResult = Static<typeof EmailCodeResult>;

export const EmailVerifyBody = Type.Object({ code: Type.String({ pattern: '^\\d{6}$', description: 'the 6-digit code from the mail' }) });
export type EmailVerifyBody = Static<typeof EmailVerifyBody>;

export const EmailVerifyResult = Type.Object({ email: Type.String(), emailVerified: Type.Boolean() });
export type EmailVerifyResult = Static<typeof EmailVerifyResult>;

export const AuditStatusResult = Type.Object({
  /** spec §4 user audit result code: 0 ok, 262144 first audit, 262145 … 262148 */
  result: Type.Integer(),
  auditStatus: Type.Integer(),
  remark: Type.String(),
});

export const PresetUser = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  label: Type.String(),
  mobile: Type.String(),
});
export type PresetUser = Static<typeof PresetUser>;

export const AppVersion = Type.Object({
  version: Type.String(),
  minVersion: Type.String(),
  releaseNotes: Type.String(),
  downloadUrl: Type.String(),
});

export const SystemInfo = Type.Object({
  testLogin: Type.Boolean(),
  payProvider: Type.String(),
  supportPhone: Type.String(),
  wechatAppId: Type.String(),
});
export type SystemInfo = Static<typeof SystemInfo>;

// =============================================================================================
// ---- catalogue: courses, search, favorites, appraisals, comments (issue 3) ----
// Money is integer fen with a yuan display string beside it; times are ISO strings. A course
// "card" is the one shape every course list uses; the detail adds what the course page needs.
// =============================================================================================


/** 1-based paging of `{rows, total}` lists. */
export const PageQuery = Type.Object({
  pageIndex: Type.Optional(PageNo({ default: 1 })),
  pageSize: Type.Optional(PageSize({ max: 50, default: 10 })),
});
export type PageQuery = Static<typeof PageQuery>;

export const CourseCard = Type.Object({
  courseId: Type.Integer(),
  name: Type.String(),
  subtitle: Type.String(),
  cover: Type.String(),
  lecturerName: Type.String(),
  lecturerPosition: Type.String(),
  /** Fen. */
  price: Type.Integer(),
  /** Yuan with two decimals, e.g. "299.00". */
  priceYuan: Type.String(),
  vipPrice: NullableInt,
  vipPriceYuan: NullableString,
  originalPrice: Type.Integer(),
  isFree: Type.Boolean(),
  /** Free for basic members and above. */
  memberFree: Type.Boolean(),
  /** 1 normal, 2 series */
  courseType: Type.Integer(),
  /** 1 beginner, 2 intermediate, 3 advanced */
  courseLevel: Type.Integer(),
  /** 1 video, 2 audio */
  mediaType: Type.Integer(),
  learnersCount: Type.Integer(),
  /** null: the client shows 暂未更新. */
  durationSeconds: NullableInt,
  chapterCount: Type.Integer(),
  tags: Type.Array(Type.String()),
  /** 0 none, 1 cash-back, 2 early bird, 3 group buy */
  activityType: Type.Integer(),
  /** 1 on shelf, 0 off shelf, 2 not started (lists show on-shelf courses; favourites may hold others). */
  status: Type.Integer(),
});
export type CourseCard = Static<typeof CourseCard>;

export const CoursePage = Page(CourseCard);
export type CoursePage = Static<typeof CoursePage>;

export const CourseSort = Literals(['default', 'latest', 'popular']);

/** `GET /v1/courses/list`: the classification filters (spec §2.3) plus subject, tag, keyword and sort. */
export const CourseListQuery = Type.Object({
  ...PageQuery.properties,
  /** 1 basic membership list (member-free courses), 3 special membership list (courses with a member price). */
  listType: Type.Optional(Literals([1, 3])),
  /** Source id and tracking id: accepted for tracking, not used to filter. */
  suid: Type.Optional(Type.String({ maxLength: 64 })),
  tid: Type.Optional(Type.String({ maxLength: 64 })),
  subjectId: Type.Optional(Id()),
  tagId: Type.Optional(Id()),
  isFree: Type.Optional(Int({ minimum: 0, maximum: 1 })),
  courseType: Type.Optional(Int({ minimum: 1, maximum: 2 })),
  /** 1, 2, 3, or 6 meaning levels 2 and 3. */
  courseLevel: Type.Optional(Literals([1, 2, 3, 6])),
  activityType: Type.Optional(Int({ minimum: 0, maximum: 3 })),
  corporateId: Type.Optional(Id()),
  /** Words separated by spaces; every word must match the title, subtitle, lecturer or a tag. */
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  /** default: curated order; latest: newest first; popular: most learners first. */
  sort: Type.Optional(CourseSort),
});
export type CourseListQuery = Static<typeof CourseListQuery>;

export const SizeQuery = Type.Object({ size: Type.Optional(PageSize({ max: 50, default: 10 })) });
export type SizeQuery = Static<typeof SizeQuery>;

export const MyCustomQuery = Type.Object({
  isRandom: Type.Optional(Int({ minimum: 0, maximum: 1, default: 0 })),
  size: Type.Optional(PageSize({ max: 50, default: 10 })),
});
export type MyCustomQuery = Static<typeof MyCustomQuery>;

/** Home exhibition zones (spec §3 home list types 1..4). */
export const ExhibitionSection = Type.Object({
  type: Type.Integer(),
  title: Type.String(),
  courses: Type.Array(CourseCard),
});
export type ExhibitionSection = Static<typeof ExhibitionSection>;

export const CorporateCoursesQuery = Type.Object({
  ...PageQuery.properties,
  corporateId: Id(),
});
export type CorporateCoursesQuery = Static<typeof CorporateCoursesQuery>;

export const CourseTag = Type.Object({ tagId: Type.Integer(), tagName: Type.String() });
export type CourseTag = Static<typeof CourseTag>;

export const CourseDetail = Type.Object({
  courseId: Type.Integer(),
  name: Type.String(),
  subtitle: Type.String(),
  cover: Type.String(),
  /** Rich text, sanitised by the server to a small tag allowlist. */
  detail: Type.String(),
  isSeries: Type.Boolean(),
  courseType: Type.Integer(),
  courseLevel: Type.Integer(),
  mediaType: Type.Integer(),
  price: Type.Integer(),
  priceYuan: Type.String(),
  vipPrice: NullableInt,
  vipPriceYuan: NullableString,
  originalPrice: Type.Integer(),
  originalPriceYuan: Type.String(),
  isFree: Type.Boolean(),
  memberFree: Type.Boolean(),
  activityType: Type.Integer(),
  durationSeconds: NullableInt,
  learnersCount: Type.Integer(),
  chapterCount: Type.Integer(),
  lecturerId: Type.Integer(),
  lecturerName: Type.String(),
  lecturerAvatar: Type.String(),
  lecturerCompany: Type.String(),
  lecturerDepartment: Type.String(),
  lecturerPosition: Type.String(),
  lecturerIntro: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  tags: Type.Array(CourseTag),
  corporateId: NullableInt,
  nativeOnly: Type.Boolean(),
  needsVerifiedProfile: Type.Boolean(),
  publishedAt: Type.String(),
  trackingId: Type.String(),
  /** Present only when the caller is logged in. */
  isFavorite: Type.Optional(Type.Boolean()),
  /**
   * Whether the caller may study the whole course now: an entitlement (bought, enrolled, granted),
   * a free course, or an active membership that covers it — the same verdict as play_auth.
   */
  owned: Type.Boolean(),
  /**
   * Why `owned` is true (absent when it is false or the caller is anonymous): `member`, a
   * member-free course for an active member; `corporate`, a course of the caller's corporate
   * while that corporate membership lasts. The buy bar says 会员免费学 for these.
   */
  accessBy: Type.Optional(Literals(['owned', 'free', 'member', 'corporate'])),
  /** Signed-in callers: the access verdict's reason for the whole course, open or locked (decision 024). */
  accessReason: Type.Optional(AccessReason),
});
export type CourseDetail = Static<typeof CourseDetail>;
export type CourseAccessBy = NonNullable<CourseDetail['accessBy']>;

export const Chapter = Type.Object({
  chapterId: Type.Integer(),
  title: Type.String(),
  sort: Type.Integer(),
  durationSeconds: NullableInt,
  isFreeTrial: Type.Boolean(),
  price: Type.Integer(),
  priceYuan: Type.String(),
});
export type Chapter = Static<typeof Chapter>;

export const RelatedParams = Type.Object({
  id: Id(),
  count: Int({ minimum: 1, maximum: 20 }),
});

export const Learner = Type.Object({
  /** Masked, e.g. 张*远. */
  name: Type.String(),
  avatar: Type.String(),
  learnedAt: Type.String(),
});
export const LearnerPage = Page(Learner);
export type LearnerPage = Static<typeof LearnerPage>;

export const Appraisal = Type.Object({
  appraisalId: Type.Integer(),
  score: Type.Integer(),
  /** Plain text: render as text, never as markup. */
  content: Type.String(),
  userName: Type.String(),
  userAvatar: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Appraisal = Static<typeof Appraisal>;

export const AppraisalPage = Type.Object({
  rows: Type.Array(Appraisal),
  total: Type.Integer(),
  /** One decimal; null when nobody has appraised yet. */
  averageScore: Type.Union([Type.Number(), Type.Null()]),
});
export type AppraisalPage = Static<typeof AppraisalPage>;

export const AppraisalBody = Type.Object({
  courseId: Id(),
  score: Int({ minimum: 1, maximum: 5 }),
  /** 1–500 characters after trimming. */
  content: Type.String({ maxLength: 2000 }),
});
export type AppraisalBody = Static<typeof AppraisalBody>;

/** A second appraisal by the same learner replaces the first (`updated: true`). */
export const AppraisalResult = Type.Object({ ...Appraisal.properties, updated: Type.Boolean() });
export type AppraisalResult = Static<typeof AppraisalResult>;

export const CourseComment = Type.Object({
  commentId: Type.Integer(),
  content: Type.String(),
  userName: Type.String(),
  userAvatar: Type.String(),
  createdAt: Type.String(),
});
export type CourseComment = Static<typeof CourseComment>;

export const CommentPage = Type.Object({ rows: Type.Array(CourseComment), hasMore: Type.Boolean() });
export type CommentPage = Static<typeof CommentPage>;

/** `GET /v1/comment/{id}`: newest first; `end` is the last comment id already shown. */
export const CommentQuery = Type.Object({
  size: Type.Optional(PageSize({ max: 50, default: 10 })),
  end: Type.Optional(Id()),
});
export type CommentQuery = Static<typeof CommentQuery>;

export const CommentBody = Type.Object({ content: Type.String({ maxLength: 2000 }) });
export type CommentBody = Static<typeof CommentBody>;

export const FavoriteState = Type.Object({ favorite: Type.Boolean() });
export type FavoriteState = Static<typeof FavoriteState>;

export const FavoriteItem = Type.Object({ favoriteId: Type.Integer(), createdAt: Type.String(), course: CourseCard });
export type FavoriteItem = Static<typeof FavoriteItem>;

export const FavoritePage = Page(FavoriteItem);
export type FavoritePage = Static<typeof FavoritePage>;

export const Banner = Type.Object({
  bannerId: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  /** spec §3 link types: 0 web url (an in-app path), 1 app course (link is the course id). */
  linkType: Type.Integer(),
  link: Type.String(),
});
export type Banner = Static<typeof Banner>;

export const Subject = Type.Object({
  subjectId: Type.Integer(),
  name: Type.String(),
  icon: Type.String(),
  /** On-shelf public courses in the subject. */
  courseCount: Type.Integer(),
});
export type Subject = Static<typeof Subject>;

export const TagSummary = Type.Object({ tagId: Type.Integer(), tagName: Type.String(), courseCount: Type.Integer() });
export type TagSummary = Static<typeof TagSummary>;

// ---- columns, lives, the learner's own courses and subscriptions (issue 3) ----

export const ColumnCard = Type.Object({
  columnId: Type.Integer(),
  title: Type.String(),
  /** Plain text, one or two sentences. */
  intro: Type.String(),
  cover: Type.String(),
  price: Type.Integer(),
  priceYuan: Type.String(),
  lecturerName: Type.String(),
  lecturerPosition: Type.String(),
  courseCount: Type.Integer(),
  /** Sum of the learners of its courses. */
  learnersCount: Type.Integer(),
});
export type ColumnCard = Static<typeof ColumnCard>;

export const ColumnPage = Page(ColumnCard);
export type ColumnPage = Static<typeof ColumnPage>;

/** `GET /v1/columns/{id}`: a gone column answers -1366. */
export const ColumnDetail = Type.Object({
  ...ColumnCard.properties,
  lecturerAvatar: Type.String(),
  lecturerCompany: Type.String(),
  courses: Type.Array(CourseCard),
});
export type ColumnDetail = Static<typeof ColumnDetail>;

/** Live page status (spec §4): 2 not begun, 3 living, 4 ended, 5 replay available. */
export const LiveCard = Type.Object({
  liveId: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  lecturerName: Type.String(),
  lecturerPosition: Type.String(),
  lecturerAvatar: Type.String(),
  startAt: Type.String(),
  endAt: Type.String(),
  status: Type.Integer(),
  price: Type.Integer(),
  priceYuan: Type.String(),
  signupCount: Type.Integer(),
});
export type LiveCard = Static<typeof LiveCard>;

export const LivePage = Page(LiveCard);
export type LivePage = Static<typeof LivePage>;

/** `GET /v1/lives`: `scope` upcoming (not begun and living, soonest first) or past (ended and replays, newest first). */
export const LiveListQuery = Type.Object({
  ...PageQuery.properties,
  scope: Type.Optional(Literals(['upcoming', 'past'])),
});
export type LiveListQuery = Static<typeof LiveListQuery>;

/**
 * `GET /v1/courses/mine?cur&pageIndex&pageSize`: the learner's courses on /mycourses.
 * cur 0 learning (recently opened, newest first), 1 owned (bought, member or free enrolment).
 */
export const MyCoursesQuery = Type.Object({
  ...PageQuery.properties,
  cur: Type.Optional(Literals([0, 1])),
  subjectId: Type.Optional(Id()),
});
export type MyCoursesQuery = Static<typeof MyCoursesQuery>;

export const MyCourse = Type.Object({
  course: CourseCard,
  /** When the learner last opened it, or got it. */
  at: Type.String(),
});
export const MyCoursePage = Page(MyCourse);
export type MyCoursePage = Static<typeof MyCoursePage>;

/** `/userCourses`: the learner's course library, one folder per subject. */
export const CourseFolder = Type.Object({
  subjectId: Type.Integer(),
  name: Type.String(),
  icon: Type.String(),
  courseCount: Type.Integer(),
  covers: Type.Array(Type.String()),
});
export type CourseFolder = Static<typeof CourseFolder>;

/** `GET`/`PUT /v1/users/me/subscriptions`: subjects the learner follows; they drive `my_custom`. */
export const SubscriptionsBody = Type.Object({
  subjectIds: Type.Array(Id(), { maxItems: 20, uniqueItems: true }),
});
export type SubscriptionsBody = Static<typeof SubscriptionsBody>;

export const HotSearch = Type.Object({ keyword: Type.String(), hot: Type.Boolean() });
export type HotSearch = Static<typeof HotSearch>;

/** `POST /v1/courses/{id}/enroll`: a free course joins the learner's courses (idempotent). */
export const EnrollResult = Type.Object({
  courseId: Type.Integer(),
  owned: Type.Boolean(),
  /** How the learner owns it: free, order, member or corporate. */
  source: Type.String(),
  enrolledAt: Type.String(),
});
export type EnrollResult = Static<typeof EnrollResult>;

/** `POST /v1/courses/{id}/visit`: the course now heads the learner's 学习中 list. */
export const VisitResult = Type.Object({ courseId: Type.Integer(), visitedAt: Type.String() });
export type VisitResult = Static<typeof VisitResult>;

/**
 * `GET /v1/favorites/list`: the learner's favourites, newest first; `subjectId` narrows them to
 * one subject (/userCenter/collectionDetail?subjectId).
 */
export const FavoriteListQuery = Type.Object({
  ...PageQuery.properties,
  subjectId: Type.Optional(Id()),
});
export type FavoriteListQuery = Static<typeof FavoriteListQuery>;

// ---- sharing (issue 6) ----

/** `POST /v1/wechats/jsApiConfig?url`: the page address to sign, as the H5 sees it (its #fragment is ignored). */
export const JsApiConfigQuery = Type.Object({ url: Type.String({ minLength: 8, maxLength: 2048 }) });
export type JsApiConfigQuery = Static<typeof JsApiConfigQuery>;

/** WeChat JS-SDK `wx.config` parameters (spec §3 share config); timestamp in seconds. */
export const JsApiConfig = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer(),
  nonceStr: Type.String(),
  signature: Type.String(),
});
export type JsApiConfig = Static<typeof JsApiConfig>;

/**
 * `POST /v1/courses/{id}/shared`: a share that happened. `shareType` is spec §3's (1 session,
 * 2 timeline) and is known only when WeChat's JS-SDK reports it; `channel` says what was shared:
 * the page through the JS-SDK, a generated poster, or a copied link.
 */
export const ShareChannel = Literals(['jssdk', 'poster', 'link']);
export type ShareChannel = Static<typeof ShareChannel>;
export const CourseShareBody = Type.Object({
  shareType: Type.Optional(Literals([1, 2])),
  channel: Type.Optional(ShareChannel),
});
export type CourseShareBody = Static<typeof CourseShareBody>;

export const CourseShareResult = Type.Object({
  courseId: Type.Integer(),
  shareType: NullableInt,
  channel: ShareChannel,
  sharedAt: Type.String(),
});
export type CourseShareResult = Static<typeof CourseShareResult>;

// ---- tracking (issue 6) ----
/**
 * Tracking records (spec §3, §4, §7.7), accepted exactly as the spec shapes them: a page visit is
 * `pageId, sessionId, beginTime, endTime, extras`; an element click `elementId, eventTime,
 * sessionId, extras`. The de-duplication key is the record's `clientId` when the client sends one
 * (our H5 tracker does), else the server derives it from the record's content (issue 11 §8,
 * decision 020), so a retried upload never stores a record twice either way. `userId` is never
 * taken from the body: the server reads it from the Access-Token when one is sent. Unknown fields
 * are dropped, not refused.
 * Every route takes a JSON list of records; the single-record paths also take one object.
 */
/** Records per upload; more answers TRACKING_BATCH_TOO_LARGE and stores nothing. */
export const TRACKING_MAX_BATCH = 500;
/** Body size limit of the collect routes (bytes); more answers BODY_TOO_LARGE. */
export const TRACKING_MAX_BODY_BYTES = 512 * 1024;
/** The `X-App-ID` of the H5 app. */
export const TRACKING_APP_ID = 'jinfa-h5';
/** The elementId of a course card on a list; its extras carry `courseId` (click-through stats). */
export const COURSE_CARD_ELEMENT_ID = 'course-card';

export const TrackClientId = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/** Epoch milliseconds, up to 2100-01-01. */
export const TrackTime = Timestamp();
export const TrackSessionId = Type.String({ minLength: 1, maxLength: 64 });
/** Path plus the selected query, e.g. `/course/detail?courseId=12`. */
export const TrackPageId = Type.String({ minLength: 1, maxLength: 512 });
export const TrackExtra = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 64 }),
  value: Type.String({ maxLength: 256 }),
});
export type TrackExtra = Static<typeof TrackExtra>;
/** Query key/value pairs (page visits) or element data (clicks); absent means none. */
export const TrackExtras = Type.Array(TrackExtra, { maxItems: 20 });

export const PageVisitRecord = Type.Object({
  clientId: Type.Optional(TrackClientId),
  pageId: TrackPageId,
  sessionId: TrackSessionId,
  beginTime: TrackTime,
  /** Not before beginTime. */
  endTime: TrackTime,
  extras: Type.Optional(TrackExtras),
});
export type PageVisitRecord = Static<typeof PageVisitRecord>;

export const ElementClickRecord = Type.Object({
  clientId: Type.Optional(TrackClientId),
  elementId: Type.String({ minLength: 1, maxLength: 128 }),
  eventTime: TrackTime,
  sessionId: TrackSessionId,
  /** Not in the spec's click record; our tracker adds the page the click happened on. */
  pageId: Type.Optional(TrackPageId),
  extras: Type.Optional(TrackExtras),
});
export type ElementClickRecord = Static<typeof ElementClickRecord>;

export const CustomEventRecord = Type.Object({
  clientId: Type.Optional(TrackClientId),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  eventTime: TrackTime,
  sessionId: TrackSessionId,
  pageId: TrackPageId,
  extras: Type.Optional(TrackExtras),
});
export type CustomEventRecord = Static<typeof CustomEventRecord>;

/** Bodies of `/visit/batch`, `/element/batch`, `/custom/batch` (and of the single-record paths). */
export const PageVisitBatch = Type.Array(PageVisitRecord, { minItems: 1, maxItems: TRACKING_MAX_BATCH });
export type PageVisitBatch = Static<typeof PageVisitBatch>;
export const ElementClickBatch = Type.Array(ElementClickRecord, { minItems: 1, maxItems: TRACKING_MAX_BATCH });
export type ElementClickBatch = Static<typeof ElementClickBatch>;
export const CustomEventBatch = Type.Array(CustomEventRecord, { minItems: 1, maxItems: TRACKING_MAX_BATCH });
export type CustomEventBatch = Static<typeof CustomEventBatch>;

/**
 * Answer of every collect call, sent with code 0 only once the records are committed.
 * `duplicates` counts records whose clientId was already stored (or repeated in the batch):
 * the client removes them too.
 */
export const CollectAck = Type.Object({ accepted: Type.Integer(), duplicates: Type.Integer() });
export type CollectAck = Static<typeof CollectAck>;

/** Stats range: calendar days in China time (UTC+8), both inclusive; default the last 7 days. */
export const StatsDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const StatsRangeQuery = Type.Object({
  from: Type.Optional(StatsDay),
  to: Type.Optional(StatsDay),
  limit: Type.Optional(Int({ minimum: 1, maximum: 1000 })),
});
export type StatsRangeQuery = Static<typeof StatsRangeQuery>;

/** `GET /v1/collect/stats/pages`: visits and unique visitors per page and per day. */
export const PageDayStat = Type.Object({
  day: Type.String(),
  pageId: Type.String(),
  visits: Type.Integer(),
  visitors: Type.Integer(),
});
export const PageStats = Type.Object({ from: Type.String(), to: Type.String(), rows: Type.Array(PageDayStat) });
export type PageStats = Static<typeof PageStats>;

/** `GET /v1/collect/stats/top_courses`: course pages by visits. */
export const CourseVisitStat = Type.Object({
  courseId: Type.Integer(),
  visits: Type.Integer(),
  visitors: Type.Integer(),
});
export const TopCourseStats = Type.Object({ from: Type.String(), to: Type.String(), rows: Type.Array(CourseVisitStat) });
export type TopCourseStats = Static<typeof TopCourseStats>;

/**
 * `GET /v1/collect/stats/click_through`: clicks on course cards in lists against visits of the
 * course page; `rate` = clicks / visits (0 when no visit), the share of course-page visits that
 * came from a list.
 */
export const ClickThroughStat = Type.Object({
  courseId: Type.Integer(),
  clicks: Type.Integer(),
  visits: Type.Integer(),
  rate: Type.Number(),
});
export const ClickThroughStats = Type.Object({
  from: Type.String(),
  to: Type.String(),
  clicks: Type.Integer(),
  visits: Type.Integer(),
  rate: Type.Number(),
  rows: Type.Array(ClickThroughStat),
});
export type ClickThroughStats = Static<typeof ClickThroughStats>;

// ---- orders and payment (issue 4) ----
// Money is integer fen (`totalPrice`) with a yuan display string beside it (`orderPrice`).
// Status is a string: pending (awaiting payment), paid (entitlement granted), closed (cancelled
// or timed out unpaid), refunded. Kinds and types are the spec's §3 numbers.
// =============================================================================================

/** Order types (spec §3): normal 1, invite 2, group 3, cashback 4, live 6. */
export const OrderTypeSchema = Literals([1, 2, 3, 4, 6]);

/** Sign-up kinds (spec §3): course 1, chapter 2, column 3, rebate 4, early-bird 5, live course 6; 7 membership is ours (decision 012). */
export const OrderKind = Int({ minimum: 1, maximum: 7 });

export const OrderStatus = Literals(['pending', 'paid', 'closed', 'refunded']);
export type OrderStatus = Static<typeof OrderStatus>;

export const PayProviderName = Literals(['sandbox', 'wechatpay']);
export type PayProviderName = Static<typeof PayProviderName>;

/** What an order bought, whatever its kind (course, chapter, column, live…): for cards and lists. */
export const OrderItem = Type.Object({
  /** The course, chapter, column or live id (the order's target). */
  targetId: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  /** 课程 / 章节 / 专栏 / 返现课 / 早鸟课 / 直播课 … */
  kindLabel: Type.String(),
  /** 普通 / 邀请 / 拼团 / 返现 / 直播 */
  typeLabel: Type.String(),
});
export type OrderItem = Static<typeof OrderItem>;

export const Order = Type.Object({
  orderId: Type.Integer(),
  /** Random, non-guessable merchant order number (sent to the pay provider). */
  orderNo: Type.String(),
  type: Type.Integer(),
  kind: Type.Integer(),
  status: OrderStatus,
  /** Fen. */
  totalPrice: Type.Integer(),
  /** Yuan with two decimals, e.g. "299.00". */
  orderPrice: Type.String(),
  /** The course bought (null for kinds without a course, e.g. a column). */
  course: Type.Union([CourseCard, Type.Null()]),
  /** What was bought, for every kind (order-kind presenter, decision 013). */
  item: Type.Optional(OrderItem),
  createdAt: Type.String(),
  paidAt: NullableString,
  /** When a pending order closes unpaid. */
  expiresAt: Type.String(),
  /** The order's refund (decision 015): processing | success | failed | abnormal; null when none. */
  refundStatus: Type.Optional(Type.Union([Type.Literal('processing'), Type.Literal('success'), Type.Literal('failed'), Type.Literal('abnormal'), Type.Null()])),
});
export type Order = Static<typeof Order>;

export const OrderPage = Page(Order);
export type OrderPage = Static<typeof OrderPage>;

/** `/v1/orders/list/{type}`: an order type, or 0 for all types (the 全部 tab). */
export const OrderListParams = Type.Object({ type: Type.Union([Type.Literal(0), OrderTypeSchema]) });
export type OrderListParams = Static<typeof OrderListParams>;

/**
 * `POST /v1/orders/{id}/order_web_wxpay`: what the H5 hands to the pay bridge.
 * wechatpay: `WeixinJSBridge.invoke('getBrandWCPayRequest', {appId, timeStamp: timestamp,
 * nonceStr, package, signType, paySign: sign})`. sandbox: the H5 shows its own cashier sheet
 * and confirms with `POST /v1/orders/{id}/sandbox_pay`.
 */
export const PayParams = Type.Object({
  provider: PayProviderName,
  timestamp: Type.String(),
  nonceStr: Type.String(),
  prepayId: Type.String(),
  signType: Type.String(),
  sign: Type.String(),
  /** "prepay_id=…" */
  package: Type.Optional(Type.String()),
  appId: Type.Optional(Type.String()),
  /** jsapi (the bridge inside WeChat), h5 (a mobile browser goes to h5Url), native (a QR code of codeUrl). */
  scene: Type.Optional(Literals(['jsapi', 'h5', 'native'])),
  /** WeChat Pay H5: the cashier page to send the browser to (append redirect_url). */
  h5Url: Type.Optional(Type.String()),
  /** WeChat Pay Native: the weixin:// link to show as a QR code. */
  codeUrl: Type.Optional(Type.String()),
});
export type PayParams = Static<typeof PayParams>;

/** `POST /v1/orders/{id}/order_web_wxpay?scene=`: how the learner will pay; jsapi when absent. */
export const PayScene = Literals(['jsapi', 'h5', 'native']);
export type PayScene = Static<typeof PayScene>;
export const PaySceneQuery = Type.Object({ scene: Type.Optional(PayScene) });

/** `POST /v1/orders/{courseId}`: the caller's pending order for the course (reused when one exists). */
export const CreateOrderResult = Type.Object({
  order: Order,
  /** false when an existing pending order was answered. */
  created: Type.Boolean(),
});
export type CreateOrderResult = Static<typeof CreateOrderResult>;

/** `GET /v1/courses/{id}/check_order_progress`: the H5 polls it after the pay bridge reports success. */
export const OrderProgress = Type.Object({
  /** The caller's latest order for the course, null when none. */
  orderId: NullableInt,
  status: Type.Union([OrderStatus, Type.Null()]),
  paid: Type.Boolean(),
  /** The caller owns the course (paid, free, member or corporate). */
  owned: Type.Boolean(),
});
export type OrderProgress = Static<typeof OrderProgress>;

/** `GET /v1/courses/{id}/simple_order`. */
export const SimpleOrder = Type.Object({ trackingId: Type.String(), orderId: NullableInt });
export type SimpleOrder = Static<typeof SimpleOrder>;

/** `GET /v1/orders/profile/check`: code 0 or one of the 26214x audit codes (spec §4). */
export const ProfileCheck = Type.Object({
  /** 0 ok, 262144 first audit, 262145 blacklisted, 262146..262149 (spec §4, §8). */
  auditCode: Type.Integer(),
  complete: Type.Boolean(),
});
export type ProfileCheck = Static<typeof ProfileCheck>;

/** `POST /v1/orders/{id}/sandbox_pay`: the sandbox cashier's confirm (PAY_PROVIDER=sandbox only). */
export const SandboxPayResult = Type.Object({ status: OrderStatus });
export type SandboxPayResult = Static<typeof SandboxPayResult>;

/** `POST /v1/orders/{id}/refund` (operator only, X-Ops-Token): why the order is refunded. */
export const RefundOrderBody = Type.Object({ reason: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })) });
export type RefundOrderBody = Static<typeof RefundOrderBody>;
/** The refunded order; asking again answers the same (the refund number is derived from the order). */
export const RefundOrderResult = Type.Object({ orderId: Type.Integer(), status: OrderStatus, refundNo: Type.String() });
export type RefundOrderResult = Static<typeof RefundOrderResult>;

/** `GET /v1/courses/{id}/check_user_audit_status`: 0 ok, or the 26214x profile-review code (spec §4, §8). */
export const CourseAuditStatus = Type.Object({
  /** 0, or 262146 (under first review, may buy within 12 h), 262147, 262148, 262149. */
  code: Type.Integer(),
  canBuy: Type.Boolean(),
  needsVerifiedProfile: Type.Boolean(),
});
export type CourseAuditStatus = Static<typeof CourseAuditStatus>;

/** `GET /v1/courses/{id}/invite_buy`: whether the course can be bought by invitation, and the caller's state. */
export const InviteBuyState = Type.Object({
  enabled: Type.Boolean(),
  owned: Type.Boolean(),
  /** The caller's latest invite order (type 2) for the course, null when none. */
  inviteOrderId: NullableInt,
  inviteOrderStatus: Type.Union([OrderStatus, Type.Null()]),
});
export type InviteBuyState = Static<typeof InviteBuyState>;

/** `GET /v1/courses/chapter/prepay/{chapterId}`: a chapter's price before buying it on its own. */
export const ChapterPrepay = Type.Object({
  chapterId: Type.Integer(),
  courseId: Type.Integer(),
  title: Type.String(),
  /** Fen. */
  price: Type.Integer(),
  /** Yuan, e.g. "9.90". */
  priceText: Type.String(),
  canBuy: Type.Boolean(),
});
export type ChapterPrepay = Static<typeof ChapterPrepay>;

/** `GET /v1/orders/lately/course`, `/lately/0`, `/add/lately/course/{courseId}/{limit}`: recent paid course orders, newest first. */
export const LatelyOrders = Type.Object({ rows: Type.Array(Order) });
export type LatelyOrders = Static<typeof LatelyOrders>;

export const LatelyAddParams = Type.Object({
  id: Id(),
  limit: Int({ minimum: 1, maximum: 10 }),
});
export type LatelyAddParams = Static<typeof LatelyAddParams>;
