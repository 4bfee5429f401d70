import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The app's query cache: one per browser tab, one per server render. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on retry; network and server errors get one more try.
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
    },
  });
}
