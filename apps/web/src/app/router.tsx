import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  createHashRouter,
  createMemoryRouter,
  type LoaderFunction,
  type RouteObject,
} from '../lib/router.ts';
import { TabLayout } from '../components/tab-layout.tsx';
import { paths, type RouteKey } from '../config/paths.ts';
import { onFirstIntent } from '../lib/intent.ts';
import { connectRouter } from '../lib/session.ts';
import { guardLoader } from './guard.ts';
import type { prefetchers } from './prefetch.ts';
import type * as RoutePages from './route-pages.ts';
import { BootFallback, RouteError } from './route-error.tsx';
import { RootLayout } from './root-layout.tsx';

type LazyPage = () => Promise<{ Component: ComponentType }>;

// The home page is in the boot chunk: its "lazy" import resolves at once.
const loadHome: LazyPage = () =>
  import('../features/home/pages/home-page.tsx').then((m) => ({ Component: m.HomePage }));

/**
 * Every other page's code is reached through the page table (route-pages.ts: a new page goes into
 * its `pages` and leaves `comingSoon` in coming-soon-route.tsx), a chunk of its own:
 * its import map names every chunk and style sheet of the app, about 3 KB gzipped the home page
 * need not download before it shows (budget 100 KB, decision 007). It loads at the learner's first
 * touch (decision 023), so a tap on home hardly waits for it; on a deep link index.html preloads
 * it alongside the boot chunk (vite.config.ts), so the page does not load in a waterfall.
 */
let pageTable: Promise<typeof RoutePages> | undefined;
function loadPageTable(): Promise<typeof RoutePages> {
  pageTable ??= import('./route-pages.ts').catch((error: unknown) => {
    // A failed chunk is retried on the next navigation.
    pageTable = undefined;
    throw error;
  });
  return pageTable;
}

/** At the first touch, before its click asks for a page (lib/intent.ts; decision 023). */
function warmPageTable(): void {
  onFirstIntent(() => void loadPageTable().catch(() => {}));
}

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
  const lazy: LazyPage = key === 'home' ? loadHome : () => loadPageTable().then((m) => m.loadPage(key));
  const after = prefetches[key];
  const loader: LoaderFunction | undefined =
    def.access !== 'open' || after ? guardLoader(def.access, after) : undefined;
  const common = { lazy, loader, handle: { key } };
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
          lazy: () => loadPageTable().then((m) => m.loadNotFound()),
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
    warmPageTable();
  }
  connectRouter({
    navigate: (to, options) => void router.navigate(to, options),
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
  return router;
}
