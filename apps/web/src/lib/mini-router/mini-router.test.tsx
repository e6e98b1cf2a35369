import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createHashRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  redirect,
  RouterProvider,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
  type Router,
} from '../router.ts';
import { flattenRoutes, matchRoutes } from './match.ts';

const idle = (router: Router) =>
  new Promise<void>((resolve) => {
    const done = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (done()) return resolve();
    const stop = router.subscribe(() => {
      if (done()) {
        stop();
        resolve();
      }
    });
  });

const here = (router: Router) => `${router.state.location.pathname}${router.state.location.search}`;

let router: Router | undefined;
afterEach(() => router?.dispose());

describe('matching', () => {
  const routes: RouteObject[] = [
    {
      children: [
        { index: true, id: 'home' },
        { path: '/activity/group/:activityId', id: 'group' },
        { path: '/activity/group/new', id: 'new' },
        { path: '*', id: 'missing' },
      ],
    },
  ];
  const leaf = (path: string) => matchRoutes(flattenRoutes(routes), path)?.at(-1);

  it('prefers static segments over params and params over the catch-all', () => {
    expect(leaf('/activity/group/new')?.id).toBe('new');
    expect(leaf('/activity/group/42')?.params.activityId).toBe('42');
    expect(leaf('/activity/group/42/x')?.id).toBe('missing');
  });

  it('matches the index route, case-insensitively and with a trailing slash', () => {
    expect(leaf('/')?.id).toBe('home');
    expect(leaf('/Activity/Group/New/')?.id).toBe('new');
  });
});

function Show() {
  const location = useLocation();
  const params = useParams();
  return <p data-testid="where">{`${location.pathname}${location.search}|${JSON.stringify(params)}|${location.key === 'default' ? 'first' : 'later'}`}</p>;
}

function Controls() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <Show />
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
      <button type="button" onClick={() => setParams({ tab: String(Number(params.get('tab') ?? 0) + 1) }, { replace: true })}>
        next tab
      </button>
      <NavLink to="/a" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
        A
      </NavLink>
      <Link to="/b/7">B</Link>
      <Outlet />
    </>
  );
}

function Boom() {
  const error = useRouteError();
  return <p role="alert">{isRouteErrorResponse(error) ? `status ${error.status}` : (error as Error).message}</p>;
}

const appRoutes = (): RouteObject[] => [
  {
    Component: Controls,
    ErrorBoundary: Boom,
    children: [
      { index: true },
      { path: '/a' },
      { path: '/b/:id' },
      { path: '/private', loader: () => redirect('/a?from=private') },
      { path: '/thrown', loader: () => {
        throw redirect('/b/1');
      } },
      { path: '/broken', lazy: () => Promise.reject(new Error('chunk failed')) },
      { path: '/slow', lazy: () => new Promise((resolve) => setTimeout(() => resolve({ Component: () => <p>slow page</p> }), 30)) },
    ],
  },
];

describe('navigation', () => {
  it('links, params, back, and a first entry keyed "default"', async () => {
    router = createMemoryRouter(appRoutes(), { initialEntries: ['/a'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('where')).textContent).toBe('/a|{}|first');
    expect(screen.getByRole('link', { name: 'A' }).className).toBe('on');
    expect(screen.getByRole('link', { name: 'A' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(screen.getByRole('link', { name: 'B' }));
    expect(screen.getByTestId('where').textContent).toBe('/b/7|{"id":"7"}|later');
    expect(screen.getByRole('link', { name: 'A' }).className).toBe('off');

    await userEvent.click(screen.getByRole('button', { name: 'back' }));
    await act(() => idle(router!));
    expect(screen.getByTestId('where').textContent).toBe('/a|{}|first');
  });

  it('sets search params in place with replace', async () => {
    router = createMemoryRouter(appRoutes(), { initialEntries: ['/', '/a?keep=1'] });
    render(<RouterProvider router={router} />);
    await screen.findByTestId('where');
    await userEvent.click(screen.getByRole('button', { name: 'next tab' }));
    await userEvent.click(screen.getByRole('button', { name: 'next tab' }));
    expect(here(router)).toBe('/a?tab=2');
    expect(router.state.historyAction).toBe('REPLACE');
    // Replacing kept one entry: back goes to the entry before it.
    await act(() => router!.navigate(-1));
    await act(() => idle(router!));
    expect(here(router)).toBe('/');
  });

  it('follows loader redirects, returned or thrown', async () => {
    router = createMemoryRouter(appRoutes(), { initialEntries: ['/private'] });
    await idle(router);
    expect(here(router)).toBe('/a?from=private');
    await router.navigate('/thrown');
    await idle(router);
    expect(here(router)).toBe('/b/1');
  });

  it('keeps the old page while the next one loads, and a newer navigation wins', async () => {
    router = createMemoryRouter(appRoutes(), { initialEntries: ['/a'] });
    await idle(router);
    const slow = router.navigate('/slow');
    expect(router.state.navigation.state).toBe('loading');
    expect(here(router)).toBe('/a');
    await router.navigate('/b/3');
    await slow;
    expect(here(router)).toBe('/b/3');
  });

  it('shows the error boundary when a page chunk fails, and recovers on the next navigation', async () => {
    router = createMemoryRouter(appRoutes(), { initialEntries: ['/broken'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('alert')).textContent).toBe('chunk failed');
    await act(() => router!.navigate('/a'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/a|{}|later');
  });

  it('answers a 404 error response for an address no route matches', async () => {
    router = createMemoryRouter([{ path: '/only', ErrorBoundary: Boom }], { initialEntries: ['/nowhere'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('alert')).textContent).toBe('status 404');
  });
});

describe('hash history', () => {
  it('reads and writes the route inside the hash, keeping the outer query', async () => {
    window.history.replaceState(null, '', '/?suid=3#/b/5?x=1');
    router = createHashRouter(appRoutes());
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('where')).textContent).toBe('/b/5?x=1|{"id":"5"}|first');
    expect(screen.getByRole('link', { name: 'A' }).getAttribute('href')).toBe('#/a');
    await userEvent.click(screen.getByRole('link', { name: 'A' }));
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/?suid=3#/a');
  });
});
