/**
 * Kysely table types. Timestamps are epoch milliseconds (bigint on PostgreSQL, parsed to number),
 * money is integer fen, booleans are 0/1 integers — so both dialects read back identical rows.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  nickname: string;
  avatar: string;
  mobile: string | null;
  email: string;
  company: string;
  department: string;
  position: string;
  /** 0 not audited, 1 passed, 2 failed (spec §4). */
  audit_status: number;
  audit_remark: string;
  /** When the profile was last submitted for review (ms), null when never. */
  audit_submitted_at: number | null;
  /** How many times the profile was submitted for review (migration 002): 1 first audit, >1 re-application. */
  audit_submit_count: Generated<number>;
  /** spec §3 user type 1..10 */
  user_type: number;
  member_expire_at: number | null;
  corporate_id: number | null;
  /** 0 active, 1 locked, 2 blacklisted */
  account_status: number;
  subscribed: number;
  activated: number;
  /** Label shown on the test-login page; null for real users. */
  preset_label: string | null;
  created_at: number;
  updated_at: number;
}

export interface WechatIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  app_id: string;
  openid: string;
  unionid: string | null;
  created_at: number;
  /** Last nickname and avatar WeChat gave us (migration 002). */
  nickname: Generated<string>;
  avatar: Generated<string>;
  /** WeChat's OAuth refresh token, sealed (AES-GCM) — lets us re-read the profile on sync. */
  sns_refresh_token: string | null;
  sns_refresh_expires_at: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the access token; the token itself is never stored. */
  access_hash: string;
  refresh_hash: string;
  access_expires_at: number;
  refresh_expires_at: number;
  revoked_at: number | null;
  /** Set when the refresh token was exchanged for a new pair; using it again is reuse (migration 002). */
  rotated_at: number | null;
  created_at: number;
  user_agent: string;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  /** 1 login, 2 bind phone */
  purpose: number;
  code_hash: string;
  expires_at: number;
  attempts: number;
  used_at: number | null;
  created_at: number;
  /** Client IP of the send request (migration 002), for the per-IP hourly limit. */
  ip: Generated<string>;
}

export interface CorporatesTable {
  id: Generated<number>;
  name: string;
  short_name: string;
  logo: string;
  created_at: number;
}

export interface SubjectsTable {
  id: Generated<number>;
  name: string;
  icon: string;
  sort: number;
}

export interface LecturersTable {
  id: Generated<number>;
  name: string;
  avatar: string;
  company: string;
  department: string;
  position: string;
  intro: string;
}

export interface CoursesTable {
  id: Generated<number>;
  name: string;
  subtitle: string;
  cover: string;
  /** Rich-text introduction (sanitised when presented). */
  detail: string;
  /** 1 normal, 2 series */
  course_type: number;
  /** 1 beginner, 2 intermediate, 3 advanced */
  course_level: number;
  subject_id: number;
  lecturer_id: number;
  /** 1 video, 2 audio */
  media_type: number;
  /** Price in fen; 0 with is_free=1 for free courses. */
  price: number;
  /** Member price in fen; null when there is none. */
  vip_price: number | null;
  original_price: number;
  is_free: number;
  /** Free for basic members and above. */
  member_free: number;
  /** Home exhibition zone (spec §3 home list types 1..4), null when not exhibited. */
  home_list_type: number | null;
  /** 0 none, 1 cash-back, 2 early bird, 3 group buy */
  activity_type: number;
  /** Set for a corporate's own courses. */
  corporate_id: number | null;
  /** 1 on shelf, 0 off shelf, 2 not started */
  status: number;
  /** Total duration in seconds; null shows "not updated". */
  duration_seconds: number | null;
  native_only: number;
  needs_verified_profile: number;
  learners_count: number;
  sort: number;
  published_at: number;
  created_at: number;
  updated_at: number;
}

export interface ChaptersTable {
  id: Generated<number>;
  course_id: number;
  title: string;
  sort: number;
  duration_seconds: number | null;
  is_free_trial: number;
  /** Price in fen when sold by chapter. */
  price: number;
  status: number;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
}

export interface CourseTagsTable {
  course_id: number;
  tag_id: number;
}

export interface ColumnsTable {
  id: Generated<number>;
  title: string;
  intro: string;
  cover: string;
  price: number;
  lecturer_id: number | null;
  status: number;
  created_at: number;
}

export interface ColumnCoursesTable {
  column_id: number;
  course_id: number;
  sort: number;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  image: string;
  /** spec §3 link types: 0 web url, 1 app course, 2 app Q&A, 3 app news */
  link_type: number;
  link: string;
  sort: number;
  corporate_id: number | null;
}

export interface DB {
  users: UsersTable;
  wechat_identities: WechatIdentitiesTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  corporates: CorporatesTable;
  subjects: SubjectsTable;
  lecturers: LecturersTable;
  courses: CoursesTable;
  chapters: ChaptersTable;
  tags: TagsTable;
  course_tags: CourseTagsTable;
  columns: ColumnsTable;
  column_courses: ColumnCoursesTable;
  banners: BannersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SmsCodeRow = Selectable<SmsCodesTable>;
export type WechatIdentityRow = Selectable<WechatIdentitiesTable>;
export type CourseRow = Selectable<CoursesTable>;

// ---- catalogue (migration 003) ----

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  created_at: number;
}

export interface AppraisalsTable {
  id: Generated<number>;
  course_id: number;
  user_id: number;
  /** 1..5 */
  score: number;
  /** Plain text as the learner typed it (trimmed); never rendered as markup. */
  content: string;
  created_at: number;
  updated_at: number;
}

