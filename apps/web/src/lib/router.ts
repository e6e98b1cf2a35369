/**
 * The one place the app imports its router from. Pages and components import routing
 * primitives (Link, useNavigate, useSearchParams …) from here, never from a router package.
 * Behind it is a small in-house data router with react-router's names and semantics for what
 * the app uses (docs/decisions/007-light-router.md): react-router alone was 30 KB gzipped of the
 * home page's 100 KB budget.
 */
export {
  createBrowserRouter,
  createHashRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  redirect,
} from './mini-router/router.ts';
export { Link, NavLink, Outlet, RouterProvider, useLocation, useMatches, useNavigation, useRouteError } from './mini-router/react.tsx';
export { Navigate, useNavigate, useParams, useSearchParams } from './mini-router/react-extras.tsx';
export type { Location, Path, To } from './mini-router/history.ts';
export type { LoaderFunction, LoaderFunctionArgs, Params, RouteObject } from './mini-router/match.ts';
export type { NavigateOptions, Router, RouterState } from './mini-router/router.ts';
export type { LinkProps, NavLinkProps, UIMatch } from './mini-router/react.tsx';
export type { NavigateFunction, SetURLSearchParams } from './mini-router/react-extras.tsx';
