import {
  Component,
  createContext,
  useContext,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type CSSProperties,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { createPath, type Location, type To } from './history.ts';
import type { Params, RouteObject } from './match.ts';
import type { Router, RouterState } from './router.ts';

/**
 * The React side of the router: provider, route rendering, links and the hooks the app shell
 * uses. The rest (react-extras.tsx) stays out of the home page's boot chunk (vite.config.ts).
 */

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);

interface RouteContextValue {
  outlet: ReactNode;
  params: Params;
  error: unknown;
}
export const RouteContext = createContext<RouteContextValue>({ outlet: null, params: {}, error: undefined });

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links must be used inside <RouterProvider>.');
  return router;
}

function useRouterState(): RouterState {
  const state = useContext(StateContext);
  if (!state) throw new Error('Router hooks and links must be used inside <RouterProvider>.');
  return state;
}

interface BoundaryProps {
  location: Location;
  Fallback: ComponentType;
  params: Params;
  children: ReactNode;
}

/** Catches render errors below a route that declares an ErrorBoundary; a new address resets it. */
class RenderErrorBoundary extends Component<BoundaryProps, { error: unknown; location: Location }> {
  override state = { error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: Location }) {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route render error', error, info.componentStack);
  }

  override render() {
    const { Fallback, params, children } = this.props;
    if (this.state.error === undefined) return children;
    return (
      <RouteContext.Provider value={{ outlet: null, params, error: this.state.error }}>
        <Fallback />
      </RouteContext.Provider>
    );
  }
}

function DefaultError() {
  const error = useRouteError();
  return <h2 role="alert">{error instanceof Error ? error.message : 'Unexpected Application Error!'}</h2>;
}

function renderMatches(state: RouterState): ReactNode {
  const { matches, error } = state;
  // A failed load renders the nearest ErrorBoundary at or above the failing route.
  let last = matches.length - 1;
  let boundary = -1;
  if (error) {
    boundary = error.index;
    while (boundary >= 0 && !matches[boundary]?.route.ErrorBoundary) boundary -= 1;
    last = Math.max(boundary, 0);
  }
  let outlet: ReactNode = null;
  for (let i = last; i >= 0; i -= 1) {
    const match = matches[i]!;
    const { route, params } = match;
    const isBoundary = error !== null && (i === boundary || (boundary < 0 && i === 0));
    const Render = isBoundary ? (route.ErrorBoundary ?? DefaultError) : route.Component;
    let element: ReactNode = (
      <RouteContext.Provider value={{ outlet, params, error: isBoundary ? error.value : undefined }}>
        {Render ? <Render /> : outlet}
      </RouteContext.Provider>
    );
    if (route.ErrorBoundary && !isBoundary) {
      element = (
        <RenderErrorBoundary location={state.location} Fallback={route.ErrorBoundary} params={params}>
          {element}
        </RenderErrorBoundary>
      );
    }
    outlet = element;
  }
  return outlet;
}

export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  const Fallback = (router.routes as RouteObject[])[0]?.HydrateFallback;
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        {state.initialized ? renderMatches(state) : Fallback ? <Fallback /> : null}
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigation(): RouterState['navigation'] {
  return useRouterState().navigation;
}

export interface UIMatch {
  id: string;
  pathname: string;
  params: Params;
  data: unknown;
  handle: unknown;
}

export function useMatches(): UIMatch[] {
  const { matches } = useRouterState();
  return useMemo(
    () => matches.map(({ id, pathname, params, data, route }) => ({ id, pathname, params, data, handle: route.handle })),
    [matches],
  );
}

export function useRouteError(): unknown {
  const fromRoute = useContext(RouteContext).error;
  const { error } = useRouterState();
  return fromRoute !== undefined ? fromRoute : error?.value;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** Let the browser load the address (a full page load), skipping the router. */
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

function isExternalTo(to: To): to is string {
  return typeof to === 'string' && /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(to);
}

export function Link({ to, replace, state, reloadDocument, preventScrollReset: _reset, onClick, target, ...rest }: LinkProps) {
  const router = useRouter();
  const { location } = useRouterState();
  const external = isExternalTo(to);
  const href = external ? to : router.createHref(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (external || reloadDocument || !isPlainLeftClick(event, target)) return;
    event.preventDefault();
    // A link to where we already are replaces rather than stacking a duplicate entry.
    const same = createPath(router.resolve(to)) === createPath(location);
    void router.navigate(to, { replace: replace ?? same, state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

function isActivePath(current: string, target: string, end: boolean, caseSensitive: boolean): boolean {
  const a = caseSensitive ? current : current.toLowerCase();
  const b = caseSensitive ? target : target.toLowerCase();
  if (a === b) return true;
  const base = b.endsWith('/') ? b.slice(0, -1) : b;
  return !end && a.startsWith(base) && a.charAt(base.length) === '/';
}

export function NavLink({ end = false, caseSensitive = false, className, style, children, ...rest }: NavLinkProps) {
  const router = useRouter();
  const { location, navigation } = useRouterState();
  const target = router.resolve(rest.to).pathname;
  const isActive = isActivePath(location.pathname, target, end, caseSensitive);
  const isPending = !!navigation.location && isActivePath(navigation.location.pathname, target, end, caseSensitive);
  const props = { isActive, isPending };
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(props) : [className, isActive && 'active'].filter(Boolean).join(' ') || undefined}
      style={typeof style === 'function' ? style(props) : style}
    >
      {typeof children === 'function' ? children(props) : children}
    </Link>
  );
}
