import type { ComponentType } from 'react';
import type { RouteKey } from '../config/paths.ts';

/**
 * The lazily loaded half of the route table (router.tsx): which code each route's page is.
 * Loaded apart from the boot chunk, see `loadPageTable` in router.tsx.
 */

type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * Pages built in this issue besides home (router.tsx); every other route shows the coming-soon page. Adding a page here means
 * removing its key from `comingSoon` in coming-soon-route.tsx (the type checker insists).
 */
const pages = {
  login: () => import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  loginComplete: () =>
    import('../features/auth/pages/login-complete-page.tsx').then((m) => ({ Component: m.LoginCompletePage })),
  cleanCache: () => import('../features/auth/pages/clean-cache-page.tsx').then((m) => ({ Component: m.CleanCachePage })),
  userHome: () => import('../features/user/pages/user-home-page.tsx').then((m) => ({ Component: m.UserHomePage })),
  settings: () => import('../features/user/pages/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  myInfo: () => import('../features/user/pages/my-info-page.tsx').then((m) => ({ Component: m.MyInfoPage })),
  bindPhone: () => import('../features/user/pages/bind-phone-page.tsx').then((m) => ({ Component: m.BindPhonePage })),
  logout: () => import('../features/user/pages/logout-page.tsx').then((m) => ({ Component: m.LogoutPage })),
  privacyAgreement: () =>
    import('../features/user/pages/privacy-agreement-page.tsx').then((m) => ({ Component: m.PrivacyAgreementPage })),
  appHelp: () => import('../features/user/pages/app-help-page.tsx').then((m) => ({ Component: m.AppHelpPage })),
  contact: () => import('../features/user/pages/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
  classification: () =>
    import('../features/catalog/pages/classification-page.tsx').then((m) => ({ Component: m.ClassificationPage })),
  search: () => import('../features/catalog/pages/search-page.tsx').then((m) => ({ Component: m.SearchPage })),
  corSearch: () => import('../features/catalog/pages/search-page.tsx').then((m) => ({ Component: m.CorSearchPage })),
  discovery: () => import('../features/catalog/pages/discovery-page.tsx').then((m) => ({ Component: m.DiscoveryPage })),
  tagResult: () => import('../features/catalog/pages/tag-result-page.tsx').then((m) => ({ Component: m.TagResultPage })),
  subscription: () =>
    import('../features/catalog/pages/subscription-page.tsx').then((m) => ({ Component: m.SubscriptionPage })),
  selectCourses: () =>
    import('../features/catalog/pages/select-courses-page.tsx').then((m) => ({ Component: m.SelectCoursesPage })),
  // Course detail and course play share one page (spec §2).
  courseDetail: () =>
    import('../features/course/pages/course-detail-page.tsx').then((m) => ({ Component: m.CourseDetailPage })),
  courseChildDetail: () =>
    import('../features/course/pages/course-detail-page.tsx').then((m) => ({ Component: m.CourseDetailPage })),
  coursePlay: () =>
    import('../features/course/pages/course-detail-page.tsx').then((m) => ({ Component: m.CourseDetailPage })),
  columns: () => import('../features/columns/pages/columns-page.tsx').then((m) => ({ Component: m.ColumnsPage })),
  columnDetail: () =>
    import('../features/columns/pages/column-detail-page.tsx').then((m) => ({ Component: m.ColumnDetailPage })),
  lives: () => import('../features/lives/pages/lives-page.tsx').then((m) => ({ Component: m.LivesPage })),
  passLives: () => import('../features/lives/pages/lives-page.tsx').then((m) => ({ Component: m.PassLivesPage })),
  myCourses: () =>
    import('../features/my-courses/pages/my-courses-page.tsx').then((m) => ({ Component: m.MyCoursesPage })),
  userCourses: () =>
    import('../features/my-courses/pages/user-courses-page.tsx').then((m) => ({ Component: m.UserCoursesPage })),
  userCoursesFolder: () =>
    import('../features/my-courses/pages/folder-courses-page.tsx').then((m) => ({ Component: m.FolderCoursesPage })),
  myCollection: () =>
    import('../features/my-courses/pages/my-collection-page.tsx').then((m) => ({ Component: m.MyCollectionPage })),
  collectionDetail: () =>
    import('../features/my-courses/pages/my-collection-page.tsx').then((m) => ({ Component: m.CollectionDetailPage })),
  activityShareCard: () =>
    import('../features/share/pages/share-card-page.tsx').then((m) => ({ Component: m.ShareCardPage })),
  courseSignup: () => import('../features/orders/pages/signup-page.tsx').then((m) => ({ Component: m.SignupPage })),
  myOrder: () => import('../features/orders/pages/my-order-page.tsx').then((m) => ({ Component: m.MyOrderPage })),
  payResult: () => import('../features/orders/pages/pay-result-page.tsx').then((m) => ({ Component: m.PayResultPage })),
  payFor: () => import('../features/orders/pages/pay-for-page.tsx').then((m) => ({ Component: m.PayForPage })),
  myBill: () => import('../features/orders/pages/my-bill-page.tsx').then((m) => ({ Component: m.MyBillPage })),
  packageOrders: () =>
    import('../features/orders/pages/package-orders-page.tsx').then((m) => ({ Component: m.PackageOrdersPage })),
  gotoApp: () => import('../features/orders/pages/goto-app-page.tsx').then((m) => ({ Component: m.GotoAppPage })),
  studyRecord: () =>
    import('../features/records/pages/study-record-page.tsx').then((m) => ({ Component: m.StudyRecordPage })),
  studyStats: () => import('../features/records/pages/study-stats-page.tsx').then((m) => ({ Component: m.StudyStatsPage })),
  shareStats: () => import('../features/records/pages/share-stats-page.tsx').then((m) => ({ Component: m.ShareStatsPage })),
  listenReport: () =>
    import('../features/records/pages/listen-report-page.tsx').then((m) => ({ Component: m.ListenReportPage })),
  coursePlayTest: () =>
    import('../features/player/pages/play-test-page.tsx').then((m) => ({ Component: m.PlayTestPage })),
  appGuide: () => import('../features/player/pages/app-guide-page.tsx').then((m) => ({ Component: m.AppGuidePage })),
  vip: () => import('../features/orders/pages/vip-page.tsx').then((m) => ({ Component: m.VipPage })),
  corVip: () => import('../features/orders/pages/cor-vip-page.tsx').then((m) => ({ Component: m.CorVipPage })),
  // Group buy and cash-back (decision 014).
  activityGroupBuy: () => import('../features/activities/pages/group-buy-page.tsx').then((m) => ({ Component: m.GroupBuyPage })),
  activityGroup: () => import('../features/activities/pages/group-buy-page.tsx').then((m) => ({ Component: m.GroupBuyPage })),
  activityCode: () => import('../features/activities/pages/group-page.tsx').then((m) => ({ Component: m.GroupPage })),
  groupBuyList: () => import('../features/activities/pages/my-groups-page.tsx').then((m) => ({ Component: m.MyGroupsPage })),
  activityCashBack: () => import('../features/activities/pages/cashback-page.tsx').then((m) => ({ Component: m.CashBackPage })),
  myCashBack: () => import('../features/activities/pages/my-cashback-page.tsx').then((m) => ({ Component: m.MyCashBackPage })),
} satisfies Partial<Record<Exclude<RouteKey, 'home'>, LazyPage>>;

export type PageKey = keyof typeof pages | 'home';

let antdReady: Promise<void> | undefined;
function setupAntd(): Promise<void> {
  antdReady ??= import('./antd-setup.ts').then((m) => m.setupAntdMobile());
  return antdReady;
}

// Which capability a not-yet-built route announces is looked up in that page's own chunk, by
// route key: the table stays out of the boot chunk (home-page budget, decision 007).
const loadComingSoon: LazyPage = () => import('./coming-soon-route.tsx').then((m) => ({ Component: m.ComingSoonRoute }));

/** A route's page, with antd-mobile's render hook set up. */
export function loadPage(key: Exclude<RouteKey, 'home'>): Promise<{ Component: ComponentType }> {
  const load = key in pages ? pages[key as keyof typeof pages] : loadComingSoon;
  // Every page but home may use antd-mobile's imperative APIs (Dialog.show …), so its React 19
  // render hook loads with them; home never pays for it (home-page budget, decision 007).
  return Promise.all([load(), setupAntd()]).then(([page]) => page);
}

export function loadNotFound(): Promise<{ Component: ComponentType }> {
  return import('../components/system-pages.tsx').then((m) => ({ Component: m.NotFoundPage }));
}
