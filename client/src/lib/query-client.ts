import { QueryClient } from '@tanstack/react-query';

/**
 * SPEC §9 "Data cache": no retries, never stale by itself, no refetch on focus, no polling by
 * default. No default query function: every query brings its own from its endpoint's file.
 * A new client with those rules: the page's own (below), and one per page drawn on the server
 * (app/server-render.tsx), whose cache holds one user's answers.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });

/** The page's one client for the whole visit. */
export const queryClient = createQueryClient();
