/**
 * The console's route table: each path, its title, the roles that may open it (docs/console.md,
 * "Roles"), and its page, imported lazily from the section's `features/<section>/index.ts` so a
 * section's code (and antd components only it uses) loads when it is first opened.
 */
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PageProps } from '../lib/router';
import { matchPath } from '../lib/router';
import type { OperatorRole } from '../lib/session';

export interface AppRoute {
  path: string;
  title: string;
  /** Roles that may open the page; null: anyone, signed in or not (sign-in page). */
  roles: readonly OperatorRole[] | null;
  /** The side-menu entry this page highlights. */
  menuKey?: string;
  page: LazyExoticComponent<ComponentType<PageProps>>;
}

function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PageProps> }));
}

export const DASHBOARD_ROLES: readonly OperatorRole[] = ['owner', 'operator', 'finance', 'reviewer'];
export const COURSE_ROLES: readonly OperatorRole[] = ['owner', 'operator', 'lecturer'];
export const LEARNER_ROLES: readonly OperatorRole[] = ['owner', 'reviewer'];
export const MONEY_ROLES: readonly OperatorRole[] = ['owner', 'finance'];
export const REVIEW_ROLES: readonly OperatorRole[] = ['owner', 'reviewer'];
export const OWNER_ONLY: readonly OperatorRole[] = ['owner'];
export const DISCOVERY_ROLES: readonly OperatorRole[] = ['owner', 'operator'];
export const ANY_ROLE: readonly OperatorRole[] = ['owner', 'operator', 'finance', 'reviewer', 'lecturer', 'corporate_admin'];

const courses = () => import('../features/courses');
const learners = () => import('../features/learners');
const orders = () => import('../features/orders');

export const ROUTES: readonly AppRoute[] = [
  { path: '/login', title: '登录', roles: null, page: lazyPage(() => import('../features/auth'), 'LoginPage') },
  { path: '/', title: '仪表盘', roles: DASHBOARD_ROLES, menuKey: '/', page: lazyPage(() => import('../features/dashboard'), 'DashboardPage') },
  { path: '/courses', title: '课程', roles: COURSE_ROLES, menuKey: '/courses', page: lazyPage(courses, 'CourseListPage') },
  { path: '/courses/:id', title: '课程详情', roles: COURSE_ROLES, menuKey: '/courses', page: lazyPage(courses, 'CourseDetailPage') },
  { path: '/learners', title: '用户', roles: LEARNER_ROLES, menuKey: '/learners', page: lazyPage(learners, 'LearnerListPage') },
  { path: '/learners/:id', title: '用户详情', roles: LEARNER_ROLES, menuKey: '/learners', page: lazyPage(learners, 'LearnerDetailPage') },
  { path: '/orders', title: '订单', roles: MONEY_ROLES, menuKey: '/orders', page: lazyPage(orders, 'OrderListPage') },
  { path: '/refunds', title: '退款', roles: MONEY_ROLES, menuKey: '/refunds', page: lazyPage(orders, 'RefundListPage') },
  { path: '/anomalies', title: '支付异常', roles: MONEY_ROLES, menuKey: '/anomalies', page: lazyPage(orders, 'AnomalyListPage') },
  { path: '/discovery', title: '首页与发现', roles: DISCOVERY_ROLES, menuKey: '/discovery', page: lazyPage(() => import('../features/discovery'), 'DiscoveryPage') },
  { path: '/reviews', title: '评价', roles: REVIEW_ROLES, menuKey: '/reviews', page: lazyPage(() => import('../features/reviews'), 'ReviewsPage') },
  { path: '/audit', title: '审计日志', roles: OWNER_ONLY, menuKey: '/audit', page: lazyPage(() => import('../features/audit'), 'AuditLogPage') },
  { path: '/operators', title: '运营人员', roles: OWNER_ONLY, menuKey: '/operators', page: lazyPage(() => import('../features/operators'), 'OperatorListPage') },
  { path: '/account', title: '账号安全', roles: ANY_ROLE, page: lazyPage(() => import('../features/account'), 'AccountPage') },
];

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

export function findRoute(pathname: string): RouteMatch | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

export function mayOpen(route: AppRoute, role: OperatorRole | undefined): boolean {
  return route.roles === null || (!!role && route.roles.includes(role));
}

/** Where an operator lands after sign-in: the first page of the menu their role may open. */
export function homeFor(role: OperatorRole): string | null {
  const first = ROUTES.find((r) => r.menuKey && r.roles?.includes(role) && !r.path.includes(':'));
  return first?.path ?? null;
}
