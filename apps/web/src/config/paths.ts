import { withQuery, type QueryInput } from '../lib/query.ts';

/**
 * The one route table (spec §2). Every route has its access rule (§2.1 login, §2.2 open) and a
 * typed `getHref()`; pages link with `paths.x.getHref(...)`, never with string literals.
 */

export type RouteAccess = 'open' | 'login' | 'login-or-apptoken';

/** `getHref(query)` takes its query as required when the route names a required key. */
type HrefFn<Q extends QueryInput> = Record<string, never> extends Q ? (query?: Q) => string : (query: Q) => string;

export interface RouteDef<Q extends QueryInput = QueryInput> {
  readonly path: string;
  readonly access: RouteAccess;
  readonly getHref: HrefFn<Q>;
}

function route<Q extends QueryInput = QueryInput>(path: string, access: RouteAccess = 'open'): RouteDef<Q> {
  return { path, access, getHref: ((query?: Q) => withQuery(path, query)) as HrefFn<Q> };
}

type Id = string | number;

export const paths = {
  // ---- §2.2 open: main tabs and discovery ----
  home: route('/'),
  discovery: route('/discovery'),
  lives: route('/lives'),
  search: route<{ keyword?: string }>('/search'),
  corSearch: route<{ corporateId?: Id; keyword?: string }>('/corSearch'),
  classification: route<{
    listType?: 1 | 3;
    suid?: Id;
    tid?: Id;
    isFree?: Id;
    courseType?: Id;
    courseLevel?: Id;
    activityType?: Id;
    corporateId?: Id;
    /** Also: a subject, a tag and a sort picked on the page itself. */
    subjectId?: Id;
    tagId?: Id;
    sort?: 'default' | 'latest' | 'popular';
  }>('/classification'),
  tagResult: route<{ tagId?: Id; tagName?: string }>('/tagResult'),
  subscription: route('/subscription'),
  articles: route('/articles'),
  articleSearch: route('/article/search'),
  appGuide: route('/app/guide'),
  coursePlayTest: route('/course/playTest'),
  myCourses: route<{ cur?: Id }>('/mycourses'),
  passLives: route('/passLives'),
  userCourses: route('/userCourses'),
  userCoursesFolder: route('/userCourses/folderCourses'),
  studyRecord: route('/record/studyRecord'),
  studyStats: route('/record/studyStats'),
  shareStats: route('/record/shareStats'),
  columns: route('/columns'),
  columnDetail: route<{ id?: Id }>('/columns/detail'),
  corTasks: route('/corTasks'),
  corTaskDetail: route('/corTasks/detail'),
  corTaskRank: route('/corTasks/rank'),
  corTaskEmployeeDetail: route('/corTasks/employeeDetail'),
  corTaskAllRank: route('/corTasks/allRank'),
  gotoApp: route('/gotoApp'),
  selectCourses: route('/selectCourses'),
  liveCourse: route<{ id: Id; suid?: Id; tid?: Id }>('/live/course'),
  liveRoom: route('/live/room'),
  livePlayback: route('/live/playback'),
  examIndex: route('/exam/index'),
  examPaper: route('/exam/paper'),
  examResult: route('/exam/result'),
  examPreview: route('/exam/preview'),
  examRank: route('/exam/rank'),
  examPcIndex: route('/exampc/index'),
  examPcPaper: route('/exampc/paper'),
  examPcResult: route('/exampc/result'),
  examPcPreview: route('/exampc/preview'),
  examPcRank: route('/exampc/rank'),
  trainIndex: route('/train/index'),
  trainList: route('/train/list'),
  trainDetail: route('/train/detail'),
  trainRank: route('/train/rank'),
  trainCertificate: route('/train/certificate'),
  trainPlay: route('/train/play'),

  // ---- §2.2 open: account ----
  login: route<{ redirect?: string }>('/user/login'),
  loginComplete: route<{
    returnUrl?: string;
    businessType?: Id;
    /** Test-login mode only (token2). */
    userId?: Id;
    /** The WeChat callback's one-time login code (decision 017); tokens never travel in the address. */
    code?: string;
  }>('/user/loginComplete'),
  cleanCache: route('/user/cleanCache'),
  contact: route('/user/contact'),

  // ---- §2.2 open: user centre ----
  appHelp: route('/userCenter/appHelp'),
  bindPhone: route('/userCenter/bindPhone'),
  activityList: route('/userCenter/activityList'),
  myCollection: route('/userCenter/myCollection'),
  collectionDetail: route('/userCenter/collectionDetail'),
  myActivity: route('/userCenter/myActivity'),
  myOrder: route('/userCenter/myOrder'),
  myInfo: route('/userCenter/myInfo'),
  listenReport: route('/userCenter/listenReport'),
  padReg: route('/userCenter/padReg'),
  vip: route('/userCenter/vip'),
  corVip: route('/userCenter/corVip'),
  logout: route('/userCenter/logout'),
  privacyAgreement: route('/userCenter/privacyAgreement'),
  userInfoClear: route('/userCenter/userInfoClear'),
  packageOrders: route('/userCenter/packageOrders'),

  // ---- §2.1 login required ----
  userHome: route('/userCenter/userHome', 'login'),
  userClass: route('/userCenter/userClass', 'login'),
  settings: route('/userCenter/settings', 'login'),
  groupBuyList: route('/userCenter/groupBuyList', 'login'),
  orgClass: route('/userCenter/orgClass', 'login'),
  myCashBack: route('/userCenter/myCashBack', 'login'),
  courseDetail: route<{ courseId: Id; suid?: Id; tid?: Id }>('/course/detail', 'login'),
  courseChildDetail: route<{ courseId: Id; suid?: Id; tid?: Id }>('/course/child/detail', 'login'),
  // One of courseId (with timestamp&sign for a signed auto-order link), chapterId, columnId or liveId (decision 013).
  courseSignup: route<{ courseId?: Id; chapterId?: Id; columnId?: Id; liveId?: Id; timestamp?: Id; sign?: string }>('/course/signup', 'login'),
  coursePlay: route<{ courseId: Id; suid?: Id; tid?: Id }>('/course/play', 'login'),
  // Where WeChat Pay's H5 cashier sends a mobile browser back (redirect_url): polls until paid.
  payResult: route<{ orderId: Id; courseId?: Id }>('/order/payResult', 'login'),
  // The 代付 link a learner sends a friend (send_pay, decision 013): the friend pays the learner's order
  // (&back=1: WeChat's H5 cashier came back, confirm the payment first).
  payFor: route<{ token: string; back?: 1 }>('/order/payFor', 'login'),
  activityInvitation: route('/activity/invitation', 'login'),
  activityGroup: {
    path: '/activity/group/:activityId',
    access: 'login',
    getHref: (activityId: Id) => `/activity/group/${encodeURIComponent(activityId)}`,
  },
  activityCode: {
    path: '/activity/code/:groupId',
    access: 'login',
    getHref: (groupId: Id) => `/activity/code/${encodeURIComponent(groupId)}`,
  },
  activityShareCard: route('/activity/shareCard', 'login'),
  activityGroupBuy: route<{ id?: Id; courseId?: Id }>('/activity/groupBuy', 'login'),
  activityCashBack: route<{ id: Id; suid?: Id; it?: string; source?: 'rebate'; tid?: Id; prvpage?: string }>(
    '/activity/cashBack',
    'login',
  ),
  corporateActivate: route('/corporate/activate', 'login'),
  corporateIpBandWx: route('/corporate/ipBandWx', 'login'),
  corporateCampsActivate: route('/corporate/campsActivate', 'login'),
  magazines: route('/magazines', 'login'),
  magazineApply: route('/magazine/apply', 'login'),
  orgUserBind: route('/org/user/bind', 'login'),

  // ---- §2.1: login, or an apptoken query in place of a stored token ----
  corHistory: route<{ apptoken?: string }>('/cor/history', 'login-or-apptoken'),
  myBill: route<{ apptoken?: string }>('/userCenter/myBill', 'login-or-apptoken'),
} as const satisfies Record<string, { path: string; access: RouteAccess; getHref: unknown }>;

export type RouteKey = keyof typeof paths;

/** Routes where the corporate VIP state is not reloaded (spec §2). */
export const CORPORATE_RELOAD_EXCLUDED: readonly string[] = [paths.loginComplete.path, paths.gotoApp.path];

/** Default landing page after a login with no `redirect`. */
export const DEFAULT_AFTER_LOGIN = paths.userHome.path;

/**
 * A redirect target we may follow: an in-app path ("/x?y"), never another origin
 * ("//evil.com", "/\\evil.com", "https://…") — login links are shared around.
 */
export function safeInAppPath(target: string | null | undefined, fallback: string = paths.home.path): string {
  if (!target) return fallback;
  let value = target.trim();
  if (/^https?:\/\//i.test(value) && typeof window !== 'undefined') {
    try {
      const url = new URL(value);
      if (url.origin !== window.location.origin) return fallback;
      value = url.hash.startsWith('#/') ? url.hash.slice(1) : `${url.pathname}${url.search}`;
    } catch {
      return fallback;
    }
  }
  if (value.startsWith('/#/')) value = value.slice(2);
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
