import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from '../lib/router.ts';
import { queryClient } from '../lib/query-client.ts';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(() => createAppRouter());
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
