/**
 * The one place the app imports its router from. Pages and components import routing
 * primitives (Link, useNavigate, useSearchParams …) from here, never from a router package,
 * so the implementation behind this facade can be swapped for a lighter one (home-page budget,
 * issue 3) without touching every page.
 */
export {
  createBrowserRouter,
  createHashRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  NavLink,
  Navigate,
  Outlet,
  redirect,
  RouterProvider,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
export type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
