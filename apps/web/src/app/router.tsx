import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  createHashRouter,
  createMemoryRouter,
  type LoaderFunction,
  type RouteObject,
} from '../lib/router.ts';
import type { Capability } from '../components/coming-soon-page.tsx';
import { TabLayout } from '../components/tab-layout.tsx';
import { paths, type RouteKey } from '../config/paths.ts';
import { connectRouter } from '../lib/session.ts';
import { guardLoader } from './guard.ts';
import type { prefetchers } from './prefetch.ts';
import { BootFallback, RouteError } from './route-error.tsx';
import { RootLayout } from './root-layout.tsx';

type LazyPage = () => Promise<{ Component: ComponentType }>;

/** Pages built in this issue; every other route shows the coming-soon page. */
const pages = {
  home: () => import('../features/home/pages/home-page.tsx').then((m) => ({ Component: m.HomePage })),
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
} satisfies Partial<Record<RouteKey, LazyPage>>;

type PageKey = keyof typeof pages;

/** Which capability each not-yet-built route announces. The type makes this list complete. */
const comingSoon: Record<Exclude<RouteKey, PageKey>, Capability> = {
  articles: 'catalog',
  articleSearch: 'catalog',
  appGuide: 'app',
  coursePlayTest: 'learning',
  studyRecord: 'learning',
  studyStats: 'learning',
  shareStats: 'share',
  corTasks: 'training',
  corTaskDetail: 'training',
  corTaskRank: 'training',
  corTaskEmployeeDetail: 'training',
  corTaskAllRank: 'training',
  gotoApp: 'app',
  liveCourse: 'live',
  liveRoom: 'live',
  livePlayback: 'live',
  examIndex: 'exam',
  examPaper: 'exam',
  examResult: 'exam',
  examPreview: 'exam',
  examRank: 'exam',
  examPcIndex: 'exam',
  examPcPaper: 'exam',
  examPcResult: 'exam',
  examPcPreview: 'exam',
  examPcRank: 'exam',
  trainIndex: 'training',
  trainList: 'training',
  trainDetail: 'training',
  trainRank: 'training',
  trainCertificate: 'training',
  trainPlay: 'training',
  activityList: 'purchase',
  myActivity: 'purchase',
  myOrder: 'purchase',
  listenReport: 'learning',
  padReg: 'training',
  vip: 'purchase',
  corVip: 'training',
  userInfoClear: 'account',
  packageOrders: 'purchase',
  userClass: 'learning',
  groupBuyList: 'purchase',
  orgClass: 'training',
  myCashBack: 'purchase',
  courseSignup: 'purchase',
  activityInvitation: 'share',
  activityGroup: 'purchase',
  activityCode: 'purchase',
  activityShareCard: 'share',
  activityGroupBuy: 'purchase',
  activityCashBack: 'purchase',
  corporateActivate: 'training',
  corporateIpBandWx: 'training',
  corporateCampsActivate: 'training',
  magazines: 'catalog',
  magazineApply: 'catalog',
  orgUserBind: 'training',
  corHistory: 'training',
  myBill: 'purchase',
};

let antdReady: Promise<void> | undefined;
function setupAntd(): Promise<void> {
  antdReady ??= import('./antd-setup.ts').then((m) => m.setupAntdMobile());
  return antdReady;
}

const loadComingSoon: LazyPage = () =>
  import('../components/coming-soon-page.tsx').then((m) => ({ Component: m.ComingSoonPage }));

/** Start fetching a page's data while its code loads (STYLE.md §3); the page shows a skeleton meanwhile. */
function prefetch(key: keyof typeof prefetchers) {
  return (target: URL) => void import('./prefetch.ts').then((m) => m.prefetchers[key](target));
}
const prefetches: Partial<Record<RouteKey, (target: URL) => void>> = {
  userHome: prefetch('userHome'),
  settings: prefetch('settings'),
  myInfo: prefetch('myInfo'),
  // The course page's largest paint waits for the course: ask for it while the page code loads.
  courseDetail: prefetch('course'),
  courseChildDetail: prefetch('course'),
  coursePlay: prefetch('course'),
};

/** Pages shown with the bottom tab bar. */
const TAB_ROUTES: readonly RouteKey[] = ['home', 'discovery', 'myCourses', 'userHome'];

function buildRoute(key: RouteKey): RouteObject {
  const def = paths[key];
  const load = key in pages ? pages[key as PageKey] : loadComingSoon;
  // Every page but home may use antd-mobile's imperative APIs (Dialog.show …), so its React 19
  // render hook loads with them; home never pays for it (home-page budget, decision 007).
  const lazy: LazyPage = key === 'home' ? load : () => Promise.all([load(), setupAntd()]).then(([page]) => page);
  const capability = key in comingSoon ? comingSoon[key as Exclude<RouteKey, PageKey>] : undefined;
  const after = prefetches[key];
  const loader: LoaderFunction | undefined =
    def.access !== 'open' || after ? guardLoader(def.access, after) : undefined;
  const common = { lazy, loader, handle: { key, capability } };
  return def.path === '/' ? { index: true, ...common } : { path: def.path, ...common };
}

export function buildRoutes(): RouteObject[] {
  const keys = Object.keys(paths) as RouteKey[];
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: BootFallback,
      children: [
        { Component: TabLayout, children: TAB_ROUTES.map(buildRoute) },
        ...keys.filter((key) => !TAB_ROUTES.includes(key)).map(buildRoute),
        {
          path: '*',
          lazy: () => import('../components/system-pages.tsx').then((m) => ({ Component: m.NotFoundPage })),
        },
      ],
    },
  ];
}

/**
 * Old links and server redirects may name a route in the wrong form for this protocol, e.g.
 * the login callback `/user/loginComplete?…` while we route by hash over http. Rewrite the
 * address once, before the router reads it.
 */
export function normalizeInitialUrl(useHash: boolean): void {
  const { pathname, search, hash } = window.location;
  if (useHash) {
    if (pathname !== '/' && pathname !== '/index.html' && !hash.startsWith('#/')) {
      window.history.replaceState(null, '', `/#${pathname}${search}`);
    }
  } else if (hash.startsWith('#/')) {
    window.history.replaceState(null, '', hash.slice(1));
  }
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Hash history over http, path history over https (spec §2). */
export function createAppRouter(mode: 'auto' | 'memory' = 'auto', initialEntries?: string[]): AppRouter {
  const routes = buildRoutes();
  let router: AppRouter;
  if (mode === 'memory') {
    router = createMemoryRouter(routes, { initialEntries });
  } else {
    const useHash = window.location.protocol === 'http:';
    normalizeInitialUrl(useHash);
    router = useHash ? createHashRouter(routes) : createBrowserRouter(routes);
  }
  connectRouter({
    navigate: (to, options) => void router.navigate(to, options),
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
  return router;
}