export interface CommentsTable {
  id: Generated<number>;
  course_id: number;
  user_id: number;
  /** Plain text. */
  content: string;
  created_at: number;
}

export interface CourseLearnersTable {
  course_id: number;
  user_id: number;
  created_at: number;
}

/** One normalised searchable text per course (decision 005); SQLite mirrors it into an FTS5 trigram table. */
export interface CourseSearchTable {
  course_id: number;
  body: string;
}

/** Every distinct 1- and 2-character gram of a course's searchable text (decision 005). */
export interface CourseSearchTermsTable {
  term: string;
  course_id: number;
}

/** The catalogue's tables, merged into `DB` (interface declaration merging keeps 001/002's block untouched). */
export interface DB {
  favorites: FavoritesTable;
  appraisals: AppraisalsTable;
  comments: CommentsTable;
  course_learners: CourseLearnersTable;
  course_search: CourseSearchTable;
  course_search_terms: CourseSearchTermsTable;
}

// ---- lives, entitlements and subscriptions (migration 004) ----

export interface LivesTable {
  id: Generated<number>;
  title: string;
  cover: string;
  lecturer_id: number;
  start_at: number;
  end_at: number;
  /** Fen. */
  price: number;
  signup_count: number;
  /** 1 when a replay is available after the end. */
  has_replay: number;
  /** 1 published, 0 withdrawn. */
  status: number;
  created_at: number;
}

/** How a learner came to own a course. */
export type UserCourseSource = 'free' | 'order' | 'member' | 'corporate';

export interface UserCoursesTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  source: UserCourseSource;
  created_at: number;
}

export interface UserSubjectsTable {
  user_id: number;
  subject_id: number;
  created_at: number;
}

export interface DB {
  lives: LivesTable;
  user_courses: UserCoursesTable;
  user_subjects: UserSubjectsTable;
}

// ---- app meta (migration 005) ----

/** Named values about the app's own derived data, e.g. the search index format version. */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface DB {
  app_meta: AppMetaTable;
}

// ---- tracking (migration 006) ----

/** Columns every tracking record has. `day` is days since 1970-01-01 in China time (UTC+8). */
interface TrackRecordColumns {
  id: Generated<number>;
  client_id: string;
  app_id: string;
  user_id: number | null;
  session_id: string;
  /** `u:<userId>` when signed in, else `s:<sessionId>`. */
  visitor: string;
  page_id: string;
  course_id: number | null;
  day: number;
  /** JSON list of {key, value}. */
  extras: string;
  received_at: number;
}

export interface PageVisitsTable extends TrackRecordColumns {
  begin_time: number;
  end_time: number;
}

export interface ElementClicksTable extends TrackRecordColumns {
  element_id: string;
  event_time: number;
}

export interface CustomEventsTable extends TrackRecordColumns {
  name: string;
  event_time: number;
}

export interface DB {
  page_visits: PageVisitsTable;
  element_clicks: ElementClicksTable;
  custom_events: CustomEventsTable;
}

// ---- tracking rollups (migration 008), maintained with every raw insert ----

export interface PageDayTable {
  day: number;
  page_id: string;
  visits: number;
  visitors: number;
}
export interface PageDayVisitorsTable {
  day: number;
  page_id: string;
  visitor: string;
}
export interface CourseDayTable {
  day: number;
  course_id: number;
  visits: number;
}
export interface CourseDayVisitorsTable {
  course_id: number;
  day: number;
  visitor: string;
}
export interface ClickDayTable {
  element_id: string;
  day: number;
  course_id: number;
  clicks: number;
}

export interface DB {
  page_day: PageDayTable;
  page_day_visitors: PageDayVisitorsTable;
  course_day: CourseDayTable;
  course_day_visitors: CourseDayVisitorsTable;
  click_day: ClickDayTable;
}

// ---- shares (migration 007) ----

export interface CourseSharesTable {
  id: Generated<number>;
  course_id: number;
  user_id: number | null;
  /** 1 session, 2 timeline; null for a poster or a copied link. */
  share_type: number | null;
  /** 'jssdk' | 'poster' | 'link' */
  channel: string;
  created_at: number;
}

export interface DB {
  course_shares: CourseSharesTable;
}

/* Orders and payment (migration 009, issue 4). */
export type OrderStatusValue = 'pending' | 'paid' | 'closed' | 'refunded';

export interface OrdersTable {
  id: Generated<number>;
  /** Random merchant order number sent to the pay provider. */
  order_no: string;
  user_id: number;
  /** spec §3 order type: normal 1, invite 2, group 3, cashback 4, live 6 */
  type: number;
  /** spec §3 sign-up kind 1..6 */
  kind: number;
  /** What is bought (course, chapter or column id by kind); keys the one-pending-order guard. */
  target_id: number;
  course_id: number | null;
  chapter_id: number | null;
  column_id: number | null;
  amount_fen: number;
  status: OrderStatusValue;
  provider: string;
  description: Generated<string>;
  prepay_id: string | null;
  transaction_id: string | null;
  created_at: number;
  paid_at: number | null;
  expires_at: number;
  closed_at: number | null;
}
export type OrderRow = Selectable<OrdersTable>;

export interface PayNotificationsTable {
  id: Generated<number>;
  provider: string;
  transaction_id: string;
  order_no: string;
  event_id: string;
  amount_fen: number;
  /** 'fulfilled' | 'needs_refund' */
  outcome: string;
  received_at: number;
}

export interface DB {
  orders: OrdersTable;
  pay_notifications: PayNotificationsTable;
}
