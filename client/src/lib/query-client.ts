import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './request';

/** SPEC §9 "Data cache": no retries, never stale by itself, no refetch on focus, no polling by default. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
