import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        // Business errors are answers, not glitches: retry only when the network failed.
        retry: (failureCount, error) => error instanceof ApiError && error.isNetwork && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one client; route loaders prefetch through it. */
export const queryClient = createQueryClient();
