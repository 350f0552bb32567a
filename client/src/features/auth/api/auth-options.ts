import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthOptions } from '@contract/auth';
import { getJson } from '@/lib/request';

/** GET /api/auth/options: whether passwords are on, how a reset reaches people, and the SSO button. */
export const authOptionsQuery = () =>
  queryOptions({ queryKey: ['auth-options'], queryFn: ({ signal }) => getJson<AuthOptions>('/api/auth/options', { signal }), staleTime: Infinity });

export const useAuthOptions = () => useQuery(authOptionsQuery());
