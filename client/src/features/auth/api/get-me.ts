import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUserResponse } from '@contract/auth';
import { getQueryFn } from '@/lib/request';

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

/** The signed-in user, or null for a visitor (401 is an answer here, not an error). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: getQueryFn<AuthUserResponse>({ on401: 'returnNull' }),
  });

export const useMe = () => useQuery(meQueryOptions());
