/** Enumerations of spec §3 and §4, shared by server and client. */

export const CourseType = { NORMAL: 1, SERIES: 2 } as const;
export const CourseLevel = { BEGINNER: 1, INTERMEDIATE: 2, ADVANCED: 3 } as const;
/** The list filter value that means "intermediate and advanced". */
export const COURSE_LEVEL_INTERMEDIATE_AND_UP = 6;
/** How every page names the levels (cards, filters, the course page). */
export const COURSE_LEVEL_LABELS: Readonly<Record<number, string>> = { 1: '初级', 2: '中级', 3: '高级' };

export const UserType = {
  ORDINARY: 1,
  TIME_LIMITED_MEMBER: 2,
  BASIC_MEMBER: 3,
  SPECIAL_TOPIC_MEMBER: 4,
  BUNDLE_MEMBER: 5,
  ENTERPRISE_CUSTOM: 6,
  ENTERPRISE_ANNUAL: 7,
  ORDINARY_EARLY_BIRD: 8,
  STUDENT_DISCOUNT: 9,
  TRAFFIC_PACK_MEMBER: 10,
} as const;
export type UserTypeValue = (typeof UserType)[keyof typeof UserType];

export const USER_TYPE_LABELS: Record<UserTypeValue, string> = {
  1: '普通用户',
  2: '限时会员',
  3: '基础会员',
  4: '专题会员',
  5: '套餐会员',
  6: '企业定制会员',
  7: '企业年度会员',
  8: '早鸟用户',
  9: '学生优惠会员',
  10: '流量包会员',
};

export const OrderType = { NORMAL: 1, INVITE: 2, GROUP: 3, CASHBACK: 4, LIVE: 6 } as const;
/** Sign-up kinds: 1..6 are the spec's (§3); MEMBERSHIP 7 is ours, not the spec's (decision 012). */
export const SignupKind = { COURSE: 1, CHAPTER: 2, COLUMN: 3, REBATE: 4, BIRD_BUY: 5, LIVE_COURSE: 6, MEMBERSHIP: 7 } as const;
export const LinkType = { WEB_URL: 0, APP_COURSE: 1, APP_QA: 2, APP_NEWS: 3 } as const;
export const ShareType = { SESSION: 1, TIMELINE: 2 } as const;
export const MessageType = { SYSTEM: 0, COURSE: 1, NEWS: 2, QA: 3, DISCOUNT: 4 } as const;
export const InvitationStatus = { PENDING: 0, SUCCESS: 1, FAIL: 2 } as const;
export const HomeListType = { BASIC_MEMBER_ZONE: 1, OLD_COURSE_SPECIAL_ZONE: 2, TOPIC_MEMBER_ZONE: 3, WELFARE_ZONE: 4 } as const;
export const LiveRole = { LECTURER: 1, ASSISTANT: 2, AUDIENCE: 3 } as const;

export const OrderAuditStatus = { NOT_AUDITED: 0, FAILED: 1, PASSED: 2 } as const;
/** User profile audit status (spec §4). */
export const UserAuditStatus = { NOT_AUDITED: 0, PASSED: 1, FAILED: 2 } as const;
export type UserAuditStatusValue = (typeof UserAuditStatus)[keyof typeof UserAuditStatus];
export const OrderShareStatus = { NOT_SHARED: 0, SHARED: 1 } as const;
export const QuestionStatus = { NOT_ANSWERED: 0, REJECTED: 1, ANSWERED_UNCONFIRMED: 2, ANSWERED_CONFIRMED: 3 } as const;
export const LivePageStatus = { NO_SIGNUP: 0, PASSWORD: 1, NOT_BEGUN: 2, LIVING: 3, ENDED: 4, REPLAY: 5, SHUT_DOWN: 6 } as const;

/** Audit result codes of `GET /v1/users/me/audit_status` (spec §4). */
export const AuditResult = {
  OK: 0,
  FIRST_AUDIT: 262144,
  NOT_PASSED: 262145,
  NOT_YET_SUBMITTED: 262146,
  NOT_FIRST_APPLIED: 262147,
  FAILED_NOT_APPLYING: 262148,
} as const;

/** Account state: locked and blacklisted users cannot act (spec §6). */
export const AccountStatus = { ACTIVE: 0, LOCKED: 1, BLACKLISTED: 2 } as const;

/** Business constants of spec §9. */
export const Limits = {
  SOURCE_ID_TTL_MS: 30 * 60 * 1000,
  TRACK_SAVE_INTERVAL_MS: 1000,
  POPUP_DEBOUNCE_MS: 200,
  PROFILE_REVIEW_FREE_MS: 12 * 60 * 60 * 1000,
  SHARE_TEXT_LIMIT: 200,
  RELATED_COURSES_DEFAULT: 5,
  TOAST_SHORT_MS: 3000,
  TOAST_LONG_MS: 8000,
  SMS_CODE_TTL_MS: 10 * 60 * 1000,
  SMS_CODE_MAX_ATTEMPTS: 5,
} as const;

/** The `_sourceSite` marker value that allows anonymous access (spec §6). */
export const OWN_SOURCE_SITE = 'jinfaketang';
