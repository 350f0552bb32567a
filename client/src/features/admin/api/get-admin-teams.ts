import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminTeamList } from '@contract/accounts';
import { ADMIN_QUERY_KEY, adminGet, useAdminToken } from '../lib/admin-token';

export const adminTeamsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'teams', search],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '10' });
      if (search) params.set('search', search);
      if (pageParam) params.set('cursor', pageParam);
      return adminGet<AdminTeamList>(`/api/admin/teams?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useAdminTeams = (search: string) => useInfiniteQuery({
    ...adminTeamsQueryOptions(search),
    // A refined search keeps the rows shown until its answer comes: the list is not swapped for a
    // spinner, so a row's open confirm dialog is not unmounted under the admin's click.
    placeholderData: keepPreviousData,
    enabled: useAdminToken() !== null,
  });
