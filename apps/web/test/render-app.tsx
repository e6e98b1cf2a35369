import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from '../src/lib/router.ts';
import { createAppRouter } from '../src/app/router.tsx';
import { queryClient } from '../src/lib/query-client.ts';

/** Render the whole app at `path` with an in-memory history. */
export function renderApp(path: string) {
  queryClient.clear();
  const router = createAppRouter('memory', [path]);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, location };
}

/** Render a few routes (a component under test, the pages it links to) at `path`, with a fresh query cache. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}
