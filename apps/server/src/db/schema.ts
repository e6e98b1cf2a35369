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
  /** When the current `email` was verified (ms); null = unverified, cleared when it changes (migration 018). */
  email_verified_at: number | null;
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
  /** The course's list keys, copied by triggers (migration 025): 1 when on shelf and public. */
  listed: Generated<number>;
  sort: Generated<number>;
  published_at: Generated<number>;
  learners_count: Generated<number>;
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
  /** 1 shown on the H5 home, 0 turned off in the console (migration 030). */
  enabled: Generated<number>;
}

/** The search page's hot words, edited in the console (migration 030); `sort` ascending. */
export interface HotSearchWordsTable {
  id: Generated<number>;
  keyword: string;
  /** 1 highlighted */
  hot: Generated<number>;
  sort: number;
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
  hot_search_words: HotSearchWordsTable;
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

/* Learning records, slides and courseware (migration 014, issue 5, decision 011). */
export interface ListenRecordsTable {
  id: Generated<number>;
  /** Client-made, unique per user (not globally). */
  record_id: string;
  user_id: number;
  course_id: number;
  chapter_id: number | null;
  started_at: number;
  updated_at: number;
  position_seconds: number;
  duration_seconds: number | null;
  /** MAX of the client's cumulative playedSeconds. */
  reported_seconds: number;
  /** Seconds credited after the clamps (progress-accounting.ts). */
  played_seconds: number;
  reports: number;
  exited: Generated<number>;
}
export type ListenRecordRow = Selectable<ListenRecordsTable>;

export interface ListenProgressTable {
  user_id: number;
  course_id: number;
  /** chapter id, or 0 for a course without chapters. */
  chapter_key: number;
  chapter_id: number | null;
  position_seconds: number;
  duration_seconds: number | null;
  played_seconds: number;
  finished: number;
  updated_at: number;
}

export interface ListenCoursesTable {
  user_id: number;
  course_id: number;
  last_chapter_id: number | null;
  position_seconds: number;
  duration_seconds: number | null;
  played_seconds: number;
  started_at: number;
  finished_at: number | null;
  updated_at: number;
  hidden: Generated<number>;
}

export interface ListenDayTable {
  user_id: number;
  /** 'YYYY-MM-DD', Asia/Shanghai. */
  day: string;
  course_id: number;
  chapter_key: number;
  seconds: number;
}

export interface ListenVisitsTable {
  user_id: number;
  record_id: string;
  course_id: number;
  created_at: number;
}

export interface CourseSlidesTable {
  id: Generated<number>;
  course_id: number;
  chapter_id: number | null;
  sort: number;
  image_url: string;
  at_seconds: number | null;
}

export interface CoursewareTable {
  id: Generated<number>;
  course_id: number;
  /** 'generated' | 'file' */
  storage: string;
  file_path: string;
  file_name: string;
  file_size: number;
  mime: string;
  created_at: number;
}

export interface CoursewareDownloadsTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  /** 'download' | 'email' */
  kind: string;
  created_at: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  user_id: number | null;
  to_address: string;
  subject: string;
  body: string;
  provider: string;
  status: string;
  created_at: number;
}

export interface DB {
  listen_records: ListenRecordsTable;
  listen_progress: ListenProgressTable;
  listen_courses: ListenCoursesTable;
  listen_day: ListenDayTable;
  listen_visits: ListenVisitsTable;
  course_slides: CourseSlidesTable;
  courseware: CoursewareTable;
  courseware_downloads: CoursewareDownloadsTable;
  mail_outbox: MailOutboxTable;
}

/* Server-credited learning time (migration 016, issue 11, decision 016). */
export interface PlaySessionsTable {
  id: Generated<number>;
  /** The opaque id the player carries in its reports. */
  session_key: string;
  user_id: number;
  course_id: number;
  chapter_id: number | null;
  asset_id: number | null;
  duration_seconds: number | null;
  created_at: number;
  expires_at: number;
  /** Server time of the previous accepted report (play_auth at first). */
  last_report_at: number;
  /** The session's credit high-water mark (server ms). */
  credited_until: number;
  credited_seconds: Generated<number>;
  /** The position kept (server-checked), and the time from which it may advance at most 2×. */
  position_seconds: number;
  position_at: number;
  /** 1 after an `exit` report: the next report restarts the clock. */
  paused: Generated<number>;
  reports: Generated<number>;
  ended_at: number | null;
}
export type PlaySessionRow = Selectable<PlaySessionsTable>;

export interface LearningClockTable {
  user_id: number;
  /** Server ms up to which the learner's listening has been credited, across sessions and devices. */
  credited_until: number;
}

export interface DB {
  play_sessions: PlaySessionsTable;
  learning_clock: LearningClockTable;
}

// ---- media (migration 013, decision 010) ----

