import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A coded answer (forbidden, not found, bad input) will not change on retry; a network blip may.
        retry: (count, error) => !(error instanceof ApiError && error.code !== -1) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