export type MediaAssetStatusValue = 'pending' | 'processing' | 'ready' | 'failed';

export interface MediaAssetsTable {
  id: Generated<number>;
  /** Null for library clips (fallbacks, generated demo clips) that course rows share. */
  course_id: number | null;
  chapter_id: number | null;
  /** 1 video, 2 audio */
  media_type: number;
  status: MediaAssetStatusValue;
  /** 0..100 */
  progress: Generated<number>;
  error: string | null;
  /** Where master.m3u8 and the variant folders live in the media storage. */
  storage_prefix: string;
  duration_seconds: number | null;
  /** JSON list of {name, height, bandwidth}. */
  variants: Generated<string>;
  /** 'import' | 'demo' | 'fallback' */
  source: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface MediaKeysTable {
  asset_id: number;
  /** 16-byte AES-128 key, hex. */
  key_hex: string;
  iv_hex: string;
}

export interface DB {
  media_assets: MediaAssetsTable;
  media_keys: MediaKeysTable;
}

/* Memberships (migration 010, issue 4, decision 012). */
export interface MembershipPlansTable {
  id: Generated<number>;
  code: string;
  name: string;
  subtitle: Generated<string>;
  /** spec §3 user type the plan grants: 3, 4, 5, 9 or 10. */
  user_type: number;
  /** 3 monthly, 1 yearly (`/course_members/rights/list?type`). */
  billing_type: number;
  /** Fen. */
  price: number;
  original_price: number;
  duration_days: number;
  on_sale: Generated<number>;
  sort: Generated<number>;
  created_at: number;
}
export type MembershipPlanRow = Selectable<MembershipPlansTable>;

export interface MembershipRightsTable {
  id: Generated<number>;
  plan_id: number;
  /** Icon key the H5 maps to a glyph (free, price, download, column, certificate, live, …). */
  icon: string;
  title: string;
  description: Generated<string>;
  sort: Generated<number>;
}
export type MembershipRightRow = Selectable<MembershipRightsTable>;

export interface MembershipGrantsTable {
  id: Generated<number>;
  /** The paid order; null for a grant an operator made in the console (migration 031). */
  order_id: number | null;
  user_id: number;
  plan_id: number;
  user_type: number;
  duration_days: number;
  /** When the order was fulfilled. */
  granted_at: number;
  starts_at: number;
  expires_at: number;
  /** The user's type and expiry just before this grant. */
  prev_user_type: number;
  prev_expire_at: number | null;
  revoked_at: number | null;
  /** 'order' (a paid membership order) or 'console' (granted by an operator). Migration 031. */
  source: Generated<string>;
}
export type MembershipGrantRow = Selectable<MembershipGrantsTable>;

export interface DB {
  membership_plans: MembershipPlansTable;
  membership_rights: MembershipRightsTable;
  membership_grants: MembershipGrantsTable;
}

/* Refund records and named leases (migration 015, issue 4, decision 015). */
export type RefundStatusValue = 'processing' | 'success' | 'failed' | 'abnormal';

export interface RefundsTable {
  id: Generated<number>;
  /** Our refund number, the provider's idempotency key: R + order number, N + transaction id. */
  refund_no: string;
  order_id: number;
  order_no: string;
  /** The payment given back (needs_refund); null for a whole-order refund. */
  transaction_id: string | null;
  amount_fen: number;
  total_fen: number;
  reason: Generated<string>;
  status: RefundStatusValue;
  /** 'operator' | 'needs_refund' | 'group_failed' | … */
  source: string;
  provider: string;
  provider_refund_id: string | null;
  last_error: string | null;
  attempts: Generated<number>;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}
export type RefundRow = Selectable<RefundsTable>;

export interface AppLocksTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface DB {
  refunds: RefundsTable;
  app_locks: AppLocksTable;
}

/* Order kinds (migration 011, issue 4, decision 013): per-order grants of chapters, lives and courses. */
export interface UserCoursesTable {
  /** The paid order this grant came from (a refund revokes by it); null for other sources and pre-011 rows. */
  order_id: number | null;
}

export interface UserChaptersTable {
  id: Generated<number>;
  user_id: number;
  chapter_id: number;
  course_id: number;
  order_id: number | null;
  created_at: number;
}

export interface UserLivesTable {
  id: Generated<number>;
  user_id: number;
  live_id: number;
  order_id: number | null;
  created_at: number;
}

export interface CoursesTable {
  /** Enrolment window (ms); null = open on that side. Outside it orders answer -1284 / -1285. */
  enroll_start_at: number | null;
  enroll_end_at: number | null;
  /** Early-bird price in fen (activity_type 2) within the enrolment window; null = none. */
  bird_price: number | null;
}

export interface OrdersTable {
  /** Who requested pay parameters through the 代付 link (send_pay); null when the owner pays. */
  payer_id: number | null;
}

export interface DB {
  user_chapters: UserChaptersTable;
  user_lives: UserLivesTable;
}

/* Activity orders: group buy, invitations, cash-back (migration 012, decision 014). */
export type GroupStatus = 'forming' | 'formed' | 'failed';
export type GroupMemberStatus = 'reserved' | 'paid' | 'released' | 'refund_due' | 'refunded';
export type CashbackRewardStatus = 'pending' | 'paying' | 'paid_out' | 'cancelled' | 'failed';

export interface GroupBuyActivitiesTable {
  id: Generated<number>;
  course_id: number;
  title: string;
  group_size: number;
  /** Fen each member pays. */
  group_price_fen: number;
  /** A started group fails unless it fills within this long. */
  form_within_ms: number;
  starts_at: number;
  ends_at: number;
  status: Generated<number>;
  created_at: number;
}
export type GroupBuyActivityRow = Selectable<GroupBuyActivitiesTable>;

export interface GroupBuyGroupsTable {
  id: Generated<number>;
  activity_id: number;
  course_id: number;
  leader_user_id: number;
  status: GroupStatus;
  group_size: number;
  reserved_count: Generated<number>;
  paid_count: Generated<number>;
  expires_at: number;
  created_at: number;
  formed_at: number | null;
  failed_at: number | null;
}
export type GroupBuyGroupRow = Selectable<GroupBuyGroupsTable>;

export interface GroupBuyMembersTable {
  id: Generated<number>;
  group_id: number;
  activity_id: number;
  user_id: number;
  order_id: number;
  status: GroupMemberStatus;
  is_leader: Generated<number>;
  joined_at: number;
  updated_at: number;
}
export type GroupBuyMemberRow = Selectable<GroupBuyMembersTable>;

export interface InvitationsTable {
  id: Generated<number>;
  inviter_user_id: number;
  invitee_user_id: number;
  course_id: number;
  order_id: number;
  /** spec §3 Invitation: pending 0, success 1, fail 2 */
  status: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CashbackOffersTable {
  course_id: number;
  rebate_fen: number;
  created_at: number;
}

export interface CashbackReferralsTable {
  order_id: number;
  sharer_user_id: number;
  created_at: number;
}

export interface CashbackRewardsTable {
  id: Generated<number>;
  sharer_user_id: number;
  buyer_user_id: number;
  buyer_order_id: number;
  course_id: number;
  amount_fen: number;
  status: CashbackRewardStatus;
  /** Our transfer number (the payout provider's idempotency key), fixed when a sweep claims it. */
  payout_no: string | null;
  /** The provider's id of the transfer. */
  payout_ref: string | null;
  last_error: string | null;
  payable_at: number;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
}
export type CashbackRewardRow = Selectable<CashbackRewardsTable>;

export interface DB {
  group_buy_activities: GroupBuyActivitiesTable;
  group_buy_groups: GroupBuyGroupsTable;
  group_buy_members: GroupBuyMembersTable;
  invitations: InvitationsTable;
  cashback_offers: CashbackOffersTable;
  cashback_referrals: CashbackReferralsTable;
  cashback_rewards: CashbackRewardsTable;
}

/* One-time login codes and download tickets (migration 017, issue 11, decision 017). */
export interface OneTimeCodesTable {
  /** SHA-256 of the code; the code itself is never stored. */
  code_hash: string;
  /** 'login' | 'download' */
  purpose: string;
  user_id: number;
  /** login: hash of the browser binding cookie; download: the one file it opens. */
  scope: string;
  /** 1 when the login created the account (login codes only). */
  is_new_user: Generated<number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}
export type OneTimeCodeRow = Selectable<OneTimeCodesTable>;

export interface DB {
  one_time_codes: OneTimeCodesTable;
}

/* Verified invitations and payment anomalies (migration 019, issue 11, decision 019). */
export interface ShareInvitesTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  sharer_user_id: number;
  course_id: number;
  created_at: number;
  expires_at: number;
}
export type ShareInviteRow = Selectable<ShareInvitesTable>;

export interface PayAnomaliesTable {
  id: Generated<number>;
  provider: string;
  order_id: number | null;
  order_no: string;
  transaction_id: string;
  event_id: string;
  /** appid | mchid | currency | amount */
  kind: string;
  /** JSON without secrets: what came and what was expected. */
  summary: string;
  created_at: number;
}
export type PayAnomalyRow = Selectable<PayAnomaliesTable>;

export interface DB {
  share_invites: ShareInvitesTable;
  pay_anomalies: PayAnomaliesTable;
}

// ---- e-mail verification (migration 018, decision 018) ----

/** The one pending e-mail code per learner; the code itself is never stored. */
export interface EmailVerificationsTable {
  user_id: number;
  email: string;
  /** HMAC-SHA256(TOKEN_SECRET, user, address, code). */
  code_hash: string;
  expires_at: number;
  /** Wrong codes entered against this code. */
  attempts: Generated<number>;
  sent_at: number;
  /** Start of the current hour of sends, and how many were sent in it. */
  window_started_at: number;
  window_sends: Generated<number>;
}
export type EmailVerificationRow = Selectable<EmailVerificationsTable>;

export interface DB {
  email_verifications: EmailVerificationsTable;
}

/** One row rewritten by /healthz to prove the database takes writes (decision 020). */
export interface HealthProbeTable {
  id: number;
  checked_at: number;
}

export interface DB {
  health_probe: HealthProbeTable;
}

/** Per-learner totals of the history lists, kept by triggers (migration 025, decision 022). */
export interface UserListCountsTable {
  user_id: number;
  /** `orders`, `orders:<type>`, `favorites`, `listen`, `visited`, `owned`. */
  list: string;
  n: number;
}

export interface DB {
  user_list_counts: UserListCountsTable;
}

// ---- operator console (migration 026, decision 026) ----

/** A person who signs in to the console: never a learner row (decision 026). */
export interface OperatorsTable {
  id: Generated<number>;
  /** 11-digit mainland mobile, unique: the sign-in name. */
  phone: string;
  name: string;
  /** argon2id PHC string. */
  password_hash: string;
  /** `owner` | `operator` | `finance` | `reviewer` | `lecturer` | `corporate_admin`. */
  role: string;
  /** For role `lecturer`: the lecturer whose courses the operator may edit. */
  lecturer_id: number | null;
  /** For role `corporate_admin`: the corporate the operator speaks for. */
  corporate_id: number | null;
  /** TOTP secret sealed with lib/secret-box (null until set up). */
  totp_secret: string | null;
  /** 0/1: sign-in asks for a TOTP code. */
  totp_enabled: Generated<number>;
  /** 0/1: a disabled operator cannot sign in and their sessions stop working. */
  disabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A console sign-in: the cookie's token is stored only as its sha256. */
export interface OperatorSessionsTable {
  id: Generated<number>;
  token_hash: string;
  operator_id: number;
  /** Synchronizer token the console echoes in X-CSRF-Token on every write. */
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  /** Sliding: last use + 12 h, never past created_at + 7 days. */
  expires_at: number;
  revoked_at: number | null;
}

/** One failed console sign-in, for the lock-out (5 in 15 min lock the phone for 15 min). */
export interface OperatorLoginFailuresTable {
  id: Generated<number>;
  phone: string;
  ip: string;
  created_at: number;
}

/** Append-only: one row per console write, in the write's transaction. No code updates or deletes it. */
export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON, secrets dropped and phones masked; null when there was nothing before/after. */
  before_json: string | null;
  after_json: string | null;
  ip: string;
  created_at: number;
}

export interface DB {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_login_failures: OperatorLoginFailuresTable;
  audit_log: AuditLogTable;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;

/* Console people, money and reviews (migration 028, issue 13). */
export interface AppraisalsTable {
  /** 1: hidden by an operator (gone from the course page, its count and its rating). */
  hidden: Generated<number>;
  hidden_reason: Generated<string>;
  hidden_at: number | null;
}

export interface CommentsTable {
  hidden: Generated<number>;
  hidden_reason: Generated<string>;
  hidden_at: number | null;
}

export type RefundRequestStatusValue = 'pending' | 'approved' | 'refused';

export interface RefundRequestsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  /** Fen asked for (the order's amount unless less was asked). */
  amount_fen: number;
  reason: Generated<string>;
  status: RefundRequestStatusValue;
  created_at: number;
  decided_at: number | null;
  /** The operator who decided. */
  decided_by: number | null;
  decision_reason: Generated<string>;
  /** The refund (decision 015) an approval started. */
  refund_no: string | null;
}
export type RefundRequestRow = Selectable<RefundRequestsTable>;

export interface DB {
  refund_requests: RefundRequestsTable;
}

// ---- console media uploads (migration 029, docs/console.md "Media uploads") ----

/** One tus upload of the console; the bytes and the offset live in the tus file store. */
export interface MediaUploadsTable {
  /** The tus upload id (32 hex), also the file's name under DATA_DIR/uploads. */
  id: string;
  /** The operator who created it: only they may HEAD, PATCH or DELETE it. */
  operator_id: number;
  course_id: number;
  chapter_id: number;
  filename: string;
  filetype: string;
  /** Declared Upload-Length in bytes. */
  size: number;
  /** `uploading` | `finished` */
  status: string;
  /** The media asset the finished file became (null for documents and before the end). */
  asset_id: number | null;
  created_at: number;
  updated_at: number;
}
export type MediaUploadRow = Selectable<MediaUploadsTable>;

export interface DB {
  media_uploads: MediaUploadsTable;
}
